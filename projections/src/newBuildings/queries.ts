import type { Filter, ReadStore } from '../readStore/port';
import { RESIDENTIAL_COMPLEXES, type ResidentialComplexDocument } from './document';

export type ResidentialComplexQuery = {
  /** null or absent: anywhere */
  locationIds?: string[];
  classes?: number[];
  stages?: number[];
  /** handed over by the end of this year */
  deadlineUpTo?: number;
  wallMaterials?: number[];
  finish?: number[];
  parking?: number[];
};

const anyOf = (values: number[] | undefined) => (values?.length ? { $in: values } : undefined);

export function residentialComplexFilter(q: ResidentialComplexQuery): Filter {
  const conditions: Filter = {
    locationId: q.locationIds ? { $in: q.locationIds } : undefined,
    class: anyOf(q.classes),
    stage: anyOf(q.stages),
    deadlineYear: q.deadlineUpTo !== undefined ? { $lte: q.deadlineUpTo } : undefined,
    wallMaterial: anyOf(q.wallMaterials),
    finish: anyOf(q.finish),
    parking: anyOf(q.parking),
  };
  return Object.fromEntries(Object.entries(conditions).filter(([, v]) => v !== undefined));
}

/** A page of complexes, cheapest first (ties by id, so pages never overlap). */
export async function searchResidentialComplexes(
  store: ReadStore,
  q: ResidentialComplexQuery,
  page: number,
  perPage: number,
) {
  const complexes = store.collection<ResidentialComplexDocument>(RESIDENTIAL_COMPLEXES);
  const filter = residentialComplexFilter(q);
  const [items, total] = await Promise.all([
    complexes.find(filter, { sort: { priceFrom: 1, _id: 1 }, skip: (page - 1) * perPage, limit: perPage }),
    complexes.countDocuments(filter),
  ]);
  return { items, total };
}

export const findResidentialComplex = (store: ReadStore, id: string) =>
  store.collection<ResidentialComplexDocument>(RESIDENTIAL_COMPLEXES).findOne({ _id: id });

/** How many complexes each location holds. */
export async function complexCountsByLocation(store: ReadStore): Promise<Map<string, number>> {
  const docs = await store
    .collection<ResidentialComplexDocument>(RESIDENTIAL_COMPLEXES)
    .find({}, { projection: { locationId: 1 } });
  const counts = new Map<string, number>();
  for (const d of docs) counts.set(d.locationId, (counts.get(d.locationId) ?? 0) + 1);
  return counts;
}

export async function deadlineYears(store: ReadStore): Promise<number[]> {
  const docs = await store
    .collection<ResidentialComplexDocument>(RESIDENTIAL_COMPLEXES)
    .find({}, { projection: { deadlineYear: 1 } });
  return [...new Set(docs.map((d) => d.deadlineYear))].sort((a, b) => a - b);
}
