import { z } from 'zod';
import { pageMetaDto, publicationDto } from '../publications/dto';

/**
 * The answers of the favourites calls, as zod schemas: the routes declare them (the OpenAPI document
 * and the tests' answer checks come from here) and the front ends take their types from them. Pure
 * zod: the site's type check reads this file. A favourite is a publication: its schema is the
 * publications slice's own (a dto.ts may read another slice's dto.ts, both pure zod).
 */

export const successAnswer = z.object({ data: z.object({ success: z.boolean() }) });

/** A favourite: the publication, whether it is still shown, and when it was added. */
export const favouriteDto = publicationDto.extend({
  /** false once the listing is hidden, sold or declined: it stays in the list so the user sees what became of it */
  isActive: z.boolean(),
  addedToFavoritesAt: z.string(),
});
export type FavouriteDto = z.infer<typeof favouriteDto>;

export const favouritesAnswer = z.object({
  data: z.array(favouriteDto),
  meta: pageMetaDto,
});
