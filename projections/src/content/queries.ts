import type { Filter, ReadStore, Sort } from '../readStore/port';
import {
  BLOG_CATEGORIES,
  BLOG_POSTS,
  INVESTMENTS,
  SITE_SETTINGS,
  SITE_SETTINGS_ID,
  type BlogCategoryDocument,
  type BlogPostDocument,
  type ContentItem,
  type InvestmentDocument,
  type SiteSettingsDocument,
  type SlideDocument,
} from './document';

/** not deleted: what the cabinet lists */
export const NOT_DELETED: Filter = { status: { $in: ['hidden', 'published'] } };

const categories = (store: ReadStore) => store.collection<BlogCategoryDocument>(BLOG_CATEGORIES);
const posts = (store: ReadStore) => store.collection<BlogPostDocument>(BLOG_POSTS);

/**
 * The blog's published categories, in the moderators' order (then by name); a sub-category shows
 * only while the category it is under is published too.
 */
export async function publishedCategories(store: ReadStore) {
  const found = await categories(store).find(
    { status: 'published' },
    { sort: { position: 1, name: 1, _id: 1 } },
  );
  const shown = new Set(found.filter((c) => !c.parentId).map((c) => c._id));
  return found.filter((c) => !c.parentId || shown.has(c.parentId));
}

/** A category by id, else by slug (the site addresses it by slug); a deleted one is none. */
export async function findCategory(store: ReadStore, idOrSlug: string, publishedOnly: boolean) {
  const status = publishedOnly ? 'published' : NOT_DELETED.status;
  return (
    (await categories(store).findOne({ _id: idOrSlug, status })) ??
    (await categories(store).findOne({ slug: idOrSlug, status }))
  );
}

/**
 * A page of published articles, newest first: of the given categories (null: any), each of them
 * published itself; `exclude` leaves one post out (the one being read, for 'read on topic').
 */
export async function listPublishedPosts(
  store: ReadStore,
  q: { categoryIds: string[] | null; exclude?: string; page: number; perPage: number },
) {
  const visible = (await publishedCategories(store)).map((c) => c._id);
  const ids = q.categoryIds ? visible.filter((id) => q.categoryIds!.includes(id)) : visible;
  const filter: Filter = {
    kind: 'article',
    status: 'published',
    categoryId: { $in: ids },
    ...(q.exclude ? { _id: { $ne: q.exclude }, slug: { $ne: q.exclude } } : {}),
  };
  return posts(store).findPage(filter, {
    sort: { publishedAt: -1, _id: 1 },
    skip: (q.page - 1) * q.perPage,
    limit: q.perPage,
  });
}

/** How many published articles each published category holds itself (not counting its children's). */
export async function publishedPostCounts(store: ReadStore): Promise<Map<string, number>> {
  const docs = await posts(store).find(
    { kind: 'article', status: 'published' },
    { projection: { categoryId: 1 } },
  );
  const counts = new Map<string, number>();
  for (const d of docs) if (d.categoryId) counts.set(d.categoryId, (counts.get(d.categoryId) ?? 0) + 1);
  return counts;
}

/** A published post by its address (an article is shown only while its category is: the caller checks). */
export const findPublishedPost = (store: ReadStore, slug: string) =>
  posts(store).findOne({ slug, status: 'published' });

/** Categories by id, whatever their status (the cabinet shows a hidden one's name too). */
export async function categoriesById(store: ReadStore, ids: string[]) {
  const found = await categories(store).find({ _id: { $in: [...new Set(ids)] } });
  return new Map(found.map((c) => [c._id, c]));
}

/** A page of published slides or investment objects, in the moderators' order, newest first among equals. */
export function listPublished<T extends SlideDocument | InvestmentDocument>(
  store: ReadStore,
  collection: string,
  page: number,
  perPage: number,
) {
  return store
    .collection<T>(collection)
    .findPage(
      { status: 'published' },
      { sort: { position: 1, publishedAt: -1, _id: 1 }, skip: (page - 1) * perPage, limit: perPage },
    );
}

export const findPublishedInvestment = (store: ReadStore, id: string) =>
  store.collection<InvestmentDocument>(INVESTMENTS).findOne({ _id: id, status: 'published' });

/** The cabinet's list of one kind of item: any filter, any sort, never the deleted ones (unless asked by status). */
export function listContentItems<T extends ContentItem>(
  store: ReadStore,
  collection: string,
  filter: Filter,
  sort: Sort,
  skip: number,
  limit: number,
) {
  return store
    .collection<T>(collection)
    .findPage(
      { ...filter, status: filter.status ?? NOT_DELETED.status },
      { sort: { ...sort, _id: 1 }, skip, limit },
    );
}

/** One item as the cabinet edits it (hidden or published). */
export const findContentItem = <T extends ContentItem>(store: ReadStore, collection: string, id: string) =>
  store.collection<T>(collection).findOne({ _id: id, ...NOT_DELETED });

export const siteSettings = (store: ReadStore) =>
  store.collection<SiteSettingsDocument>(SITE_SETTINGS).findOne({ _id: SITE_SETTINGS_ID });
