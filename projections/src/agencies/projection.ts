import { realtorRequestEvents } from '@estate/events/catalogue/agencies';
import type { AgencyDetails } from '@estate/events';
import { defineProjection, eventTypesOf } from '../projection';

export const REALTOR_REQUESTS = 'realtor_requests';
export type RealtorRequestDocument = {
  _id: string;
  revision: number;
  status: 'none' | 'review' | 'approved' | 'rejected' | 'confirmed';
  contactName: string | null;
  details: AgencyDetails | null;
  reason: string | null;
  agencyId: string | null;
  updatedAt: string;
};

/** Realtor requests, one per user, as the user and the moderators read them. */
export const realtorRequestsProjection = defineProjection({
  name: 'realtor-requests',
  version: 1,
  collections: { [REALTOR_REQUESTS]: [{ key: { status: 1, updatedAt: 1 } }] },
  handles: eventTypesOf(realtorRequestEvents),
  async apply(event, store) {
    const { userId } = event.data;
    const requests = store.collection<RealtorRequestDocument>(REALTOR_REQUESTS);
    const set = (fields: Partial<RealtorRequestDocument>) =>
      requests.updateOne(
        { _id: userId, revision: { $lt: event.revision } },
        { $set: { ...fields, revision: event.revision, updatedAt: event.occurredAt } },
        { upsert: false },
      );
    switch (event.type) {
      case 'RealtorRequestSubmitted': {
        const { contactName, details } = event.data;
        const doc: RealtorRequestDocument = {
          _id: userId,
          revision: event.revision,
          status: 'review',
          contactName,
          details,
          reason: null,
          agencyId: null,
          updatedAt: event.occurredAt,
        };
        // a replay finds a newer revision stored and leaves it
        const current = await requests.findOne({ _id: userId });
        if (!current || current.revision < event.revision)
          await requests.replaceOne({ _id: userId }, doc, { upsert: true });
        return;
      }
      case 'RealtorRequestWithdrawn':
        return void (await set({ status: 'none', contactName: null, details: null, reason: null }));
      case 'RealtorRequestApproved':
        return void (await set({ status: 'approved', reason: null }));
      case 'RealtorRequestRejected':
        return void (await set({
          status: 'rejected',
          reason: event.data.reason,
        }));
      case 'RealtorRequestConfirmed':
        return void (await set({
          status: 'confirmed',
          agencyId: event.data.agencyId,
        }));
    }
  },
});
