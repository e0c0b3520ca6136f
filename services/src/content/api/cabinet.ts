import { MODERATOR_ROLE } from '@estate/events';
import {
  BLOG_CATEGORIES,
  BLOG_POSTS,
  categoriesById,
  findContentItem,
  INVESTMENTS,
  listContentItems,
  siteSettings,
  SLIDES,
  type BlogCategoryDocument,
  type BlogPostDocument,
  type ContentItem,
  type Filter,
  type InvestmentDocument,
  type SlideDocument,
} from '@estate/projections';
import type { z, ZodType } from 'zod';
import { actorOf } from '../../core/access';
import type { AppContext } from '../../core/context';
import { DomainError } from '../../core/errors';
import { contentRange } from '../../core/http';
import { defineRoute, type RouteDeclaration } from '../../core/route';
import {
  changeSettings,
  deleteCategory,
  deletePost,
  runItemCommand,
  saveCategory,
  saveInvestment,
  savePost,
  saveSlide,
  type Saved,
} from '../commands';
import {
  cabinetCategoryDto,
  cabinetCategoryList,
  cabinetContactsDto,
  cabinetInvestmentDto,
  cabinetInvestmentList,
  cabinetInvestmentStatisticsDto,
  cabinetLocationSettingsDto,
  cabinetPostDto,
  cabinetPostList,
  cabinetSlideDto,
  cabinetSlideList,
  cabinetTransactionDealDto,
  contentImageAnswer,
} from '../dto';
import { readImageUpload, storeContentImage } from '../images';
import {
  cabinetCategoriesQuery,
  cabinetInvestmentsQuery,
  cabinetPostsQuery,
  cabinetSlidesQuery,
  categoryForm,
  contentImageBody,
  contactsForm,
  idParams,
  investmentForm,
  investmentStatisticsForm,
  locationSettingsForm,
  postForm,
  slideForm,
  transactionDealForm,
} from '../inputs';
import {
  DEFAULT_INVESTMENT_STATISTICS,
  DEFAULT_LOCATION_SETTINGS,
  toCabinetCategory,
  toCabinetInvestment,
  toCabinetPost,
  toCabinetSlide,
  toSiteSettingsDto,
} from '../view';

/**
 * The moderators' back-office of the content, in react-admin's simple-rest shape under
 * /api/cabinet: each kind of item listed (sort, range, filter; Content-Range), read, created,
 * changed and deleted through its commands. Moderators only: anyone else is refused with 403.
 */
const tags = ['Модерация: контент'];
const MODERATOR = [MODERATOR_ROLE] as const;

/** a text search of a name or title, as typed (not a pattern) */
const containing = (text: string) => ({
  $regex: text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
  $options: 'i',
});

type ListFilter = { id?: string | string[]; q?: string; status?: 'published' | 'hidden' };

function commonFilter(filter: ListFilter, textField: string): Filter {
  return {
    ...(filter.id !== undefined ? { _id: { $in: Array.isArray(filter.id) ? filter.id : [filter.id] } } : {}),
    ...(filter.q ? { [textField]: containing(filter.q) } : {}),
    ...(filter.status ? { status: filter.status } : {}),
  };
}

type Resource<D extends ContentItem, F> = {
  /** the path under /api/cabinet and the Content-Range's resource */
  name: string;
  collection: string;
  /** the summaries' nouns: «статья», «статьи», «статью» */
  nouns: { one: string; many: string; accusative: string };
  notFound: string;
  listQuery: ZodType<{ sort: [string, 'ASC' | 'DESC']; range: [number, number]; filter: ListFilter }>;
  filterOf: (filter: Record<string, unknown>) => Filter;
  form: ZodType<F>;
  record: ZodType;
  list: ZodType;
  toRecords: (ctx: AppContext, docs: D[]) => Promise<unknown[]> | unknown[];
  save: (ctx: AppContext, moderatorId: string, id: string | null, form: F) => Promise<string>;
  remove: (ctx: AppContext, moderatorId: string, id: string) => Promise<void>;
};

/** The five routes of one kind of item. */
function resourceRoutes<D extends ContentItem, F>(r: Resource<D, F>): RouteDeclaration[] {
  const base = `/api/cabinet/${r.name}`;
  const one = async (ctx: AppContext, id: string) => {
    const doc = await findContentItem<D>(ctx.readStore, r.collection, id);
    if (!doc) throw new DomainError('NOT_FOUND', r.notFound);
    return (await r.toRecords(ctx, [doc]))[0];
  };
  return [
    defineRoute({
      method: 'get',
      path: base,
      tags,
      summary: `${r.nouns.many} (react-admin simple-rest): массив, заголовок Content-Range`,
      auth: MODERATOR,
      query: r.listQuery,
      response: r.list,
      async handle({ ctx, query, res }) {
        const [field, order] = query.sort;
        const [from, to] = query.range;
        const { items, total } = await listContentItems<D>(
          ctx.readStore,
          r.collection,
          r.filterOf(query.filter),
          { [field === 'id' ? 'createdAt' : field]: order === 'ASC' ? 1 : -1 },
          from,
          to - from + 1,
        );
        res.set('Content-Range', contentRange(r.name, from, items.length, total));
        return r.toRecords(ctx, items);
      },
    }),
    defineRoute({
      method: 'get',
      path: `${base}/{id}`,
      tags,
      summary: `${r.nouns.one}: опубликованная или скрытая`,
      auth: MODERATOR,
      params: idParams,
      errors: [404],
      response: r.record,
      handle: ({ ctx, params }) => one(ctx, params.id),
    }),
    defineRoute({
      method: 'post',
      path: base,
      tags,
      summary: `Создать ${r.nouns.accusative} (isPublished — сразу опубликовать)`,
      auth: MODERATOR,
      body: r.form,
      status: 201,
      response: r.record,
      async handle({ ctx, body, req }) {
        const id = await r.save(ctx, actorOf(req).userId, null, body);
        return one(ctx, id);
      },
    }),
    defineRoute({
      method: 'put',
      path: `${base}/{id}`,
      tags,
      summary: `Изменить ${r.nouns.accusative}, опубликовать (isPublished: true) или скрыть (false)`,
      auth: MODERATOR,
      params: idParams,
      body: r.form,
      errors: [404],
      response: r.record,
      async handle({ ctx, params, body, req }) {
        await one(ctx, params.id);
        await r.save(ctx, actorOf(req).userId, params.id, body);
        return one(ctx, params.id);
      },
    }),
    defineRoute({
      method: 'delete',
      path: `${base}/{id}`,
      tags,
      summary: `Удалить ${r.nouns.accusative}: пропадает из всех списков (ответ — запись до удаления)`,
      auth: MODERATOR,
      params: idParams,
      errors: [404, 422],
      response: r.record,
      async handle({ ctx, params, req }) {
        const record = await one(ctx, params.id);
        await r.remove(ctx, actorOf(req).userId, params.id);
        return record;
      },
    }),
  ] as RouteDeclaration[];
}

async function postRecords(ctx: AppContext, docs: BlogPostDocument[]) {
  const categories = await categoriesById(
    ctx.readStore,
    docs.map((d) => d.categoryId).filter((id): id is string => id !== null),
  );
  return docs.map((d) => toCabinetPost(d, categories));
}

const posts = resourceRoutes<BlogPostDocument, Saved<z.output<typeof postForm>['details']>>({
  name: 'posts',
  collection: BLOG_POSTS,
  nouns: { one: 'Статья блога или страница', many: 'Статьи блога и страницы', accusative: 'статью' },
  notFound: 'Статья не найдена',
  listQuery: cabinetPostsQuery,
  filterOf: (filter) => ({
    ...commonFilter(filter, 'title'),
    ...(filter.kind ? { kind: filter.kind } : {}),
    ...(filter.categoryId ? { categoryId: filter.categoryId } : {}),
  }),
  form: postForm,
  record: cabinetPostDto,
  list: cabinetPostList,
  toRecords: postRecords,
  save: savePost,
  remove: deletePost,
});

const categories = resourceRoutes<BlogCategoryDocument, Saved<z.output<typeof categoryForm>['details']>>({
  name: 'post-categories',
  collection: BLOG_CATEGORIES,
  nouns: { one: 'Рубрика блога', many: 'Рубрики блога', accusative: 'рубрику' },
  notFound: 'Рубрика не найдена',
  listQuery: cabinetCategoriesQuery,
  filterOf: (filter) => ({
    ...commonFilter(filter, 'name'),
    ...(filter.parentId !== undefined ? { parentId: filter.parentId } : {}),
  }),
  form: categoryForm,
  record: cabinetCategoryDto,
  list: cabinetCategoryList,
  toRecords: (_ctx, docs) => docs.map(toCabinetCategory),
  save: saveCategory,
  remove: deleteCategory,
});

const slides = resourceRoutes<SlideDocument, Saved<z.output<typeof slideForm>['details']>>({
  name: 'slides',
  collection: SLIDES,
  nouns: { one: 'Слайд главной страницы', many: 'Слайды главной страницы', accusative: 'слайд' },
  notFound: 'Слайд не найден',
  listQuery: cabinetSlidesQuery,
  filterOf: (filter) => commonFilter(filter, 'title'),
  form: slideForm,
  record: cabinetSlideDto,
  list: cabinetSlideList,
  toRecords: (_ctx, docs) => docs.map(toCabinetSlide),
  save: saveSlide,
  remove: (ctx, moderatorId, id) => runItemCommand(ctx, 'slide', id, { type: 'Delete', moderatorId }),
});

const investments = resourceRoutes<InvestmentDocument, Saved<z.output<typeof investmentForm>['details']>>({
  name: 'investments',
  collection: INVESTMENTS,
  nouns: { one: 'Объект инвестиций', many: 'Объекты инвестиций', accusative: 'объект инвестиций' },
  notFound: 'Объект не найден',
  listQuery: cabinetInvestmentsQuery,
  filterOf: (filter) => commonFilter(filter, 'title'),
  form: investmentForm,
  record: cabinetInvestmentDto,
  list: cabinetInvestmentList,
  toRecords: (_ctx, docs) => docs.map(toCabinetInvestment),
  save: saveInvestment,
  remove: (ctx, moderatorId, id) => runItemCommand(ctx, 'investment', id, { type: 'Delete', moderatorId }),
});

// the site's settings: one record a section (react-admin's getOne and update of `settings`)

const settingsTags = ['Модерация: контент'];

const readContacts = defineRoute({
  method: 'get',
  path: '/api/cabinet/settings/contacts',
  tags: settingsTags,
  summary: 'Контакты сайта, мессенджеры, соцсети, адрес политики конфиденциальности и документы',
  auth: MODERATOR,
  response: cabinetContactsDto,
  async handle({ ctx }) {
    const { phoneText: _phoneText, ...contacts } = toSiteSettingsDto(await siteSettings(ctx.readStore));
    return { id: 'contacts' as const, ...contacts };
  },
});

const changeContacts = defineRoute({
  method: 'put',
  path: '/api/cabinet/settings/contacts',
  tags: settingsTags,
  summary: 'Изменить контакты сайта',
  auth: MODERATOR,
  body: contactsForm,
  response: cabinetContactsDto,
  async handle({ ctx, body, req }) {
    await changeSettings(ctx, actorOf(req).userId, { section: 'contacts', value: body });
    return { id: 'contacts' as const, ...body };
  },
});

const readLocationSettings = defineRoute({
  method: 'get',
  path: '/api/cabinet/settings/location',
  tags: settingsTags,
  summary: 'Город по умолчанию и центр карты',
  auth: MODERATOR,
  response: cabinetLocationSettingsDto,
  async handle({ ctx }) {
    return {
      id: 'location' as const,
      ...((await siteSettings(ctx.readStore))?.location ?? DEFAULT_LOCATION_SETTINGS),
    };
  },
});

const changeLocationSettings = defineRoute({
  method: 'put',
  path: '/api/cabinet/settings/location',
  tags: settingsTags,
  summary: 'Изменить город по умолчанию и центр карты',
  auth: MODERATOR,
  body: locationSettingsForm,
  response: cabinetLocationSettingsDto,
  async handle({ ctx, body, req }) {
    await changeSettings(ctx, actorOf(req).userId, { section: 'location', value: body });
    return { id: 'location' as const, ...body };
  },
});

const readInvestmentStatistics = defineRoute({
  method: 'get',
  path: '/api/cabinet/settings/investment-statistics',
  tags: settingsTags,
  summary: 'Цифры страницы инвестиций',
  auth: MODERATOR,
  response: cabinetInvestmentStatisticsDto,
  async handle({ ctx }) {
    return {
      id: 'investment-statistics' as const,
      ...((await siteSettings(ctx.readStore))?.investmentStatistics ?? DEFAULT_INVESTMENT_STATISTICS),
    };
  },
});

const changeInvestmentStatistics = defineRoute({
  method: 'put',
  path: '/api/cabinet/settings/investment-statistics',
  tags: settingsTags,
  summary: 'Изменить цифры страницы инвестиций',
  auth: MODERATOR,
  body: investmentStatisticsForm,
  response: cabinetInvestmentStatisticsDto,
  async handle({ ctx, body, req }) {
    await changeSettings(ctx, actorOf(req).userId, { section: 'investment-statistics', value: body });
    return { id: 'investment-statistics' as const, ...body };
  },
});

const readTransactionDeal = defineRoute({
  method: 'get',
  path: '/api/cabinet/settings/transaction-deal',
  tags: settingsTags,
  summary: 'Предложение «Сопровождение сделки» (404, пока его не написали)',
  auth: MODERATOR,
  errors: [404],
  response: cabinetTransactionDealDto,
  async handle({ ctx }) {
    const deal = (await siteSettings(ctx.readStore))?.transactionDeal;
    if (!deal) throw new DomainError('NOT_FOUND', 'Предложение ещё не написано');
    return { id: 'transaction-deal' as const, ...deal };
  },
});

const changeTransactionDeal = defineRoute({
  method: 'put',
  path: '/api/cabinet/settings/transaction-deal',
  tags: settingsTags,
  summary: 'Написать или изменить предложение «Сопровождение сделки»',
  auth: MODERATOR,
  body: transactionDealForm,
  response: cabinetTransactionDealDto,
  async handle({ ctx, body, req }) {
    await changeSettings(ctx, actorOf(req).userId, { section: 'transaction-deal', value: body });
    return { id: 'transaction-deal' as const, ...body };
  },
});

const uploadContentImage = defineRoute({
  method: 'post',
  path: '/api/cabinet/content-images',
  tags,
  summary:
    'Загрузить изображение для статьи, рубрики, слайда или объекта (JPEG, PNG или WebP до 15 МБ в поле file)',
  description:
    'Тип определяется по содержимому. Изображение поворачивается по EXIF, очищается от метаданных, уменьшается до 1920 px по большей стороне и хранится как WebP под именем из хеша: его path указывают в imagePath, backgroundImagePath или в тексте статьи.',
  auth: MODERATOR,
  consumes: 'multipart/form-data',
  body: contentImageBody,
  status: 201,
  response: contentImageAnswer,
  async handle({ ctx, req, res }) {
    return { data: await storeContentImage(ctx, await readImageUpload(req, res)) };
  },
});

export const cabinetContentRoutes: RouteDeclaration[] = [
  ...posts,
  ...categories,
  ...slides,
  ...investments,
  readContacts,
  changeContacts,
  readLocationSettings,
  changeLocationSettings,
  readInvestmentStatistics,
  changeInvestmentStatistics,
  readTransactionDeal,
  changeTransactionDeal,
  uploadContentImage,
] as RouteDeclaration[];
