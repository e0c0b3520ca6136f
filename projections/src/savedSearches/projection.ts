import { savedSearchEvents } from '@estate/events';
import type { SavedSearchAlerts } from '@estate/events';
import { defineProjection, eventTypesOf } from '../projection';

export const SAVED_SEARCHES = 'saved_searches';

/** One saved search as its user's account lists it, and as the alerts' matcher and digests find it. */
export type SavedSearchDocument = {
  _id: string;
  /** revision of the user's `saved-searches-<userId>` stream last applied to this search: the idempotency guard */
  revision: number;
  userId: string;
  name: string;
  /** the catalogue search body (publications' searchBody without the page) */
  filters: Record<string, unknown>;
  alerts: SavedSearchAlerts;
  paused: boolean;
  /** kept as a tombstone, so an old event delivered again never brings the search back */
  deleted: boolean;
  createdAt: string;
  updatedAt: string;
  /** when the user last opened it (null: never since it was saved) */
  lastVisitAt: string | null;
  /** listings new to this search since the last visit (price drops of listings already counted are not new) */
  newCount: number;
  /** every listing it ever matched as new */
  matchedCount: number;
  lastMatchAt: string | null;
  /** matches waiting for the daily or weekly digest */
  pending: number;
  /** the log position it was saved at: listings published before it never alert it */
  since: number;
};

/**
 * The saved searches (`saved-searches-<userId>` streams): one document per search. The stream is the
 * user's, so a search's document records the stream revision it last applied; an event at or
 * below it changes nothing.
 */
export const savedSearchesProjection = defineProjection({
  name: 'saved-searches',
  version: 1,
  collections: {
    [SAVED_SEARCHES]: [
      { key: { userId: 1, deleted: 1, createdAt: -1 } },
      { key: { 'alerts.frequency': 1, paused: 1, deleted: 1, pending: 1 } },
    ],
  },
  handles: eventTypesOf(savedSearchEvents),
  async apply(event, store) {
    const searches = store.collection<SavedSearchDocument>(SAVED_SEARCHES);
    const at = event.occurredAt;
    const set = (searchId: string, fields: Partial<SavedSearchDocument>) =>
      searches.updateOne(
        { _id: searchId, revision: { $lt: event.revision } },
        { $set: { ...fields, revision: event.revision, updatedAt: at } },
      );
    switch (event.type) {
      case 'SavedSearchCreated': {
        const { searchId, userId, name, filters, alerts } = event.data;
        if (await searches.findOne({ _id: searchId })) return; // applied already
        await searches.insertOne({
          _id: searchId,
          revision: event.revision,
          userId,
          name,
          filters,
          alerts,
          paused: false,
          deleted: false,
          createdAt: at,
          updatedAt: at,
          lastVisitAt: null,
          newCount: 0,
          matchedCount: 0,
          lastMatchAt: null,
          pending: 0,
          since: event.position,
        });
        return;
      }
      case 'SavedSearchRenamed':
        await set(event.data.searchId, { name: event.data.name });
        return;
      case 'SavedSearchAlertsChanged':
        await set(event.data.searchId, {
          alerts: event.data.alerts,
          ...(event.data.alerts.frequency === 'instant' ? { pending: 0 } : {}),
        });
        return;
      case 'SavedSearchPaused':
        await set(event.data.searchId, { paused: true, pending: 0 });
        return;
      case 'SavedSearchResumed':
        await set(event.data.searchId, { paused: false });
        return;
      case 'SavedSearchDeleted':
        await set(event.data.searchId, { deleted: true, pending: 0 });
        return;
      case 'SavedSearchVisited':
        // a visit is the user's, not a change of the search: `updatedAt` stays
        await searches.updateOne(
          { _id: event.data.searchId, revision: { $lt: event.revision } },
          { $set: { lastVisitAt: at, newCount: 0, revision: event.revision } },
        );
        return;
      case 'SavedSearchMatched': {
        for (const { searchId, kind } of event.data.matches) {
          const doc = await searches.findOne({ _id: searchId, revision: { $lt: event.revision } });
          if (!doc) continue;
          const isNew = kind === 'new' ? 1 : 0;
          await searches.updateOne(
            { _id: searchId, revision: { $lt: event.revision } },
            {
              $set: {
                revision: event.revision,
                lastMatchAt: at,
                newCount: doc.newCount + isNew,
                matchedCount: doc.matchedCount + isNew,
                pending: doc.alerts.frequency === 'instant' ? doc.pending : doc.pending + 1,
              },
            },
          );
        }
        return;
      }
      case 'SavedSearchDigestSent':
        for (const searchId of event.data.searchIds)
          await searches.updateOne(
            { _id: searchId, revision: { $lt: event.revision } },
            { $set: { pending: 0, revision: event.revision } },
          );
        return;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
});
