import type { ComplaintDetailDto, ContentImageDto, LeadDetailDto } from '@estate/client';
import { at, dataOf } from '../dataProvider';

/** The moderators' actions on a lead (`/api/cabinet/leads/{id}/…`): each answers the lead with its history. */
export type LeadAction = 'take' | 'spam';

const post = <T>(path: string, body?: unknown) =>
  dataOf<T>(path, { method: 'POST', body }).then((a) => a.data);

/**
 * The data provider's methods of the moderators' back-office (issue 17): the leads' actions and
 * notes, the complaints' decisions, the realtor requests', the content images' upload.
 */
export const moderationCalls = {
  leadAction: (id: string, action: LeadAction) =>
    post<LeadDetailDto>(`/api/cabinet/leads/${at(id)}/${action}`),
  /** done, with the answer the person is sent by SMS and e-mail (empty: none) */
  completeLead: (id: string, answer: string) =>
    post<LeadDetailDto>(`/api/cabinet/leads/${at(id)}/done`, { answer: answer.trim() || null }),
  answerLead: (id: string, text: string) =>
    post<LeadDetailDto>(`/api/cabinet/leads/${at(id)}/answer`, { text }),
  addLeadNote: (id: string, text: string) =>
    post<LeadDetailDto>(`/api/cabinet/leads/${at(id)}/notes`, { text }),
  /** a complaint dismissed (the listing stays; the reason may be empty) */
  dismissComplaint: (id: string, reason: string) =>
    post<ComplaintDetailDto>(`/api/cabinet/complaints/${at(id)}/dismiss`, { reason: reason.trim() || null }),
  /** a complaint upheld: the listing is declined with the reason its agency reads */
  declineComplainedListing: (id: string, reason: string) =>
    post<ComplaintDetailDto>(`/api/cabinet/complaints/${at(id)}/decline`, { reason }),
  /** a listing let stand as it is (it leaves the queue), declined with a reason, or restored after a decline */
  approveListing: (id: string) => post<unknown>(`/api/moderation/publications/${at(id)}/approve`),
  declineListing: (id: string, reason: string) =>
    post<unknown>(`/api/moderation/publications/${at(id)}/decline`, { reason }),
  restoreListing: (id: string) => post<unknown>(`/api/moderation/publications/${at(id)}/restore`),
  approveRealtorRequest: (userId: string) =>
    post<unknown>(`/api/moderation/realtor-requests/${at(userId)}/approve`),
  rejectRealtorRequest: (userId: string, reason: string) =>
    post<unknown>(`/api/moderation/realtor-requests/${at(userId)}/reject`, { reason }),
  /** a content image (an article's, a slide's…) uploaded as one multipart field `file` */
  uploadContentImage: (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return post<ContentImageDto>('/api/cabinet/content-images', body);
  },
};
export type ModerationCalls = typeof moderationCalls;
