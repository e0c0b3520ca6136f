import { cabinetApi as api } from '../dataProvider';

/** The moderators' actions on a lead (`/api/cabinet/leads/{id}/…`): each answers the lead with its history. */
export type LeadAction = 'take' | 'spam';

/**
 * The data provider's methods of the moderators' back-office (issue 17): the leads' actions and
 * notes, the complaints' decisions, the realtor requests', the content images' upload.
 */
export const moderationCalls = {
  leadAction: (id: string, action: LeadAction) =>
    (action === 'take'
      ? api.post('/api/cabinet/leads/{id}/take', { path: { id } })
      : api.post('/api/cabinet/leads/{id}/spam', { path: { id } })
    ).then((a) => a.data),
  /** done, with the answer the person is sent by SMS and e-mail (empty: none) */
  completeLead: (id: string, answer: string) =>
    api
      .post('/api/cabinet/leads/{id}/done', { path: { id }, body: { answer: answer.trim() || null } })
      .then((a) => a.data),
  answerLead: (id: string, text: string) =>
    api.post('/api/cabinet/leads/{id}/answer', { path: { id }, body: { text } }).then((a) => a.data),
  addLeadNote: (id: string, text: string) =>
    api.post('/api/cabinet/leads/{id}/notes', { path: { id }, body: { text } }).then((a) => a.data),
  /** a complaint dismissed (the listing stays; the reason may be empty) */
  dismissComplaint: (id: string, reason: string) =>
    api
      .post('/api/cabinet/complaints/{id}/dismiss', { path: { id }, body: { reason: reason.trim() || null } })
      .then((a) => a.data),
  /** a complaint upheld: the listing is declined with the reason its agency reads */
  declineComplainedListing: (id: string, reason: string) =>
    api.post('/api/cabinet/complaints/{id}/decline', { path: { id }, body: { reason } }).then((a) => a.data),
  /** a listing let stand as it is (it leaves the queue), declined with a reason, or restored after a decline */
  approveListing: (id: string) =>
    api.post('/api/moderation/publications/{id}/approve', { path: { id } }).then((a) => a.data),
  declineListing: (id: string, reason: string) =>
    api
      .post('/api/moderation/publications/{id}/decline', { path: { id }, body: { reason } })
      .then((a) => a.data),
  restoreListing: (id: string) =>
    api.post('/api/moderation/publications/{id}/restore', { path: { id } }).then((a) => a.data),
  approveRealtorRequest: (userId: string) =>
    api.post('/api/moderation/realtor-requests/{userId}/approve', { path: { userId } }).then((a) => a.data),
  rejectRealtorRequest: (userId: string, reason: string) =>
    api
      .post('/api/moderation/realtor-requests/{userId}/reject', { path: { userId }, body: { reason } })
      .then((a) => a.data),
  /** a content image (an article's, a slide's…) uploaded as one multipart field `file` */
  uploadContentImage: (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return api.post('/api/cabinet/content-images', { body }).then((a) => a.data);
  },
};
export type ModerationCalls = typeof moderationCalls;
