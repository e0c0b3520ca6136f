import {
  findCategory,
  findPublishedInvestment,
  findPublishedPost,
  INVESTMENTS,
  listPublished,
  listPublishedPosts,
  publishedCategories,
  publishedPostCounts,
  siteSettings,
  SLIDES,
  type InvestmentDocument,
  type SlideDocument,
} from '@estate/projections';
import type { AppContext } from '../../core/context';
import { DomainError } from '../../core/errors';
import { pageMeta } from '../../core/http';
import { defineRoute } from '../../core/route';
import {
  categoryPostsAnswer,
  investmentAnswer,
  investmentListAnswer,
  investmentStatisticsAnswer,
  postAnswer,
  postCategoryListAnswer,
  postListAnswer,
  siteSettingsAnswer,
  slideListAnswer,
  transactionDealAnswer,
} from '../dto';
import { categoryPostsQuery, idParams, pageQuery, slugParams } from '../inputs';
import {
  DEFAULT_INVESTMENT_STATISTICS,
  toCategoryDtos,
  toInvestmentDto,
  toPostDto,
  toPostListItem,
  toSiteSettingsDto,
  toSlideDto,
} from '../view';

/** What visitors read of the content: only what moderators published. */
const blog = ['Блог'];
const site = ['Контент сайта'];

/** The published categories with their counts, and a map of them by id (for the posts' paths). */
async function blogCategories(ctx: AppContext) {
  const [categories, counts] = await Promise.all([
    publishedCategories(ctx.readStore),
    publishedPostCounts(ctx.readStore),
  ]);
  return {
    categories,
    byId: new Map(categories.map((c) => [c._id, c])),
    dtos: toCategoryDtos(categories, counts),
  };
}

export const listPostCategories = defineRoute({
  method: 'get',
  path: '/api/post-categories',
  tags: blog,
  summary:
    'Рубрики блога (опубликованные): верхнего уровня и подрубрики (parentId), с адресом и числом статей',
  auth: 'public',
  response: postCategoryListAnswer,
  async handle({ ctx }) {
    return { data: (await blogCategories(ctx)).dtos };
  },
});

export const listPosts = defineRoute({
  method: 'get',
  path: '/api/posts',
  tags: blog,
  summary: 'Статьи блога, новые первыми (limit, offset — номер страницы с 1)',
  auth: 'public',
  query: pageQuery(),
  response: postListAnswer,
  async handle({ ctx, query }) {
    const { byId } = await blogCategories(ctx);
    const { items, total } = await listPublishedPosts(ctx.readStore, {
      categoryIds: null,
      page: query.offset,
      perPage: query.limit,
    });
    return {
      data: items.map((p) => toPostListItem(p, byId)),
      meta: pageMeta(query.offset, query.limit, total),
    };
  },
});

export const categoryPosts = defineRoute({
  method: 'get',
  path: '/api/post-categories/{id}/posts',
  tags: blog,
  summary:
    'Статьи рубрики и её подрубрик (рубрика по id или адресу; exclude — статья, которую не показывать)',
  auth: 'public',
  params: idParams,
  query: categoryPostsQuery,
  errors: [404],
  response: categoryPostsAnswer,
  async handle({ ctx, params, query }) {
    const { categories, byId, dtos } = await blogCategories(ctx);
    const category = await findCategory(ctx.readStore, params.id, true);
    if (!category || !byId.has(category._id)) throw new DomainError('NOT_FOUND', 'Рубрика не найдена');
    const ids = [category._id, ...categories.filter((c) => c.parentId === category._id).map((c) => c._id)];
    const { items, total } = await listPublishedPosts(ctx.readStore, {
      categoryIds: ids,
      exclude: query.exclude,
      page: query.offset,
      perPage: query.limit,
    });
    return {
      data: items.map((p) => toPostListItem(p, byId)),
      meta: pageMeta(query.offset, query.limit, total),
      category: dtos.find((d) => d.id === category._id)!,
    };
  },
});

export const readPost = defineRoute({
  method: 'get',
  path: '/api/posts/{slug}',
  tags: blog,
  summary: 'Статья или страница (политика конфиденциальности) по адресу: текст — очищенный HTML',
  auth: 'public',
  params: slugParams,
  errors: [404],
  response: postAnswer,
  async handle({ ctx, params }) {
    const [post, { byId }] = await Promise.all([
      findPublishedPost(ctx.readStore, params.slug),
      blogCategories(ctx),
    ]);
    // an article shows while its category does; a page belongs to none
    const visible = post && (post.kind === 'page' || (post.categoryId !== null && byId.has(post.categoryId)));
    if (!post || !visible) throw new DomainError('NOT_FOUND', 'Статья не найдена');
    return { data: toPostDto(post, byId) };
  },
});

/** A page of the published slides or investments, in the moderators' order, with the spec's paging meta. */
async function publishedPage<T extends SlideDocument | InvestmentDocument, Dto>(
  ctx: AppContext,
  collection: typeof SLIDES | typeof INVESTMENTS,
  query: { offset: number; limit: number },
  toDto: (doc: T) => Dto,
) {
  const { items, total } = await listPublished<T>(ctx.readStore, collection, query.offset, query.limit);
  return { data: items.map(toDto), meta: pageMeta(query.offset, query.limit, total) };
}

export const listSlides = defineRoute({
  method: 'get',
  path: '/api/slides',
  tags: site,
  summary: 'Слайды главной страницы в порядке модераторов (limit, offset; главная берёт 5)',
  auth: 'public',
  query: pageQuery(),
  response: slideListAnswer,
  handle: ({ ctx, query }) => publishedPage(ctx, SLIDES, query, toSlideDto),
});

export const listInvestments = defineRoute({
  method: 'get',
  path: '/api/investments',
  tags: site,
  summary: 'Объекты инвестиций: покупка, продажа, срок и доходность (limit, offset)',
  auth: 'public',
  query: pageQuery(),
  response: investmentListAnswer,
  handle: ({ ctx, query }) => publishedPage(ctx, INVESTMENTS, query, toInvestmentDto),
});

export const investmentStatistics = defineRoute({
  method: 'get',
  path: '/api/investments/statistics',
  tags: site,
  summary: 'Цифры страницы инвестиций: сделки, клиенты, комиссия (число и подпись)',
  auth: 'public',
  response: investmentStatisticsAnswer,
  async handle({ ctx }) {
    return {
      data: (await siteSettings(ctx.readStore))?.investmentStatistics ?? DEFAULT_INVESTMENT_STATISTICS,
    };
  },
});

export const readInvestment = defineRoute({
  method: 'get',
  path: '/api/investments/{id}',
  tags: site,
  summary: 'Объект инвестиций',
  auth: 'public',
  params: idParams,
  errors: [404],
  response: investmentAnswer,
  async handle({ ctx, params }) {
    const found = await findPublishedInvestment(ctx.readStore, params.id);
    if (!found) throw new DomainError('NOT_FOUND', 'Объект не найден');
    return { data: toInvestmentDto(found) };
  },
});

export const readSettings = defineRoute({
  method: 'get',
  path: '/api/settings',
  tags: site,
  summary:
    'Контакты сайта: телефон, почта, мессенджеры, соцсети, адрес политики конфиденциальности, документы',
  auth: 'public',
  response: siteSettingsAnswer,
  async handle({ ctx }) {
    return { data: toSiteSettingsDto(await siteSettings(ctx.readStore)) };
  },
});

export const readTransactionDeal = defineRoute({
  method: 'get',
  path: '/api/transaction-deal',
  tags: site,
  summary: 'Сопровождение сделки: предложение, шаги и цена (null, пока модератор его не написал)',
  auth: 'public',
  response: transactionDealAnswer,
  async handle({ ctx }) {
    return { data: (await siteSettings(ctx.readStore))?.transactionDeal ?? null };
  },
});

/** In the order Express must try them: the fixed paths before `{id}`. */
export const publicContentRoutes = [
  listPostCategories,
  categoryPosts,
  listPosts,
  readPost,
  listSlides,
  listInvestments,
  investmentStatistics,
  readInvestment,
  readSettings,
  readTransactionDeal,
];
