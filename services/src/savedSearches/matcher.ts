import {
  CATALOGUE,
  SAVED_SEARCHES,
  type CatalogueDocument,
  type SavedSearchDocument,
} from '@estate/projections';
import { PUBLICATION_STATUS, type MatchedListing } from '@estate/events';
import type { AppContext } from '../core/context';
import { storedQueryOf } from './filters';
import { moscowDate } from './links';
import { handleSavedSearches } from './savedSearch';
import { SearchIndex } from './searchIndex';

/**
 * The matcher's memory: the active saved searches (not paused, not deleted) in a `SearchIndex`.
 * It is filled once, from the saved searches' read model (built from their events alone), at the
 * first event the reactor handles after the process starts, then kept by the reactor as it follows
 * the searches' own events.
 */
export class SavedSearchMatcher {
  readonly index = new SearchIndex();
  private loaded: Promise<void> | null = null;

  constructor(private readonly ctx: AppContext) {}

  private searches() {
    return this.ctx.readStore.collection<SavedSearchDocument>(SAVED_SEARCHES);
  }

  private file(doc: SavedSearchDocument) {
    if (doc.deleted || doc.paused) {
      this.index.remove(doc._id);
      return;
    }
    const query = storedQueryOf(doc.filters);
    if (!query) {
      this.index.remove(doc._id);
      this.ctx.logger.warn(
        { searchId: doc._id },
        'a saved search whose filters no longer parse is not matched',
      );
      return;
    }
    this.index.add({ id: doc._id, userId: doc.userId, query, since: doc.since });
  }

  /** the index as of the read model at `position` or later (positions after the event are filtered by `since`) */
  async ready(position: number) {
    this.loaded ??= (async () => {
      await this.ctx.projections.whenCaughtUp(position);
      const docs = await this.searches().find({ deleted: false, paused: false });
      // a hundred thousand searches are filed a thousand at a time, so requests are answered meanwhile
      for (let i = 0; i < docs.length; i++) {
        this.file(docs[i]);
        if (i % 1000 === 999) await new Promise((resolve) => setImmediate(resolve));
      }
    })().catch((error: unknown) => {
      this.loaded = null;
      throw error;
    });
    await this.loaded;
  }

  /** one search changed: filed again as the read model has it now */
  async refresh(searchId: string, position: number) {
    await this.ready(position);
    await this.ctx.projections.whenCaughtUp(position);
    const doc = await this.searches().findOne({ _id: searchId });
    if (doc) this.file(doc);
    else this.index.remove(searchId);
  }

  /**
   * A listing just published (or made cheaper) against every active search: the index gives the
   * candidates, the catalogue's filter decides, and each user's matches are recorded on their
   * stream, whose decider keeps a listing from alerting a search twice (and paused ones at all).
   * The listing is read as the catalogue has it once the read models have applied the event.
   */
  async matchListing(
    publicationId: string,
    reason: 'published' | 'price-drop',
    event: { position: number; eventId: string; occurredAt: string; metadata: { correlationId: string } },
    oldPrice: number | null = null,
  ) {
    await this.ready(event.position);
    await this.ctx.projections.whenCaughtUp(event.position);
    const doc = await this.ctx.readStore
      .collection<CatalogueDocument>(CATALOGUE)
      .findOne({ _id: publicationId });
    if (!doc || doc.status !== PUBLICATION_STATUS.PUBLISHED) return 0;
    const found = this.index.match(doc, event.position);
    if (found.length === 0) return 0;
    const byUser = new Map<string, string[]>();
    for (const search of found) byUser.set(search.userId, [...(byUser.get(search.userId) ?? []), search.id]);
    const listing: MatchedListing = {
      title: doc.title,
      price: doc.price,
      oldPrice: reason === 'price-drop' ? oldPrice : null,
      dealCategory: doc.dealCategory,
      address: doc.address.fullAddress.slice(0, 300),
    };
    for (const [userId, searchIds] of byUser)
      await handleSavedSearches(
        this.ctx.eventStore,
        userId,
        {
          type: 'RecordMatch',
          userId,
          publicationId,
          reason,
          listing,
          searchIds,
          today: moscowDate(event.occurredAt),
        },
        {
          actor: 'saved-searches-matcher',
          causationId: event.eventId,
          correlationId: event.metadata.correlationId,
        },
      );
    return found.length;
  }
}
