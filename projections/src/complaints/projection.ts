import type { EventData } from '@estate/events';
import { defineProjection } from '../projection';
import type { ReadStore } from '../readStore/port';

export const COMPLAINTS = 'complaints';
export const COMPLAINT_LISTINGS = 'complaint_listings';

/** open, dismissed (nothing to act on), upheld (the listing was declined) */
export type ComplaintStatus = 'open' | 'dismissed' | 'upheld';
export type ComplaintModerator = { id: string; name: string };
export type ComplaintHistoryEntry = {
  at: string;
  action: 'filed' | 'dismissed' | 'upheld' | 'reopened';
  moderator: ComplaintModerator | null;
  text: string | null;
};

/** A complaint as the moderators read it. */
export type ComplaintDocument = Omit<EventData<'ComplaintFiled'>, 'complaintId'> & {
  _id: string;
  /** revision of the complaint's stream last applied: the idempotency guard */
  revision: number;
  status: ComplaintStatus;
  filedAt: string;
  updatedAt: string;
  resolvedBy: ComplaintModerator | null;
  /** the moderator's reason: why it was dismissed, or why the listing was declined */
  reason: string | null;
  history: ComplaintHistoryEntry[];
};

/** A listing complained about: the moderators' queue, the listings with open complaints first. */
export type ComplaintListingDocument = {
  _id: string;
  title: string;
  agencyId: string | null;
  authorId: string;
  complaintsCount: number;
  openCount: number;
  /** openCount > 0, for the queue's index */
  hasOpen: boolean;
  lastComplaintId: string;
  lastComplaintAt: string;
  lastComment: string;
};

/** a listing's counts and last complaint, from its complaints: the same answer however often it is run */
async function refreshListing(store: ReadStore, publicationId: string) {
  const complaints = store.collection<ComplaintDocument>(COMPLAINTS);
  const [last] = await complaints.find({ publicationId }, { sort: { filedAt: -1, _id: -1 }, limit: 1 });
  if (!last) return;
  const openCount = await complaints.countDocuments({ publicationId, status: 'open' });
  await store.collection<ComplaintListingDocument>(COMPLAINT_LISTINGS).replaceOne(
    { _id: publicationId },
    {
      _id: publicationId,
      title: last.listing.title,
      agencyId: last.listing.agencyId,
      authorId: last.listing.authorId,
      complaintsCount: await complaints.countDocuments({ publicationId }),
      openCount,
      hasOpen: openCount > 0,
      lastComplaintId: last._id,
      lastComplaintAt: last.filedAt,
      lastComment: last.comment,
    },
    { upsert: true },
  );
}

/**
 * The complaints (`complaint-<id>` streams): each complaint with its status and history, and each
 * listing complained about with its counts and last complaint (computed from its complaints, so a
 * step applied again changes nothing).
 */
export const complaintsProjection = defineProjection({
  name: 'complaints',
  version: 1,
  collections: {
    [COMPLAINTS]: [
      { key: { filedAt: -1 } },
      { key: { status: 1, filedAt: -1 } },
      { key: { publicationId: 1, filedAt: -1 } },
      { key: { publicationId: 1, status: 1, filedAt: -1 } },
    ],
    [COMPLAINT_LISTINGS]: [
      { key: { lastComplaintAt: -1 } },
      { key: { hasOpen: 1, lastComplaintAt: -1 } },
      { key: { agencyId: 1, lastComplaintAt: -1 } },
    ],
  },
  handles: ['ComplaintFiled', 'ComplaintDismissed', 'ComplaintUpheld', 'ComplaintReopened'],
  async apply(event, store) {
    const complaints = store.collection<ComplaintDocument>(COMPLAINTS);
    const { complaintId, publicationId } = event.data;
    if (event.type === 'ComplaintFiled') {
      const { complaintId: _id, ...complaint } = event.data;
      if (!(await complaints.findOne({ _id: complaintId })))
        await complaints.insertOne({
          _id: complaintId,
          revision: event.revision,
          ...complaint,
          status: 'open',
          filedAt: event.occurredAt,
          updatedAt: event.occurredAt,
          resolvedBy: null,
          reason: null,
          history: [{ at: event.occurredAt, action: 'filed', moderator: null, text: null }],
        });
      await refreshListing(store, publicationId);
      return;
    }
    const moderator = { id: event.data.moderatorId, name: event.data.moderatorName };
    const step = async (status: ComplaintStatus, reason: string | null) => {
      const action: ComplaintHistoryEntry['action'] = status === 'open' ? 'reopened' : status;
      await complaints.updateOne(
        { _id: complaintId, revision: { $lt: event.revision } },
        {
          $set: {
            status,
            reason,
            resolvedBy: status === 'open' ? null : moderator,
            revision: event.revision,
            updatedAt: event.occurredAt,
          },
          $push: {
            history: { at: event.occurredAt, action, moderator, text: status === 'open' ? null : reason },
          },
        },
      );
      await refreshListing(store, publicationId);
    };
    switch (event.type) {
      case 'ComplaintDismissed':
        return step('dismissed', event.data.reason);
      case 'ComplaintUpheld':
        return step('upheld', event.data.reason);
      case 'ComplaintReopened':
        return step('open', null);
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
});
