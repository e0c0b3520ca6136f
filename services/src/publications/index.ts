/**
 * The publications slice: listings (`publication-<id>`), their search and reads, the agency's and the
 * cabinet's calls, moderation. What other slices and the app may use of it is exported here; nothing
 * else of the folder is imported from outside.
 */
import type { SliceManifest } from '../core/slice';
import { publicationRoutes } from './api';
import type { PromotionTariffOf } from './api/agency';
import { publicationReactors } from './reactors';

/** the site renders the catalogue's calls in process */
export { publicationRoutes } from './api';
/** the promotion tariffs are money's (which imports this slice): the app hands them in */
export const publicationsSlice = (tariffOf: PromotionTariffOf): SliceManifest => ({
  name: 'publications',
  routes: () => [{ at: 'api', routes: publicationRoutes(tariffOf) }],
  reactors: publicationReactors,
});
export { toPublicationDto } from './presentation';
export { publicationDto, type PublicationDto } from './dto';
/** the listing's stream and its rules (money promotes a listing; the seed creates them) */
export { handlePublication, NO_POINT, publicationDecider, type PublicationCommand } from './decide';
export {
  evolve as evolvePublication,
  initialPublication,
  publicationStream,
  type Promotion,
  type Publication,
  type PublicationEvent,
} from './publication';
/** a listing the caller may manage in the cabinet (money's tariff calls) */
export { readableBy } from './form';
/** who is looking: the premium window and the viewer's id (statistics counts openings by it) */
export { isPremium, publishedUntil, PREMIUM_WINDOW_MS } from './visibility';
/** the catalogue search's body and its query (saved searches keep and match the same filters) */
export { searchBody, toCatalogueQuery, type SearchBody } from './filters';
