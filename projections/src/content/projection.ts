import { defineProjection, ignoreAlreadyApplied } from '../projection';
import type { Collection, ReadStore } from '../readStore/port';
import {
  BLOG_CATEGORIES,
  BLOG_POSTS,
  INVESTMENTS,
  SITE_SETTINGS,
  SITE_SETTINGS_ID,
  SLIDES,
  type ContentItem,
  type SiteSettingsDocument,
} from './document';

type Applied = { revision: number; occurredAt: string };

/** the fields every item's write sets, from the event that wrote them */
const stamp = (event: Applied, moderatorId: string) => ({
  revision: event.revision,
  updatedAt: event.occurredAt,
  updatedBy: moderatorId,
});

async function created(
  items: Collection<ContentItem>,
  id: string,
  details: object,
  moderatorId: string,
  event: Applied,
) {
  const document = {
    _id: id,
    ...details,
    status: 'hidden' as const,
    publishedAt: null,
    createdAt: event.occurredAt,
    createdBy: moderatorId,
    ...stamp(event, moderatorId),
  };
  // a second delivery finds the document there already
  await ignoreAlreadyApplied(() => items.insertOne(document));
}

/** an item's change, applied once: only to a document at an older revision */
const changed = (items: Collection<ContentItem>, id: string, fields: object, event: Applied) =>
  items.updateOne({ _id: id, revision: { $lt: event.revision } }, { $set: { ...fields } });

const itemsOf = (store: ReadStore, name: string) => store.collection<ContentItem>(name);

/**
 * The content moderators write: blog categories and posts, slides, investment objects (each with
 * its status, a deleted one kept as a tombstone) and the site's settings. Built from the content
 * streams alone; the API joins posts to their categories when it reads.
 */
export const contentProjection = defineProjection({
  name: 'content',
  version: 1,
  collections: {
    [BLOG_POSTS]: [{ key: { kind: 1, status: 1, publishedAt: -1 } }, { key: { slug: 1 } }],
    [BLOG_CATEGORIES]: [{ key: { status: 1, position: 1 } }, { key: { slug: 1 } }],
    [SLIDES]: [{ key: { status: 1, position: 1 } }],
    [INVESTMENTS]: [{ key: { status: 1, position: 1 } }],
    [SITE_SETTINGS]: [],
  },
  handles: [
    'PostCreated',
    'PostEdited',
    'PostPublished',
    'PostHidden',
    'PostDeleted',
    'PostCategoryCreated',
    'PostCategoryEdited',
    'PostCategoryPublished',
    'PostCategoryHidden',
    'PostCategoryDeleted',
    'SlideCreated',
    'SlideEdited',
    'SlidePublished',
    'SlideHidden',
    'SlideDeleted',
    'InvestmentCreated',
    'InvestmentEdited',
    'InvestmentPublished',
    'InvestmentHidden',
    'InvestmentDeleted',
    'SiteContactsChanged',
    'LocationSettingsChanged',
    'InvestmentStatisticsChanged',
    'TransactionDealChanged',
  ],
  async apply(event, store) {
    const posts = itemsOf(store, BLOG_POSTS);
    const categories = itemsOf(store, BLOG_CATEGORIES);
    const slides = itemsOf(store, SLIDES);
    const investments = itemsOf(store, INVESTMENTS);
    const published = (publishedAt: string, moderatorId: string) => ({
      status: 'published',
      publishedAt,
      ...stamp(event, moderatorId),
    });
    const statusOf = (status: 'hidden' | 'deleted', moderatorId: string) => ({
      status,
      ...stamp(event, moderatorId),
    });
    switch (event.type) {
      case 'PostCreated':
        return created(posts, event.data.postId, event.data.details, event.data.moderatorId, event);
      case 'PostEdited':
        return void (await changed(
          posts,
          event.data.postId,
          { ...event.data.details, ...stamp(event, event.data.moderatorId) },
          event,
        ));
      case 'PostPublished':
        return void (await changed(
          posts,
          event.data.postId,
          published(event.data.publishedAt, event.data.moderatorId),
          event,
        ));
      case 'PostHidden':
      case 'PostDeleted':
        return void (await changed(
          posts,
          event.data.postId,
          statusOf(event.type === 'PostHidden' ? 'hidden' : 'deleted', event.data.moderatorId),
          event,
        ));

      case 'PostCategoryCreated':
        return created(categories, event.data.categoryId, event.data.details, event.data.moderatorId, event);
      case 'PostCategoryEdited':
        return void (await changed(
          categories,
          event.data.categoryId,
          { ...event.data.details, ...stamp(event, event.data.moderatorId) },
          event,
        ));
      case 'PostCategoryPublished':
        return void (await changed(
          categories,
          event.data.categoryId,
          published(event.data.publishedAt, event.data.moderatorId),
          event,
        ));
      case 'PostCategoryHidden':
      case 'PostCategoryDeleted':
        return void (await changed(
          categories,
          event.data.categoryId,
          statusOf(event.type === 'PostCategoryHidden' ? 'hidden' : 'deleted', event.data.moderatorId),
          event,
        ));

      case 'SlideCreated':
        return created(slides, event.data.slideId, event.data.details, event.data.moderatorId, event);
      case 'SlideEdited':
        return void (await changed(
          slides,
          event.data.slideId,
          { ...event.data.details, ...stamp(event, event.data.moderatorId) },
          event,
        ));
      case 'SlidePublished':
        return void (await changed(
          slides,
          event.data.slideId,
          published(event.data.publishedAt, event.data.moderatorId),
          event,
        ));
      case 'SlideHidden':
      case 'SlideDeleted':
        return void (await changed(
          slides,
          event.data.slideId,
          statusOf(event.type === 'SlideHidden' ? 'hidden' : 'deleted', event.data.moderatorId),
          event,
        ));

      case 'InvestmentCreated':
        return created(
          investments,
          event.data.investmentId,
          event.data.details,
          event.data.moderatorId,
          event,
        );
      case 'InvestmentEdited':
        return void (await changed(
          investments,
          event.data.investmentId,
          { ...event.data.details, ...stamp(event, event.data.moderatorId) },
          event,
        ));
      case 'InvestmentPublished':
        return void (await changed(
          investments,
          event.data.investmentId,
          published(event.data.publishedAt, event.data.moderatorId),
          event,
        ));
      case 'InvestmentHidden':
      case 'InvestmentDeleted':
        return void (await changed(
          investments,
          event.data.investmentId,
          statusOf(event.type === 'InvestmentHidden' ? 'hidden' : 'deleted', event.data.moderatorId),
          event,
        ));

      case 'SiteContactsChanged':
        return setSection(store, event, { contacts: event.data.contacts }, event.data.moderatorId);
      case 'LocationSettingsChanged':
        return setSection(store, event, { location: event.data.settings }, event.data.moderatorId);
      case 'InvestmentStatisticsChanged':
        return setSection(
          store,
          event,
          { investmentStatistics: event.data.statistics },
          event.data.moderatorId,
        );
      case 'TransactionDealChanged':
        return setSection(
          store,
          event,
          { transactionDeal: event.data.transactionDeal },
          event.data.moderatorId,
        );
    }
  },
});

/** One section of the settings document (made with every section empty by the first change). */
async function setSection(
  store: ReadStore,
  event: Applied,
  section: Partial<SiteSettingsDocument>,
  moderatorId: string,
) {
  const settings = store.collection<SiteSettingsDocument>(SITE_SETTINGS);
  const fields = { ...section, ...stamp(event, moderatorId) };
  const current = await settings.findOne({ _id: SITE_SETTINGS_ID });
  if (current) {
    await settings.updateOne({ _id: SITE_SETTINGS_ID, revision: { $lt: event.revision } }, { $set: fields });
    return;
  }
  await ignoreAlreadyApplied(() =>
    settings.insertOne({
      _id: SITE_SETTINGS_ID,
      contacts: null,
      location: null,
      investmentStatistics: null,
      transactionDeal: null,
      ...fields,
    }),
  );
}
