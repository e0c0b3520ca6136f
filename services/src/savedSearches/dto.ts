import { SAVED_SEARCH_FREQUENCIES } from '@estate/events';
import { z } from 'zod';

/** The saved searches' answers (not in the spec: docs/decisions.md records their shapes). */
export const savedSearchAlertsDto = z.object({
  /** instant: at once; daily, weekly: a digest from 09:00 Moscow time (weekly: from Monday) */
  frequency: z.enum(SAVED_SEARCH_FREQUENCIES),
  email: z.boolean(),
  /** SMS only with instant or daily alerts, at most 3 a day */
  sms: z.boolean(),
});

export const savedSearchDto = z.object({
  id: z.string(),
  name: z.string(),
  /** the catalogue search body as saved (POST /api/publications without limit and offset) */
  filters: z.record(z.string(), z.unknown()),
  alerts: savedSearchAlertsDto,
  paused: z.boolean(),
  /** listings new to this search since the user last opened it */
  newCount: z.number().int().nonnegative(),
  /** listings it ever matched */
  matchedCount: z.number().int().nonnegative(),
  lastVisitAt: z.string().nullable(),
  lastMatchAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedSearchDto = z.infer<typeof savedSearchDto>;

export const savedSearchAnswer = z.object({ data: savedSearchDto });
export const savedSearchList = z.object({
  data: z.array(savedSearchDto),
  meta: z.object({ total: z.number().int(), limit: z.number().int() }),
});
export const savedSearchDeleted = z.object({ data: z.object({ id: z.string(), deleted: z.literal(true) }) });
export const unsubscribedAnswer = z.object({
  data: z.object({ id: z.string(), name: z.string(), paused: z.literal(true) }),
});
