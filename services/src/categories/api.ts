import { z } from 'zod';
import { defineRoute } from '../core/route';
import { characteristicsFor, toCharacteristicDto } from './characteristics';
import { DEAL_ALIASES, DEAL_CATEGORIES, DEAL_NAMES, type Deal, type DealSubcategory } from './dealCategories';
import { characteristicsAnswer, characteristicsByCategoryAnswer, dealCategoriesAnswer } from './dto';
import { propertyTypeById } from './propertyTypes';

/** Deal categories, property types and characteristics (api.md: Characteristics and categories). */
const tags = ['Категории и характеристики'];

/** The deal of a path, as the spec writes it (`daily-rent`) or as filters do (`dailyRent`). */
const dealParam = z.object({
  deal: z
    .enum([...DEAL_ALIASES.keys()] as [string, ...string[]], {
      error: 'Тип сделки: sale, rent, daily-rent или new-buildings',
    })
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

export const dealCategories = defineRoute({
  method: 'get',
  path: '/api/deal-categories/{deal}',
  tags,
  summary: 'Категории сделки (типы недвижимости)',
  auth: 'public',
  params: dealParam,
  response: dealCategoriesAnswer,
  handle({ params: { deal } }) {
    return {
      data: {
        dealCategory: deal,
        path: pathDeal(deal),
        name: DEAL_NAMES[deal],
        defaultPropertyType: 1,
        categories: DEAL_CATEGORIES[deal].map(toCategoryDto),
      },
    };
  },
});

export const dealCharacteristics = defineRoute({
  method: 'get',
  path: '/api/deal-categories/{deal}/characteristics',
  tags,
  summary: 'Характеристики-фильтры сделки (?propertyType= сужает до типа недвижимости)',
  auth: 'public',
  params: dealParam,
  query: characteristicsQuery,
  response: characteristicsAnswer,
  handle({ params: { deal }, query: { propertyType } }) {
    const kind = propertyType === undefined ? null : propertyTypeById(propertyType)!.kind;
    return { data: characteristicsFor(deal, kind).map(toCharacteristicDto) };
  },
});

export const characteristicsByCategory = defineRoute({
  method: 'get',
  path: '/api/deal-categories/{deal}/characteristics-by-deal-subcategories',
  tags,
  summary: 'Характеристики-фильтры по каждой категории сделки',
  auth: 'public',
  params: dealParam,
  response: characteristicsByCategoryAnswer,
  handle({ params: { deal } }) {
    return {
      data: DEAL_CATEGORIES[deal].map((c) => ({
        cianName: c.cianName,
        name: c.name,
        propertyType: c.propertyType,
        isNewBuilding: c.isNewBuilding,
        characteristics: characteristicsFor(deal, c.kind).map(toCharacteristicDto),
      })),
    };
  },
});

export const categoryRoutes = [dealCategories, dealCharacteristics, characteristicsByCategory];
