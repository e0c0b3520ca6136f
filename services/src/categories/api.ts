import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { parse } from '../core/http';
import { characteristicsFor, toCharacteristicDto } from './characteristics';
import { DEAL_ALIASES, DEAL_CATEGORIES, DEAL_NAMES, type Deal, type DealSubcategory } from './dealCategories';
import { propertyTypeById } from './propertyTypes';

const TAG = 'Категории и характеристики';

const dealParam = z.object({
  deal: z
    .string()
    .refine((d) => DEAL_ALIASES.has(d), 'Тип сделки: sale, rent, daily-rent или new-buildings')
    .transform((d) => DEAL_ALIASES.get(d)!),
});
const characteristicsQuery = z.object({
  propertyType: z.coerce
    .number({ message: 'Укажите число' })
    .int('Укажите целое число')
    .refine((id) => propertyTypeById(id) !== null, 'Нет такого типа недвижимости')
    .optional(),
});

const toCategoryDto = ({ kind: _kind, ...category }: DealSubcategory) => category;
const pathDeal = (deal: Deal) =>
  deal === 'dailyRent' ? 'daily-rent' : deal === 'newBuildings' ? 'new-buildings' : deal;

/** Deal categories, property types and characteristics (api.md: Characteristics and categories). */
export function categoryRoutes(ctx: AppContext): Router {
  const router = Router();
  const route = (path: string, summary: string, answer: string) =>
    ctx.openApi.route({
      method: 'get',
      path,
      tags: [TAG],
      summary,
      request: {
        params: z.object({ deal: z.enum(['sale', 'rent', 'daily-rent', 'dailyRent', 'new-buildings']) }),
      },
      responses: {
        200: { description: answer },
        400: { description: 'errorCode 1: неизвестный тип сделки или фильтр' },
      },
    });

  route(
    '/api/deal-categories/{deal}',
    'Категории сделки (типы недвижимости)',
    'data: { dealCategory, path, name, defaultPropertyType: 1, categories: [{ name, cianName, propertyType, dealCategory, isNewBuilding, selected }] }',
  );
  router.get('/api/deal-categories/:deal', (req, res) => {
    const { deal } = parse(dealParam, req.params);
    res.json({
      data: {
        dealCategory: deal,
        path: pathDeal(deal),
        name: DEAL_NAMES[deal],
        defaultPropertyType: 1,
        categories: DEAL_CATEGORIES[deal].map(toCategoryDto),
      },
    });
  });

  route(
    '/api/deal-categories/{deal}/characteristics',
    'Характеристики-фильтры сделки (?propertyType= сужает до типа недвижимости)',
    'data: [{ id, cianName, name, type, filterType, measure, isMainFilter, characteristicFieldSelects }]',
  );
  router.get('/api/deal-categories/:deal/characteristics', (req, res) => {
    const { deal } = parse(dealParam, req.params);
    const { propertyType } = parse(characteristicsQuery, req.query);
    const kind = propertyType === undefined ? null : propertyTypeById(propertyType)!.kind;
    res.json({ data: characteristicsFor(deal, kind).map(toCharacteristicDto) });
  });

  route(
    '/api/deal-categories/{deal}/characteristics-by-deal-subcategories',
    'Характеристики-фильтры по каждой категории сделки',
    'data: [{ cianName, name, propertyType, isNewBuilding, characteristics: [...] }]',
  );
  router.get('/api/deal-categories/:deal/characteristics-by-deal-subcategories', (req, res) => {
    const { deal } = parse(dealParam, req.params);
    const data = DEAL_CATEGORIES[deal].map((c) => ({
      cianName: c.cianName,
      name: c.name,
      propertyType: c.propertyType,
      isNewBuilding: c.isNewBuilding,
      characteristics: characteristicsFor(deal, c.kind).map(toCharacteristicDto),
    }));
    res.json({ data });
  });

  return router;
}
