import { CATALOGUE, type CatalogueDocument } from '@estate/projections/catalogue/document';
import { catalogueFilter, countCatalogue, type CatalogueQuery } from '@estate/projections/catalogue/search';
import {
  RESIDENTIAL_COMPLEXES,
  type ResidentialComplexDocument,
} from '@estate/projections/newBuildings/document';
import {
  complexCountsByLocation,
  deadlineYears,
  findResidentialComplex,
  residentialComplexFilter,
  searchResidentialComplexes,
} from '@estate/projections/newBuildings/queries';
import type { AppContext } from '../core/context';
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
import { complexListQuery, toComplexQuery, toListingQuery, type ComplexListQuery } from './filters';
import { publishedUntil } from '../publications';
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

/**
 * A page of complexes; with rooms or a price only those with such a flat on sale (the catalogue's
 * listings of the complex, as the complex's page finds them). Each comes with its number of listings
 * matching those filters.
 */
async function complexPage(ctx: AppContext, query: ComplexListQuery, listings: CatalogueQuery) {
  const byListings = listings.roomCounts !== undefined || listings.priceRanges !== undefined;
  if (!byListings)
    return searchResidentialComplexes(ctx.readStore, toComplexQuery(query), query.offset, query.limit);
  const matching = await ctx.readStore
    .collection<CatalogueDocument>(CATALOGUE)
    .find(catalogueFilter({ ...listings, newBuildsOnly: true }), { projection: { residentialComplexId: 1 } });
  const ids = [...new Set(matching.map((d) => d.residentialComplexId).filter((id) => id !== null))];
  const complexes = ctx.readStore.collection<ResidentialComplexDocument>(RESIDENTIAL_COMPLEXES);
  const filter = { ...residentialComplexFilter(toComplexQuery(query)), _id: { $in: ids } };
  const [items, total] = await Promise.all([
    complexes.find(filter, {
      sort: { priceFrom: 1, _id: 1 },
      skip: (query.offset - 1) * query.limit,
      limit: query.limit,
    }),
    complexes.countDocuments(filter),
  ]);
  return { items, total };
}

export const listResidentialComplexes = defineRoute({
  method: 'get',
  path: '/api/residential-complexes',
  tags,
  summary:
    'Жилые комплексы с фильтрами (cityId или locationId, class, stage, deadline, wallMaterial, finish, parking; roomCount, priceMin, priceMax — по объявлениям комплекса) и страницами',
  auth: 'public',
  query: complexListQuery,
  response: residentialComplexListAnswer,
  async handle({ ctx, query, req }) {
    const listings: CatalogueQuery = {
      ...toListingQuery(query),
      publishedUntil: await publishedUntil(ctx, req),
    };
    const { items, total } = await complexPage(ctx, query, listings);
    const counts = await Promise.all(
      items.map((c) => countCatalogue(ctx.readStore, { ...listings, residentialComplexId: c._id })),
    );
    return {
      data: items.map((c, i) => ({ ...toResidentialComplexDto(c), listingsCount: counts[i] })),
      meta: pageMeta(query.offset, query.limit, total),
    };
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
