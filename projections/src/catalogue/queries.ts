import { PUBLICATION_STATUS, type DealCategory } from '@estate/events';
import type { Filter, ReadStore, Sort } from '../readStore/port';
import { CATALOGUE, type CatalogueDocument } from './document';

/** Statuses a visitor may open by link (a draft or an archived ad is the agency’s business). */
export const PUBLICATION_STATUS_PUBLIC: number[] = [PUBLICATION_STATUS.PUBLISHED];

export type CatalogueSort = { field: 'price' | 'publishedAt'; direction: 1 | -1 };

export type CatalogueSearch = {
  dealCategory?: DealCategory;
  locationId?: string | null;
  priceMin?: number | null;
  priceMax?: number | null;
  /** room counts to match; the largest value given also matches anything above it ('4+') */
  roomCounts?: number[];
  sort: CatalogueSort;
  page: number;
  perPage: number;
};

export type Page<T> = { items: T[]; total: number };

function roomFilter(roomCounts: number[]): Filter {
  const max = Math.max(...roomCounts);
  const exact = roomCounts.filter((n) => n !== max);
  const orMore = max >= 4 ? [{ roomCount: { $gte: max } }] : [{ roomCount: max }];
  return exact.length ? { $or: [{ roomCount: { $in: exact } }, ...orMore] } : orMore[0];
}

export function searchFilter(search: Omit<CatalogueSearch, 'sort' | 'page' | 'perPage'>): Filter {
  const filter: Filter = { status: PUBLICATION_STATUS.PUBLISHED };
  if (search.dealCategory) filter.dealCategory = search.dealCategory;
  if (search.locationId) filter.locationId = search.locationId;
  const price: Record<string, number> = {};
  if (search.priceMin != null) price.$gte = search.priceMin;
  if (search.priceMax != null) price.$lte = search.priceMax;
  if (Object.keys(price).length) filter.price = price;
  if (search.roomCounts?.length) Object.assign(filter, roomFilter(search.roomCounts));
  return filter;
}

export async function searchCatalogue(store: ReadStore, search: CatalogueSearch): Promise<Page<CatalogueDocument>> {
  const catalogue = store.collection<CatalogueDocument>(CATALOGUE);
  const filter = searchFilter(search);
  const sort: Sort = { [search.sort.field]: search.sort.direction, _id: 1 };
  const [items, total] = await Promise.all([
    catalogue.find(filter, { sort, skip: (search.page - 1) * search.perPage, limit: search.perPage }),
    catalogue.countDocuments(filter),
  ]);
  return { items, total };
}

export const findPublication = (store: ReadStore, id: string) => store.collection<CatalogueDocument>(CATALOGUE).findOne({ _id: id });

export type AgencyListQuery = {
  agencyId: string;
  /** an agent sees only their own publications */
  authorId?: string;
  status?: number;
  dealCategory?: DealCategory;
  text?: string;
  sort: { field: 'price' | 'updatedAt' | 'createdAt' | 'title'; direction: 1 | -1 };
  skip: number;
  limit: number;
};

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export async function listAgencyPublications(store: ReadStore, query: AgencyListQuery): Promise<Page<CatalogueDocument>> {
  const filter: Filter = query.authorId ? { authorId: query.authorId } : { agencyId: query.agencyId };
  if (query.status) filter.status = query.status;
  if (query.dealCategory) filter.dealCategory = query.dealCategory;
  if (query.text) {
    const pattern = { $regex: escapeRegex(query.text), $options: 'i' };
    filter.$or = [{ title: pattern }, { 'address.fullAddress': pattern }];
  }
  const catalogue = store.collection<CatalogueDocument>(CATALOGUE);
  const [items, total] = await Promise.all([
    catalogue.find(filter, { sort: { [query.sort.field]: query.sort.direction, _id: 1 }, skip: query.skip, limit: query.limit }),
    catalogue.countDocuments(filter),
  ]);
  return { items, total };
}
