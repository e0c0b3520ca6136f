import { z } from 'zod';

/**
 * The funnel's answers (issue 19, item 3), as zod schemas: the routes declare them (the OpenAPI
 * document and the tests' checks come from here) and the cabinet takes its types from them. Pure zod.
 */
export const FUNNEL_STEP_NAMES = [
  'impressions',
  'opened',
  'responses',
  'phone',
  'chat',
  'favorite',
  'booking',
] as const;

const step = z.object({
  step: z.enum(FUNNEL_STEP_NAMES),
  /** viewers counted once per day, summed over the days */
  count: z.number().int().nonnegative(),
  /** the step this one's conversion is counted from (null for the first) */
  base: z.enum(FUNNEL_STEP_NAMES).nullable(),
  /** count ÷ the base's count, in per cent to 0.1; null when the base is 0 */
  conversion: z.number().nonnegative().nullable(),
});

const part = z.object({
  /** listing-days (for one listing: days) */
  days: z.number().int().nonnegative(),
  steps: z.array(step),
  /** roubles (to the kopeck) the paid promotion cost on these days */
  money: z.number().nonnegative(),
  /** roubles per phone reveal and per chat on these days, to the kopeck; null with none */
  costPerPhone: z.number().nonnegative().nullable(),
  costPerChat: z.number().nonnegative().nullable(),
});
export type FunnelPartDto = z.infer<typeof part>;

export const funnelDto = z.object({
  /** the listing asked for, or null for the agency's */
  publicationId: z.string().nullable(),
  title: z.string().nullable(),
  agencyId: z.string(),
  /** how many listings it covers (an agent: their own) */
  publicationsCount: z.number().int().nonnegative(),
  /** the Moscow days it covers, both included */
  from: z.string(),
  to: z.string(),
  /** whether the booking step applies (a daily-rent listing among them) */
  hasBooking: z.boolean(),
  total: part,
  promoted: part,
  notPromoted: part,
});
export type FunnelDto = z.infer<typeof funnelDto>;

export const funnelAnswer = z.object({ data: funnelDto });
