import type { Filter, ReadStore, Sort } from '../readStore/port';
import { AUDIT_TRAIL, type AuditArea, type AuditEntryDocument } from './projection';

export type AuditQuery = {
  agencyId: string;
  actorId?: string;
  area?: AuditArea;
  kind?: string;
  /** ISO times, inclusive */
  from?: string;
  to?: string;
  sort: { field: 'at' | 'kind' | 'area' | 'actorId'; direction: 1 | -1 };
  skip: number;
  limit: number;
};

/** A page of an agency's trail and how many entries match. */
export async function listAuditTrail(store: ReadStore, q: AuditQuery) {
  const filter: Filter = { agencyId: q.agencyId };
  if (q.actorId !== undefined) filter.actorId = q.actorId;
  if (q.area !== undefined) filter.area = q.area;
  if (q.kind !== undefined) filter.kind = q.kind;
  if (q.from !== undefined || q.to !== undefined)
    filter.at = {
      ...(q.from !== undefined ? { $gte: q.from } : {}),
      ...(q.to !== undefined ? { $lte: q.to } : {}),
    };
  // equal keys in the log's order
  const sort: Sort =
    q.sort.field === 'at'
      ? { at: q.sort.direction, position: q.sort.direction }
      : { [q.sort.field]: q.sort.direction, at: -1, position: -1 };
  return store
    .collection<AuditEntryDocument>(AUDIT_TRAIL)
    .findPage(filter, { sort, skip: q.skip, limit: q.limit });
}
