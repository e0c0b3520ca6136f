/**
 * The publications slice: listings (`publication-<id>`), their statuses, the catalogue's reads and
 * the agency's and the moderators' calls. What other slices may use of it is exported here.
 */
export { publicationDecider, type PublicationCommand } from './decide';
export {
  evolve as evolvePublication,
  initialPublication,
  publicationStream,
  type Promotion,
  type Publication,
  type PublicationEvent,
} from './publication';
export { toPublicationDto, type PublicationDto } from './dto';
export { readableBy } from './form';
export { isPremium } from './visibility';
