import { z } from 'zod';
import { publicationDto } from '../publications/dto';

/**
 * The answers of a listing's history and of the listing as of a moment (issue 19, item 2), as zod
 * schemas. Pure zod: the cabinet's type check reads this file through services/src/contract.ts.
 */
export const fieldChangeDto = z.object({
  field: z.string(),
  label: z.string(),
  before: z.string(),
  after: z.string(),
});

/** who acted: a person (by the name they have now, and what they were to the listing) or the system */
export const historyActorDto = z.object({
  id: z.string().nullable(),
  name: z.string(),
  /** 'owner' the agency's owner, 'agent' an agent of the agency, 'moderator', 'user' anyone else, 'system' */
  role: z.enum(['owner', 'agent', 'moderator', 'user', 'system']),
  roleName: z.string(),
});

export const historyEntryDto = z.object({
  revision: z.number().int(),
  at: z.string(),
  kind: z.string(),
  title: z.string(),
  actor: historyActorDto,
  /** the session the person acted in; null before sessions were recorded (shown «—») */
  sessionId: z.string().nullable(),
  changes: z.array(fieldChangeDto),
  /** the entry as one readable Russian line */
  line: z.string(),
});
export type HistoryEntryDto = z.infer<typeof historyEntryDto>;

export const listingHistoryAnswer = z.object({
  data: z.object({ publicationId: z.string(), entries: z.array(historyEntryDto) }),
});

/** a field of the listing as it was and as it is today, each as text */
export const asOfDifferenceDto = z.object({
  field: z.string(),
  label: z.string(),
  then: z.string(),
  now: z.string(),
});

export const listingAsOfAnswer = z.object({
  data: z.object({
    at: z.string(),
    /** the listing's last fact at or before `at` (-1: it did not exist yet) */
    revision: z.number().int(),
    /** the listing as the API answered it then (`GET /api/publications/{id}`); null: not created yet or deleted */
    listing: publicationDto.nullable(),
    /** the listing as the API answers it now; null when deleted */
    today: publicationDto.nullable(),
    /** field by field, what differs between then and today */
    differences: z.array(asOfDifferenceDto),
  }),
});
export type ListingAsOfDto = z.infer<typeof listingAsOfAnswer>['data'];
export type ListingHistoryDto = z.infer<typeof listingHistoryAnswer>['data'];
