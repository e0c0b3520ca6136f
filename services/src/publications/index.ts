/**
 * The publications slice: listings (`publication-<id>`), their statuses, the catalogue's reads and
 * the agency's and the moderators' calls. What other slices may use of it is exported here.
 */
export { toPublicationDto, type PublicationDto } from './dto';
