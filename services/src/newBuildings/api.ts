import {
  complexCountsByLocation,
  deadlineYears,
  findResidentialComplex,
  searchResidentialComplexes,
} from '@estate/projections/newBuildings/queries';
import { z } from 'zod';
import { DomainError } from '../core/errors';
import { pageMeta } from '../core/http';
import { defineRoute } from '../core/route';
import { byPriority, findLocation, toLocationDto } from '../locations';
import {
  complexCitiesAnswer,
  complexFiltersAnswer,
  residentialComplexAnswer,
  residentialComplexListAnswer,
} from './dto';
import { complexListQuery, toComplexQuery } from './filters';
import {
  CLASS_CHOICES,
  deadlineChoices,
  FINISH_CHOICES,
  PARKING_CHOICES,
  STAGE_CHOICES,
  WALL_MATERIAL_CHOICES,
} from './options';
import { toResidentialComplexDto } from './view';

/** Residential complexes (api.md: New builds). Their publications are the publications slice's call. */
const tags = ['Новостройки'];

export const listResidentialComplexes = defineRoute({
  method: 'get',
  path: '/api/residential-complexes',
  tags,
  summary:
    'Жилые комплексы с фильтрами (cityId или locationId, class, stage, deadline, wallMaterial, finish, parking) и страницами',
  auth: 'public',
  query: complexListQuery,
  response: residentialComplexListAnswer,
  async handle({ ctx, query }) {
    const { items, total } = await searchResidentialComplexes(
      ctx.readStore,
      toComplexQuery(query),
      query.offset,
      query.limit,
    );
    return { data: items.map(toResidentialComplexDto), meta: pageMeta(query.offset, query.limit, total) };
  },
});

export const complexFilters = defineRoute({
  method: 'get',
  path: '/api/residential-complexes/for-filters',
  tags,
  summary: 'Списки значений фильтров новостроек',
  auth: 'public',
  response: complexFiltersAnswer,
  async handle({ ctx }) {
    return {
      data: {
        classes: CLASS_CHOICES,
        stages: STAGE_CHOICES,
        deadlines: deadlineChoices(await deadlineYears(ctx.readStore)),
        wallMaterials: WALL_MATERIAL_CHOICES,
        finish: FINISH_CHOICES,
        parking: PARKING_CHOICES,
      },
    };
  },
});

export const complexCities = defineRoute({
  method: 'get',
  path: '/api/residential-complexes/cities-for-filter',
  tags,
  summary: 'Города, где есть жилые комплексы',
  auth: 'public',
  response: complexCitiesAnswer,
  async handle({ ctx }) {
    const counts = await complexCountsByLocation(ctx.readStore);
    const places = [...counts.keys()]
      .map((id) => findLocation(id))
      .filter((l) => l !== null)
      .sort(byPriority);
    return { data: places.map((l) => ({ ...toLocationDto(l), complexesCount: counts.get(l.id) ?? 0 })) };
  },
});

export const residentialComplex = defineRoute({
  method: 'get',
  path: '/api/residential-complexes/{id}',
  tags,
  summary: 'Жилой комплекс',
  auth: 'public',
  params: z.object({
    id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Некорректный идентификатор жилого комплекса'),
  }),
  errors: [404],
  response: residentialComplexAnswer,
  async handle({ ctx, params: { id } }) {
    const doc = await findResidentialComplex(ctx.readStore, id);
    if (!doc) throw new DomainError('NOT_FOUND', 'Жилой комплекс не найден');
    return { data: toResidentialComplexDto(doc) };
  },
});

/** In the order Express must try them: the fixed paths before `{id}`. */
export const newBuildingRoutes = [
  listResidentialComplexes,
  complexFilters,
  complexCities,
  residentialComplex,
];
