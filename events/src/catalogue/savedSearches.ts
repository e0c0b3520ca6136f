import { z } from 'zod';
import { dealCategory, id, roubles } from './shared';

/**
 * Saved searches with alerts (issue 19, part 1). One stream per user, `saved-searches-<userId>`:
 * the per-user limits (how many searches, how many SMS a day) and the digests (one per user and
 * period) are rules of one aggregate, so two concurrent requests cannot both pass them.
 */
export const SAVED_SEARCH_FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
export const savedSearchFrequency = z.enum(SAVED_SEARCH_FREQUENCIES);
export type SavedSearchFrequency = z.infer<typeof savedSearchFrequency>;

/** how often and by which channels a saved search tells its user of new listings */
export const savedSearchAlerts = z.object({
  frequency: savedSearchFrequency,
  email: z.boolean(),
  sms: z.boolean(),
});
export type SavedSearchAlerts = z.infer<typeof savedSearchAlerts>;

/** at most this many saved searches a user keeps (deleted ones do not count) */
export const SAVED_SEARCHES_PER_USER = 20;
/** at most this many alert SMS a user gets a Moscow day (instant alerts and daily digests together) */
export const SAVED_SEARCH_SMS_PER_DAY = 3;

/**
 * The catalogue search as the API validated it (`searchBody` of the publications slice, without the
 * page): kept as JSON so the catalogue's filter schema lives in one place; the matcher reads it
 * through that same schema.
 */
export const savedSearchFilters = z.record(z.string(), z.unknown());

/** what an alert shows of a listing, as it was when it matched */
export const matchedListing = z.object({
  title: z.string().max(200),
  price: roubles,
  /** a price drop: the price before it */
  oldPrice: roubles.nullable(),
  dealCategory,
  address: z.string().max(300),
});
export type MatchedListing = z.infer<typeof matchedListing>;

export const SAVED_SEARCH_MATCH_KINDS = ['new', 'price-drop'] as const;
export const savedSearchMatchKind = z.enum(SAVED_SEARCH_MATCH_KINDS);

const digestItem = z.object({
  searchId: id,
  publicationId: id,
  kind: savedSearchMatchKind,
  listing: matchedListing,
});
export type SavedSearchDigestItem = z.infer<typeof digestItem>;

const ofSearch = { userId: id, searchId: id };

export const savedSearchEvents = {
  SavedSearchCreated: z.object({
    ...ofSearch,
    name: z.string().min(1).max(100),
    filters: savedSearchFilters,
    alerts: savedSearchAlerts,
  }),
  SavedSearchRenamed: z.object({ ...ofSearch, name: z.string().min(1).max(100) }),
  SavedSearchAlertsChanged: z.object({ ...ofSearch, alerts: savedSearchAlerts }),
  /** `via`: the account page, or the unsubscribe link of a letter (no sign-in) */
  SavedSearchPaused: z.object({ ...ofSearch, via: z.enum(['account', 'unsubscribe']) }),
  SavedSearchResumed: z.object({ ...ofSearch }),
  SavedSearchDeleted: z.object({ ...ofSearch }),
  /** the user opened the search: its count of new listings starts again from zero */
  SavedSearchVisited: z.object({ ...ofSearch }),
  /**
   * A listing newly published, or cheaper, matched some of the user's searches: each search with
   * the kind of its alert (a listing alerts a search once as new and at most once more as a price
   * drop). `instant` says what this batch sends at once: an e-mail, an SMS (within the daily quota).
   */
  SavedSearchMatched: z.object({
    userId: id,
    publicationId: id,
    listing: matchedListing,
    matches: z.array(z.object({ searchId: id, kind: savedSearchMatchKind })).min(1),
    instant: z.object({ email: z.boolean(), sms: z.boolean(), searchIds: z.array(id) }),
    /** the Moscow date of the decision: the day of the SMS quota */
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
  /** a daily or weekly digest: what was collected for the period, sent once per user and period */
  SavedSearchDigestSent: z.object({
    userId: id,
    period: z.enum(['daily', 'weekly']),
    /** the Moscow date of the day, or of the week's Monday */
    periodKey: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    items: z.array(digestItem).max(50),
    /** all the matches collected, the letter's items being the first 50 */
    total: z.number().int().nonnegative(),
    searchIds: z.array(id),
    email: z.boolean(),
    sms: z.boolean(),
    /** the Moscow date of the decision: the day of the SMS quota */
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
};
