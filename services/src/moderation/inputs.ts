import { z } from 'zod';
import { jsonParam, simpleRestRange } from '../core/http';

/** The moderators' queue of listings (react-admin simple-rest): the longest waiting first. */
export const moderationListingQuery = z.object({
  sort: jsonParam(
    z.tuple([z.enum(['changedAt', 'updatedAt', 'title', 'status', 'id']), z.enum(['ASC', 'DESC'])]),
    ['changedAt', 'ASC'],
  ),
  range: simpleRestRange,
  filter: jsonParam(
    z.object({
      /** true: published and not checked since it changed (the queue) */
      awaiting: z.boolean().optional(),
      status: z.number().int().min(1).max(5).optional(),
      /** getMany of react-admin */
      id: z.union([z.string().max(64), z.array(z.string().max(64)).max(100)]).optional(),
    }),
    {},
  ),
});

export const moderationListingParams = z.object({ id: z.string().min(1).max(64) });

/** The history of one listing or one realtor request (its user's id), oldest step first. */
export const moderationHistoryQuery = z.object({
  range: simpleRestRange,
  filter: jsonParam(
    z.object({
      subject: z.enum(['publication', 'realtor-request'], 'Предмет: publication или realtor-request'),
      subjectId: z.string().min(1, 'Укажите, чья история').max(64),
    }),
    // without a filter: refused, the subject and its id are required
    { subject: 'publication', subjectId: '' },
  ),
});
