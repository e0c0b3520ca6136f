import { allProjections } from '@estate/projections';
import type { AppContext } from './core/context';
import type { Reactor } from './core/reactors/reactor';
import type { MountPoint, SliceManifest, SliceMount } from './core/slice';
import type { Workflow } from './core/workflow';
import { agenciesSlice } from './agencies';
import { auditSlice } from './audit';
import { bookingsSlice } from './bookings';
import { categoriesSlice } from './categories';
import { chatsSlice } from './chats';
import { complaintsSlice } from './complaints';
import { contentSlice } from './content';
import { favouritesSlice } from './favourites';
import { funnelSlice } from './funnel';
import { geoSlice, METRO_BY_CITY } from './geo';
import { historySlice } from './history';
import { identitySlice, recordCodeDelivery } from './identity';
import { leadsSlice } from './leads';
import { locationsSlice } from './locations';
import { mediaSlice } from './media';
import { moderationSlice } from './moderation';
import { adTariffOf, moneySlice } from './money';
import { newBuildingsSlice } from './newBuildings';
import { notificationsSlice } from './notifications';
import { publicationsSlice } from './publications';
import { savedSearchesSlice } from './savedSearches';
import { seedSlice } from './seed';
import { siteSlice } from './site';
import { statisticsSlice } from './statistics';

/**
 * Every slice's manifest, in the order the app mounts their routes (Express answers with the first
 * route that matches, and the OpenAPI document lists them so) and registers their reactors, workflows
 * and background work. What a slice needs of one that imports it is handed in here (the metro
 * stations to the place search, the promotion tariffs to the listings, the code deliveries'
 * recorder to the SMS processor): no slice imports another in a cycle (test/architecture.unit.spec.ts).
 */
export const SLICES: readonly SliceManifest[] = [
  identitySlice,
  notificationsSlice(recordCodeDelivery),
  locationsSlice(METRO_BY_CITY),
  categoriesSlice,
  newBuildingsSlice,
  statisticsSlice,
  funnelSlice,
  publicationsSlice(adTariffOf),
  favouritesSlice,
  bookingsSlice,
  chatsSlice,
  geoSlice,
  agenciesSlice,
  moneySlice,
  mediaSlice,
  // before content: its demo photos come first outside /api (their paths do not overlap)
  seedSlice,
  contentSlice,
  leadsSlice,
  savedSearchesSlice,
  complaintsSlice,
  moderationSlice,
  historySlice,
  auditSlice,
  siteSlice,
];

/** Reactors act through the process's ports (the queues, the configuration), so each slice's are made with them. */
export const allReactors = (ctx: AppContext, slices = SLICES): Reactor[] =>
  slices.flatMap((slice) => slice.reactors?.(ctx) ?? []);

/** The use cases across streams that the background resumes after a crash (found by name). */
export const allWorkflows = (slices = SLICES): Workflow<never, unknown>[] =>
  slices.flatMap((slice) => slice.workflows ?? []);

/** The read models: the projections package's, in their order, then any a slice registers. */
export const projectionsOf = (slices = SLICES) => [
  ...allProjections,
  ...slices.flatMap((slice) => slice.projections ?? []),
];

/** Each slice's HTTP parts, made once, by the place the app puts them in (in the order of the list within a place). */
export function mountsOf(
  ctx: AppContext,
  options: Parameters<NonNullable<SliceManifest['routes']>>[1],
  slices = SLICES,
): (at: MountPoint) => SliceMount[] {
  const mounts = slices.flatMap((slice) => slice.routes?.(ctx, options) ?? []);
  return (at) => mounts.filter((mount) => mount.at === at);
}
