import { z } from 'zod';

/** What the statistics calls take. */

export const addViewsBody = z.object({
  publicationIds: z.array(z.string().min(1).max(64)).min(1).max(50),
  /**
   * the spec's per-browser id, made up by the client: accepted and ignored — a view counts for the
   * server-issued visitor id (the `visitor` cookie) or the signed-in user, once per listing and day
   */
  uuid: z.string().min(8).max(64).optional(),
  token: z.string().max(200).optional(),
});

export const publicationParams = z.object({ id: z.string().min(1).max(64) });
export const publicationViewsQuery = z.object({ publicationId: z.string().min(1).max(64) });

const scopeQuery = z.object({ publicationId: z.string().max(64).optional() });
/** 7 or 30 days back from today, or since the start of the year (the default) */
export const totalsQuery = scopeQuery.extend({ interval: z.enum(['7', '30', 'year']).default('year') });
/** statsType 1 a week by days, 2 a month by weeks, 3 a year by months; contentType 1 views, 2 favourites, 3 responses */
export const diagramQuery = scopeQuery.extend({
  statsType: z.coerce.number().int().min(1).max(3).default(1),
  contentType: z.coerce.number().int().min(1).max(3).default(1),
});
