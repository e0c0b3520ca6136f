import type { DomainEvent, PostCategoryDetails, PostDetails, SlideDetails } from '@estate/events';
import { appliedOnceAndTwice, project, storedEvents } from '../projectionSpec';
import { BLOG_POSTS, SITE_SETTINGS, SLIDES } from './document';
import { contentProjection } from './projection';
import {
  findPublishedPost,
  listContentItems,
  listPublished,
  listPublishedPosts,
  publishedCategories,
  publishedPostCounts,
  siteSettings,
} from './queries';

const moderatorId = 'm1';
const category = (slug: string, parentId: string | null = null): PostCategoryDetails => ({
  slug,
  name: slug,
  description: '',
  imagePath: null,
  parentId,
  position: 1,
});
const post = (
  slug: string,
  categoryId: string | null,
  kind: 'article' | 'page' = 'article',
): PostDetails => ({
  kind,
  slug,
  title: `Статья ${slug}`,
  description: '<p>Текст</p>',
  descriptionMeta: 'Текст',
  imagePath: null,
  categoryId,
});
const slide = (title: string, position: number): SlideDetails => ({
  title,
  subtitle: '',
  buttonTitle: '',
  link: null,
  buttonColor: '#000000',
  fontColor: '#ffffff',
  backgroundImagePath: '/storage/demo-content/slide-1.svg',
  position,
});
const day = (d: number) => `2026-02-${String(d).padStart(2, '0')}T10:00:00.000Z`;

const e = (streamId: string, event: DomainEvent) => ({ streamId, event });
const history = storedEvents([
  e('post-category-c1', {
    type: 'PostCategoryCreated',
    data: { categoryId: 'c1', moderatorId, details: category('pokupka') },
  }),
  e('post-category-c1', {
    type: 'PostCategoryPublished',
    data: { categoryId: 'c1', moderatorId, publishedAt: day(1) },
  }),
  e('post-category-c2', {
    type: 'PostCategoryCreated',
    data: { categoryId: 'c2', moderatorId, details: category('ipoteka', 'c1') },
  }),
  e('post-category-c2', {
    type: 'PostCategoryPublished',
    data: { categoryId: 'c2', moderatorId, publishedAt: day(1) },
  }),
  e('post-category-c3', {
    type: 'PostCategoryCreated',
    data: { categoryId: 'c3', moderatorId, details: category('arenda') },
  }),
  // p1 in c1, p2 in the sub-category c2, p3 hidden, p4 in the hidden c3, a page, p5 deleted
  e('post-p1', { type: 'PostCreated', data: { postId: 'p1', moderatorId, details: post('odin', 'c1') } }),
  e('post-p1', { type: 'PostPublished', data: { postId: 'p1', moderatorId, publishedAt: day(3) } }),
  e('post-p2', { type: 'PostCreated', data: { postId: 'p2', moderatorId, details: post('dva', 'c2') } }),
  e('post-p2', { type: 'PostPublished', data: { postId: 'p2', moderatorId, publishedAt: day(5) } }),
  e('post-p3', { type: 'PostCreated', data: { postId: 'p3', moderatorId, details: post('tri', 'c1') } }),
  e('post-p4', { type: 'PostCreated', data: { postId: 'p4', moderatorId, details: post('chetyre', 'c3') } }),
  e('post-p4', { type: 'PostPublished', data: { postId: 'p4', moderatorId, publishedAt: day(6) } }),
  e('post-page', {
    type: 'PostCreated',
    data: { postId: 'page', moderatorId, details: post('politika', null, 'page') },
  }),
  e('post-page', { type: 'PostPublished', data: { postId: 'page', moderatorId, publishedAt: day(2) } }),
  e('post-p5', { type: 'PostCreated', data: { postId: 'p5', moderatorId, details: post('pyat', 'c1') } }),
  e('post-p5', { type: 'PostPublished', data: { postId: 'p5', moderatorId, publishedAt: day(7) } }),
  e('post-p5', { type: 'PostDeleted', data: { postId: 'p5', moderatorId: 'm2' } }),
  // p1 renamed by another moderator
  e('post-p1', {
    type: 'PostEdited',
    data: { postId: 'p1', moderatorId: 'm2', details: { ...post('odin', 'c1'), title: 'Первая' } },
  }),
  e('slide-s1', { type: 'SlideCreated', data: { slideId: 's1', moderatorId, details: slide('Второй', 2) } }),
  e('slide-s1', { type: 'SlidePublished', data: { slideId: 's1', moderatorId, publishedAt: day(1) } }),
  e('slide-s2', { type: 'SlideCreated', data: { slideId: 's2', moderatorId, details: slide('Первый', 1) } }),
  e('slide-s2', { type: 'SlidePublished', data: { slideId: 's2', moderatorId, publishedAt: day(1) } }),
  e('slide-s3', { type: 'SlideCreated', data: { slideId: 's3', moderatorId, details: slide('Скрытый', 0) } }),
  e('settings', {
    type: 'LocationSettingsChanged',
    data: { moderatorId, settings: { defaultLocationId: '2', mapCenter: { lat: 59.93, lon: 30.31 } } },
  }),
  e('settings', {
    type: 'InvestmentStatisticsChanged',
    data: {
      moderatorId: 'm2',
      statistics: {
        text: 'Доходность',
        deal: { count: 3500, text: 'сделок' },
        client: { count: 10, text: 'клиентов' },
        commission: { count: 0, text: 'комиссии' },
      },
    },
  }),
]);
const projections = [contentProjection];

describe('content projection', () => {
  it('given a post written, published and renamed, then one document with who did what', async () => {
    const store = await project(projections, history);
    const created = history.find((x) => x.streamId === 'post-p1')!;
    const edited = history.filter((x) => x.streamId === 'post-p1').at(-1)!;
    expect(await store.collection(BLOG_POSTS).findOne({ _id: 'p1' })).toEqual({
      _id: 'p1',
      revision: 2,
      ...post('odin', 'c1'),
      title: 'Первая',
      status: 'published',
      publishedAt: day(3),
      createdAt: created.occurredAt,
      createdBy: 'm1',
      updatedAt: edited.occurredAt,
      updatedBy: 'm2',
    });
  });

  it('keeps a deleted post as a tombstone the cabinet and the site never list', async () => {
    const store = await project(projections, history);
    expect(await store.collection(BLOG_POSTS).findOne({ _id: 'p5' })).toMatchObject({
      status: 'deleted',
      updatedBy: 'm2',
    });
    const cabinet = await listContentItems(store, BLOG_POSTS, {}, { createdAt: 1 }, 0, 50);
    expect(cabinet.items.map((d) => d._id)).toEqual(['p1', 'p2', 'p3', 'p4', 'page']);
  });

  it('lists published articles of published categories, newest first; a category’s list takes its sub-categories', async () => {
    const store = await project(projections, history);
    const ids = async (categoryIds: string[] | null, exclude?: string) =>
      (await listPublishedPosts(store, { categoryIds, exclude, page: 1, perPage: 10 })).items.map(
        (d) => d._id,
      );
    expect(await ids(null)).toEqual(['p2', 'p1']);
    expect(await ids(['c1', 'c2'])).toEqual(['p2', 'p1']);
    expect(await ids(['c1', 'c2'], 'dva')).toEqual(['p1']);
    expect(await ids(['c3'])).toEqual([]);
    // same position: by name
    expect((await publishedCategories(store)).map((c) => c._id)).toEqual(['c2', 'c1']);
    expect(Object.fromEntries(await publishedPostCounts(store))).toEqual({ c1: 1, c2: 1, c3: 1 });
  });

  it('finds a published post or page by its address, never a hidden or deleted one', async () => {
    const store = await project(projections, history);
    expect((await findPublishedPost(store, 'odin'))?._id).toBe('p1');
    expect((await findPublishedPost(store, 'politika'))?.kind).toBe('page');
    expect(await findPublishedPost(store, 'tri')).toBeNull();
    expect(await findPublishedPost(store, 'pyat')).toBeNull();
  });

  it('lists published slides in the moderators’ order', async () => {
    const store = await project(projections, history);
    const { items, total } = await listPublished(store, SLIDES, 1, 5);
    expect(items.map((s) => s._id)).toEqual(['s2', 's1']);
    expect(total).toBe(2);
  });

  it('keeps each settings section as last set, the others empty', async () => {
    const store = await project(projections, history);
    expect(await siteSettings(store)).toMatchObject({
      contacts: null,
      transactionDeal: null,
      location: { defaultLocationId: '2' },
      investmentStatistics: { deal: { count: 3500 } },
      updatedBy: 'm2',
    });
  });

  it('changes nothing when the same events are applied again, or an older one arrives late', async () => {
    const { once: documents, twice } = await appliedOnceAndTwice(projections, history, [
      BLOG_POSTS,
      SLIDES,
      SITE_SETTINGS,
    ]);
    expect(twice).toEqual(documents);
    const once = await project(projections, history);
    // the post's creation delivered again after its deletion: still deleted
    await contentProjection.apply(
      history.find((x) => x.streamId === 'post-p5')!,
      once,
    );
    expect(await once.collection(BLOG_POSTS).findOne({ _id: 'p5' })).toMatchObject({ status: 'deleted' });
    await contentProjection.apply(
      history.find((x) => x.type === 'LocationSettingsChanged')!,
      once,
    );
    expect(await siteSettings(once)).toMatchObject({ revision: 1, updatedBy: 'm2' });
  });
});
