import { z } from 'zod';
import { moderator } from './leads';
import { id, phone } from './shared';

/** The `complaint-<id>` stream: a visitor's complaint about a listing, and the moderator's decision. */
export const complaintEvents = {
  /** the listing as it was when the complaint was made (the queue shows it even after it changes) */
  ComplaintFiled: z.object({
    complaintId: id,
    publicationId: id,
    listing: z.object({ title: z.string().max(300), agencyId: id.nullable(), authorId: id }),
    phone,
    email: z.string().max(254),
    comment: z.string().min(1).max(240),
    userId: id.nullable(),
  }),
  /** nothing to act on: the listing stays as it is */
  ComplaintDismissed: z.object({
    complaintId: id,
    publicationId: id,
    reason: z.string().max(1000).nullable(),
    ...moderator,
  }),
  /** the complaint is upheld and the listing declined with this reason (`resolutionId`: the decline's workflow) */
  ComplaintUpheld: z.object({
    complaintId: id,
    publicationId: id,
    reason: z.string().min(3).max(1000),
    resolutionId: z.string().min(1).max(200),
    ...moderator,
  }),
  /** an upholding taken back: the listing could not be declined (deleted, hidden meanwhile) */
  ComplaintReopened: z.object({
    complaintId: id,
    publicationId: id,
    resolutionId: z.string().min(1).max(200),
    ...moderator,
  }),
};
