import {
  complexCountsByLocation,
  deadlineYears,
  findResidentialComplex,
  searchResidentialComplexes,
} from '@estate/projections/newBuildings/queries';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { pageMeta, parse } from '../core/http';
import { toResidentialComplexDto } from './dto';
import { complexListQuery, toComplexQuery, withoutBrackets } from './filters';
import {
  CLASS_CHOICES,
  deadlineChoices,
  FINISH_CHOICES,
  PARKING_CHOICES,
  STAGE_CHOICES,
  WALL_MATERIAL_CHOICES,
} from './options';
import { byPriority, findLocation, toLocationDto } from '../locations';

const TAG = 'Новостройки';
const idParam = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Некорректный идентификатор жилого комплекса'),
});

/** Residential complexes (api.md: New builds). Their publications are the publications slice's call. */
export function newBuildingRoutes(ctx: AppContext): Router {
  const router = Router();
  const route = (
    path: string,
    summary: string,
    answer: string,
    extra: Record<number, { description: string }> = {},
  ) =>
    ctx.openApi.route({
      method: 'get',
      path,
      tags: [TAG],
      summary,
      responses: { 200: { description: answer }, ...extra },
    });

  route(
    '/api/residential-complexes',
    'Жилые комплексы с фильтрами (cityId или locationId, class, stage, deadline, wallMaterial, finish, parking) и страницами',
    '{ data: [...], meta: { current_page, last_page, per_page, total } }',
    { 400: { description: 'errorCode 1: некорректный фильтр' } },
  );
  router.get('/api/residential-complexes', async (req, res) => {
    const query = parse(complexListQuery, withoutBrackets(req.query as Record<string, unknown>));
    const { items, total } = await searchResidentialComplexes(
      ctx.readStore,
      toComplexQuery(query),
      query.offset,
      query.limit,
    );
    res.json({ data: items.map(toResidentialComplexDto), meta: pageMeta(query.offset, query.limit, total) });
  });

  route(
    '/api/residential-complexes/for-filters',
    'Списки значений фильтров новостроек',
    'data: { classes, stages, deadlines, wallMaterials, finish, parking } — каждый [{ id, name }]',
  );
  router.get('/api/residential-complexes/for-filters', async (_req, res) => {
    const deadlines = deadlineChoices(await deadlineYears(ctx.readStore));
    res.json({
      data: {
        classes: CLASS_CHOICES,
        stages: STAGE_CHOICES,
        deadlines,
        wallMaterials: WALL_MATERIAL_CHOICES,
        finish: FINISH_CHOICES,
        parking: PARKING_CHOICES,
      },
    });
  });

  route(
    '/api/residential-complexes/cities-for-filter',
    'Города, где есть жилые комплексы',
    'data: [{ ...место, complexesCount }]',
  );
  router.get('/api/residential-complexes/cities-for-filter', async (_req, res) => {
    const counts = await complexCountsByLocation(ctx.readStore);
    const places = [...counts.keys()]
      .map((id) => findLocation(id))
      .filter((l) => l !== null)
      .sort(byPriority);
    res.json({ data: places.map((l) => ({ ...toLocationDto(l), complexesCount: counts.get(l.id) ?? 0 })) });
  });

  route('/api/residential-complexes/{id}', 'Жилой комплекс', 'data: жилой комплекс', {
    400: { description: 'errorCode 1: некорректный id' },
    404: { description: 'errorCode 100: нет такого комплекса' },
  });
  router.get('/api/residential-complexes/:id', async (req, res) => {
    const { id } = parse(idParam, req.params);
    const doc = await findResidentialComplex(ctx.readStore, id);
    if (!doc) throw new DomainError('NOT_FOUND', 'Жилой комплекс не найден');
    res.json({ data: toResidentialComplexDto(doc) });
  });

  return router;
}
