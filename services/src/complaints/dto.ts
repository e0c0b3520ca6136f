import { z } from 'zod';

/** open, dismissed (nothing to act on), upheld (the listing was declined) */
export const COMPLAINT_STATUS_NAMES = {
  open: 'Новая',
  dismissed: 'Отклонена',
  upheld: 'Объявление отклонено',
} as const;

const moderatorRef = z.object({ id: z.string(), name: z.string() });

/** A complaint as the moderators' list shows it (react-admin: `id` names the record). */
export const complaintDto = z.object({
  id: z.string(),
  publicationId: z.string(),
  /** the listing as it was when the complaint was made */
  listing: z.object({ title: z.string(), agencyId: z.string().nullable(), authorId: z.string() }),
  phone: z.string(),
  email: z.string(),
  comment: z.string(),
  /** the signed-in visitor who complained (null: without an account) */
  userId: z.string().nullable(),
  status: z.enum(['open', 'dismissed', 'upheld']),
  statusName: z.string(),
  filedAt: z.string(),
  updatedAt: z.string(),
  resolvedBy: moderatorRef.nullable(),
  /** why it was dismissed, or why the listing was declined */
  reason: z.string().nullable(),
});
export type ComplaintDto = z.infer<typeof complaintDto>;
export const complaintDetailDto = complaintDto.extend({
  history: z.array(
    z.object({
      at: z.string(),
      action: z.enum(['filed', 'dismissed', 'upheld', 'reopened']),
      moderator: moderatorRef.nullable(),
      text: z.string().nullable(),
    }),
  ),
});
export type ComplaintDetailDto = z.infer<typeof complaintDetailDto>;
export const complaintList = z.array(complaintDto);
export const complaintActionAnswer = z.object({ data: complaintDetailDto });
export const complaintFiledAnswer = z.object({
  data: z.object({ id: z.string(), status: z.literal('open') }),
});

/** A listing complained about, in the moderators' queue (`id` is the listing's). */
export const complainedPublicationDto = z.object({
  id: z.string(),
  title: z.string(),
  agencyId: z.string().nullable(),
  authorId: z.string(),
  complaintsCount: z.number().int(),
  /** complaints not yet decided */
  openCount: z.number().int(),
  lastComplaintId: z.string(),
  lastComplaintAt: z.string(),
  lastComment: z.string(),
});
export type ComplainedPublicationDto = z.infer<typeof complainedPublicationDto>;
export const complainedPublicationList = z.array(complainedPublicationDto);
