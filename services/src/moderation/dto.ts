import { z } from 'zod';

/** The Russian names of a listing's statuses (api.md: PUBLISHED=1 … PUBLISHED_NOT_ACTIVE=5) */
export const PUBLICATION_STATUS_NAMES: Record<number, string> = {
  1: 'Опубликовано',
  2: 'Черновик',
  3: 'В архиве',
  4: 'Отклонено',
  5: 'Опубликовано, не активно',
};

export const MODERATION_ACTIONS = [
  'published',
  'archived',
  'deleted',
  'approved',
  'declined',
  'restored',
  'complaint-filed',
  'complaint-dismissed',
  'complaint-upheld',
  'complaint-reopened',
  'submitted',
  'withdrawn',
  'rejected',
  'confirmed',
] as const;

/** What each step is called in the cabinet's history. */
export const MODERATION_ACTION_NAMES: Record<(typeof MODERATION_ACTIONS)[number], string> = {
  published: 'Опубликовано',
  archived: 'Снято с публикации',
  deleted: 'Удалено',
  approved: 'Одобрено модератором',
  declined: 'Отклонено модератором',
  restored: 'Восстановлено модератором',
  'complaint-filed': 'Жалоба',
  'complaint-dismissed': 'Жалоба отклонена',
  'complaint-upheld': 'Жалоба принята',
  'complaint-reopened': 'Жалоба открыта снова',
  submitted: 'Заявка отправлена',
  withdrawn: 'Заявка отозвана',
  rejected: 'Заявка отклонена',
  confirmed: 'Агентство создано',
};

/** One step of the moderation history: who did what and when. */
export const moderationStepDto = z.object({
  id: z.string(),
  subject: z.enum(['publication', 'realtor-request']),
  subjectId: z.string(),
  at: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  actionName: z.string(),
  /** the moderator, or the person who did it (null: a visitor, or the system) */
  actor: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  /** a moderator's reason, or a complaint's comment */
  text: z.string().nullable(),
});
export type ModerationStepDto = z.infer<typeof moderationStepDto>;

/** A listing in the moderators' queue. */
export const moderationListingDto = z.object({
  id: z.string(),
  title: z.string(),
  agencyId: z.string().nullable(),
  authorId: z.string(),
  status: z.number().int(),
  statusName: z.string(),
  /** published and not checked by a moderator since its last publication or edit */
  awaiting: z.boolean(),
  changedAt: z.string().nullable(),
  checkedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  updatedAt: z.string(),
});
export const moderationListingDetailDto = moderationListingDto.extend({
  history: z.array(moderationStepDto),
});
export type ModerationListingDto = z.infer<typeof moderationListingDto>;
export type ModerationListingDetailDto = z.infer<typeof moderationListingDetailDto>;

export const moderationListingList = z.array(moderationListingDto);
export const moderationHistoryList = z.array(moderationStepDto);
