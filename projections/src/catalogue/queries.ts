import { PUBLICATION_STATUS, type DealCategory } from '@estate/events';
import type { Filter, ReadStore } from '../readStore/port';
import { escapeRegex, type Page } from './search';
import {
  CATALOGUE,
  CATALOGUE_COMPLEXES,
  CATALOGUE_REMOVED,
  type CatalogueComplexDocument,
  type CatalogueRemovedDocument,
  type CatalogueDocument,
} from './document';

/** Statuses a visitor may open by link (a draft or an archived ad is the agency’s business). */
export const PUBLICATION_STATUS_PUBLIC: number[] = [PUBLICATION_STATUS.PUBLISHED];

export const findPublication = (store: ReadStore, id: string) =>
  store.collection<CatalogueDocument>(CATALOGUE).findOne({ _id: id });

/** The catalogue's own copy of a residential complex a listing may stand in (null: none registered). */
export const findCatalogueComplex = (store: ReadStore, id: string) =>
  store.collection<CatalogueComplexDocument>(CATALOGUE_COMPLEXES).findOne({ _id: id });

export type AgencyListQuery = {
  agencyId: string;
  /** an agent sees only their own publications */
  authorId?: string;
  status?: number;
  dealCategory?: DealCategory;
  text?: string;
  /** 1: with a running promotion tariff, 2: without */
  paymentStatus?: 1 | 2;
  sort: { field: 'price' | 'updatedAt' | 'createdAt' | 'title'; direction: 1 | -1 };
  skip: number;
  limit: number;
};

export async function listAgencyPublications(
  store: ReadStore,
  query: AgencyListQuery,
): Promise<Page<CatalogueDocument>> {
  const filter: Filter = query.authorId ? { authorId: query.authorId } : { agencyId: query.agencyId };
  if (query.status) filter.status = query.status;
  if (query.dealCategory) filter.dealCategory = query.dealCategory;
  if (query.paymentStatus === 1) filter.promotion = { $ne: null };
  if (query.paymentStatus === 2) filter.promotion = null;
  if (query.text) {
    const pattern = { $regex: escapeRegex(query.text), $options: 'i' };
    filter.$or = [{ title: pattern }, { 'address.fullAddress': pattern }];
  }
  const catalogue = store.collection<CatalogueDocument>(CATALOGUE);
  const [items, total] = await Promise.all([
    catalogue.find(filter, {
      sort: { [query.sort.field]: query.sort.direction, _id: 1 },
      skip: query.skip,
      limit: query.limit,
    }),
    catalogue.countDocuments(filter),
  ]);
  return { items, total };
}

/** How many of the agency's (or the agent's) listings each status holds, 1 to 5 in order. */
export async function countAgencyPublications(
  store: ReadStore,
  query: { agencyId: string; authorId?: string; dealCategory?: DealCategory },
) {
  const base: Filter = query.authorId ? { authorId: query.authorId } : { agencyId: query.agencyId };
  if (query.dealCategory) base.dealCategory = query.dealCategory;
  const catalogue = store.collection<CatalogueDocument>(CATALOGUE);
  const statuses = Object.values(PUBLICATION_STATUS);
  const counts = await Promise.all(statuses.map((status) => catalogue.countDocuments({ ...base, status })));
  return statuses.map((status, i) => ({ status, count: counts[i] }));
}

/** A listing deleted for good (its address answers 410), or null. */
export const findRemovedPublication = (store: ReadStore, id: string) =>
  store.collection<CatalogueRemovedDocument>(CATALOGUE_REMOVED).findOne({ _id: id });
