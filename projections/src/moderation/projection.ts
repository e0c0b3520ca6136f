import { realtorRequestEvents } from '@estate/events/catalogue/agencies';
import { complaintEvents } from '@estate/events/catalogue/complaints';
import { PUBLICATION_STATUS } from '@estate/events';
import { defineProjection, eventTypesOf, ignoreAlreadyApplied } from '../projection';

export const MODERATION_LISTINGS = 'moderation_listings';
export const MODERATION_HISTORY = 'moderation_history';

/**
 * A listing as the moderators' queue reads it: its title, where it stands, and whether it awaits
 * moderation (published and not checked by a moderator since it was last published or edited).
 */
export type ModerationListingDocument = {
  _id: string;
  /** revision of the listing's stream last applied: the idempotency guard */
  revision: number;
  title: string;
  agencyId: string | null;
  authorId: string;
  status: number;
  /** published and not checked since its last publication or edit: the queue */
  awaiting: boolean;
  /** when it was last published or edited while published (what the moderator has to look at) */
  changedAt: string | null;
  checkedAt: string | null;
  checkedBy: string | null;
  declineReason: string | null;
  updatedAt: string;
};

export type ModerationSubject = 'publication' | 'realtor-request';
export type ModerationAction =
  | 'published'
  | 'archived'
  | 'deleted'
  | 'approved'
  | 'declined'
  | 'restored'
  | 'complaint-filed'
  | 'complaint-dismissed'
  | 'complaint-upheld'
  | 'complaint-reopened'
  | 'submitted'
  | 'withdrawn'
  | 'rejected'
  | 'confirmed';

/**
 * One step of a listing's or a realtor request's moderation history. Its id is the stream and
 * revision of the event it comes from, so a step is recorded once however often it is applied.
 */
export type ModerationHistoryDocument = {
  _id: string;
  subject: ModerationSubject;
  /** the listing's id, or the realtor request's (its user's) */
  subjectId: string;
  /** the log's global position: the order of the steps across streams */
  position: number;
  at: string;
  action: ModerationAction;
  /** who did it: the moderator, or the person (the agent, the applicant, a visitor) when known */
  actorId: string | null;
  /** the moderator's name as the event gave it (complaints carry it; the others are named when read) */
  actorName: string | null;
  /** a moderator's reason, or a complaint's comment */
  text: string | null;
};

/**
 * The moderation of listings and realtor requests (issue 17, item 4): the queue of listings awaiting
 * moderation, and every step of a listing's or a request's moderation — who did what and when —
 * from the listings', complaints' and realtor requests' events alone.
 */
export const moderationProjection = defineProjection({
  name: 'moderation',
  version: 1,
  collections: {
    [MODERATION_LISTINGS]: [{ key: { awaiting: 1, changedAt: 1 } }, { key: { status: 1, updatedAt: -1 } }],
    [MODERATION_HISTORY]: [{ key: { subject: 1, subjectId: 1, position: 1 } }],
  },
  handles: [
    'PublicationCreated',
    'PublicationEdited',
    'PublicationPublished',
    'PublicationArchived',
    'PublicationMovedToDraft',
    'PublicationDeactivated',
    'PublicationDeclined',
    'PublicationChecked',
    'PublicationRestored',
    'PublicationDeleted',
    ...eventTypesOf(complaintEvents),
    ...eventTypesOf(realtorRequestEvents),
  ],
  async apply(event, store) {
    const listings = store.collection<ModerationListingDocument>(MODERATION_LISTINGS);
    const history = store.collection<ModerationHistoryDocument>(MODERATION_HISTORY);
    const step = async (
      subject: ModerationSubject,
      subjectId: string,
      action: ModerationAction,
      actorId: string | null,
      text: string | null = null,
      actorName: string | null = null,
      at: string = event.occurredAt,
    ) => {
      const _id = `${event.streamId}@${event.revision}`;
      if (await history.findOne({ _id })) return; // applied already
      await ignoreAlreadyApplied(() =>
        history.insertOne({
          _id,
          subject,
          subjectId,
          position: event.position,
          at,
          action,
          actorId,
          actorName,
          text,
        }),
      );
    };
    /** the listing's document at this revision, once */
    const listing = (publicationId: string, fields: Partial<ModerationListingDocument>) =>
      listings.updateOne(
        { _id: publicationId, revision: { $lt: event.revision } },
        { $set: { ...fields, revision: event.revision, updatedAt: event.occurredAt } },
      );
    const author = event.metadata.actor ?? null;
    const { PUBLISHED } = PUBLICATION_STATUS;
    switch (event.type) {
      case 'PublicationCreated': {
        const { publicationId, agencyId, authorId, details } = event.data;
        if (await listings.findOne({ _id: publicationId })) return;
        await listings.insertOne({
          _id: publicationId,
          revision: event.revision,
          title: details.title,
          agencyId,
          authorId,
          status: PUBLICATION_STATUS.DRAFT,
          awaiting: false,
          changedAt: null,
          checkedAt: null,
          checkedBy: null,
          declineReason: null,
          updatedAt: event.occurredAt,
        });
        return;
      }
      case 'PublicationEdited': {
        const doc = await listings.findOne({ _id: event.data.publicationId });
        if (!doc || doc.revision >= event.revision) return;
        const published = doc.status === PUBLISHED;
        await listing(event.data.publicationId, {
          title: event.data.details.title,
          ...(published ? { awaiting: true, changedAt: event.occurredAt } : {}),
        });
        return;
      }
      case 'PublicationPublished': {
        const at = event.data.publishedAt ?? event.occurredAt;
        await listing(event.data.publicationId, {
          status: PUBLISHED,
          awaiting: true,
          changedAt: at,
          declineReason: null,
        });
        // dated as the listing is (the demo's are published in the past)
        return step('publication', event.data.publicationId, 'published', author, null, null, at);
      }
      case 'PublicationArchived':
        await listing(event.data.publicationId, { status: PUBLICATION_STATUS.ARCHIVED, awaiting: false });
        return step('publication', event.data.publicationId, 'archived', author);
      case 'PublicationMovedToDraft':
        await listing(event.data.publicationId, { status: PUBLICATION_STATUS.DRAFT, awaiting: false });
        return;
      case 'PublicationDeactivated':
        await listing(event.data.publicationId, {
          status: PUBLICATION_STATUS.PUBLISHED_NOT_ACTIVE,
          awaiting: false,
        });
        return;
      case 'PublicationDeclined':
        await listing(event.data.publicationId, {
          status: PUBLICATION_STATUS.DECLINED,
          awaiting: false,
          declineReason: event.data.reason,
        });
        return step(
          'publication',
          event.data.publicationId,
          'declined',
          event.data.moderatorId,
          event.data.reason,
        );
      case 'PublicationChecked':
        await listing(event.data.publicationId, {
          awaiting: false,
          checkedAt: event.occurredAt,
          checkedBy: event.data.moderatorId,
        });
        return step('publication', event.data.publicationId, 'approved', event.data.moderatorId);
      case 'PublicationRestored':
        await listing(event.data.publicationId, {
          status: event.data.status,
          awaiting: false,
          declineReason: null,
          checkedAt: event.occurredAt,
          checkedBy: event.data.moderatorId,
        });
        return step('publication', event.data.publicationId, 'restored', event.data.moderatorId);
      case 'PublicationDeleted':
        await listing(event.data.publicationId, { awaiting: false });
        return step('publication', event.data.publicationId, 'deleted', author);
      case 'ComplaintFiled':
        return step(
          'publication',
          event.data.publicationId,
          'complaint-filed',
          event.data.userId,
          event.data.comment,
        );
      case 'ComplaintDismissed': {
        const { publicationId, moderatorId, moderatorName, reason } = event.data;
        return step('publication', publicationId, 'complaint-dismissed', moderatorId, reason, moderatorName);
      }
      case 'ComplaintUpheld': {
        const { publicationId, moderatorId, moderatorName, reason } = event.data;
        return step('publication', publicationId, 'complaint-upheld', moderatorId, reason, moderatorName);
      }
      case 'ComplaintReopened': {
        const { publicationId, moderatorId, moderatorName } = event.data;
        return step('publication', publicationId, 'complaint-reopened', moderatorId, null, moderatorName);
      }
      case 'RealtorRequestSubmitted':
        return step('realtor-request', event.data.userId, 'submitted', event.data.userId);
      case 'RealtorRequestWithdrawn':
        return step('realtor-request', event.data.userId, 'withdrawn', event.data.userId);
      case 'RealtorRequestApproved':
        return step('realtor-request', event.data.userId, 'approved', event.data.moderatorId);
      case 'RealtorRequestRejected':
        return step(
          'realtor-request',
          event.data.userId,
          'rejected',
          event.data.moderatorId,
          event.data.reason,
        );
      case 'RealtorRequestConfirmed':
        return step('realtor-request', event.data.userId, 'confirmed', event.data.userId);
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
});
