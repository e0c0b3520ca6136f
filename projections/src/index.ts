import { catalogueProjection } from './catalogue/projection';
import { identityProjection } from './identity/projection';
import { residentialComplexProjection } from './newBuildings/projection';
import { favouritesProjection } from './favourites/projection';
import { bookingsProjection } from './bookings/projection';
import { realtorRequestsProjection } from './agencies/projection';
import { invoicesProjection, walletsProjection } from './money/projection';
import { chatsProjection } from './chats/projection';
import { photosProjection } from './media/projection';
import { contentProjection } from './content/projection';
import type { Projection } from './projection';
import { workflowsProjection } from './workflows/projection';
import { leadsProjection } from './leads/projection';
import { complaintsProjection } from './complaints/projection';
import { moderationProjection } from './moderation/projection';
import { auditProjection } from './audit/projection';
import { funnelProjection } from './funnel/projection';
import { savedSearchesProjection } from './savedSearches/projection';

/** Every read model, in the order they see each event (identity first: the catalogue reads authors). */
export const allProjections: Projection[] = [
  identityProjection,
  catalogueProjection,
  favouritesProjection,
  bookingsProjection,
  residentialComplexProjection,
  realtorRequestsProjection,
  walletsProjection,
  invoicesProjection,
  chatsProjection,
  photosProjection,
  contentProjection,
  workflowsProjection,
  leadsProjection,
  complaintsProjection,
  moderationProjection,
  auditProjection,
  savedSearchesProjection,
  funnelProjection,
];

export * from './projection';
export * from './runner';
export * from './snapshots';
export { hashReadModels } from './readModelHash';
export { DuplicateKeyError } from './readStore/port';
export type {
  BulkOperation,
  BulkResult,
  Collection,
  DeleteResult,
  Doc,
  Filter,
  FindOptions,
  IndexSpec,
  ReadStore,
  Sort,
  Update,
  UpdateOptions,
  UpdateResult,
} from './readStore/port';
export { MemoryReadStore } from './readStore/memory';
export * from './catalogue/document';
export * from './identity/documents';
export { catalogueProjection, identityProjection, residentialComplexProjection };
export * from './catalogue/queries';
export * from './catalogue/search';
export * from './catalogue/map';
export { boundingBox, distanceKm } from './catalogue/geo';
export * from './favourites/projection';
export * from './bookings/projection';
export * from './agencies/projection';
export * from './money/projection';
export * from './chats/projection';
export * from './media/projection';
export * from './progress';
export * from './lease';
export * from './statistics/interactions';
export * from './workflows/projection';
export * from './content/document';
export * from './content/queries';
export { contentProjection };
export * from './leads/projection';
export * from './complaints/projection';
export * from './moderation/projection';
export * from './audit/projection';
export * from './audit/queries';
export * from './savedSearches/projection';
export * from './savedSearches/match';
export * from './funnel/projection';
export * from './funnel/queries';
export * from './funnel/days';
export { viewerHash } from './funnel/viewers';
