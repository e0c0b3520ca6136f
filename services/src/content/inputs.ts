import { BLOG_SLUG_PATTERN, CONTENT_IMAGE_PATTERN, MESSENGERS, SOCIALS } from '@estate/events';
import { z } from 'zod';
import { jsonParam, simpleRestRange } from '../core/http';
import { hasVisibleCharacter, INVISIBLE_ONLY_TEXT, trimWritten, writtenText } from '../core/text';
import { plainText, sanitizeContentHtml, summaryOf } from './html';
import { slugFrom } from './slugs';

/** What the content calls read: the public lists' pages and the moderators' forms, with Russian messages. */

/** the spec's paging: `offset` is a page number from 1 */
export const pageQuery = (defaultLimit = 20) =>
  z.object({
    limit: z.coerce
      .number()
      .int('Число')
      .min(1, 'Не меньше 1')
      .max(100, 'Не больше 100')
      .default(defaultLimit),
    offset: z.coerce.number().int('Число').min(1, 'Страницы считаются с 1').default(1),
  });

export const categoryPostsQuery = pageQuery().extend({
  /** a post to leave out (the one being read: «Читайте по теме»), by id or address */
  exclude: z.string().max(100).optional(),
});

const anyId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'Некорректный идентификатор');
export const idParams = z.object({ id: anyId });
export const slugParams = z.object({ slug: anyId });

const imagePath = z
  .string()
  .max(200)
  .regex(CONTENT_IMAGE_PATTERN, 'Загрузите изображение через «Загрузить изображение»');
const optionalImage = z.preprocess((v) => (v === '' ? null : v), imagePath.nullable().optional());
const slug = z
  .string()
  .trim()
  .toLowerCase()
  .min(2, 'Адрес — не короче 2 символов')
  .max(100, 'Адрес — не длиннее 100 символов')
  .regex(BLOG_SLUG_PATTERN, 'Адрес: латинские буквы, цифры и дефисы, например kak-kupit-kvartiru');
const optionalSlug = z.preprocess((v) => (v === '' || v === null ? undefined : v), slug.optional());
const optionalId = z.preprocess((v) => (v === '' ? null : v), anyId.nullable().optional());
const richText = (max: number, required: string | null) =>
  z
    .string()
    .max(max * 2, 'Слишком длинный текст')
    .transform(sanitizeContentHtml)
    .pipe(z.string().max(max, 'Слишком длинный текст'))
    .superRefine((html, ctx) => {
      if (/<img /.test(html)) return;
      const text = plainText(html);
      if (hasVisibleCharacter(text)) return;
      // text of only invisible characters is refused as such; no text at all only where text is required
      if (trimWritten(text)) ctx.addIssue({ code: 'custom', message: INVISIBLE_ONLY_TEXT });
      else if (required) ctx.addIssue({ code: 'custom', message: required });
    });
const position = z.coerce.number().int('Целое число').min(0, 'Не меньше 0').max(10_000).default(0);
/** absent: a new item stays hidden, a changed one keeps its status */
const isPublished = z.boolean('Да или нет').optional();
/** ISO time of the publication a moderator sets (a post dated back); absent: kept, or now */
const publishedAt = z.iso
  .datetime({ offset: true, message: 'Дата и время в формате ISO 8601' })
  .transform((t) => new Date(t).toISOString())
  .nullable()
  .optional();

export const postForm = z
  .object({
    kind: z.enum(['article', 'page'], 'Вид: article — статья, page — страница').default('article'),
    slug: optionalSlug,
    title: writtenText().min(1, 'Напишите заголовок').max(200, 'Заголовок — не длиннее 200 символов'),
    description: richText(100_000, 'Напишите текст'),
    descriptionMeta: writtenText().max(300, 'Описание — не длиннее 300 символов').optional(),
    imagePath: optionalImage,
    categoryId: optionalId,
    isPublished,
    publishedAt,
  })
  .transform((form) => ({
    details: {
      kind: form.kind,
      // an address from the title when none is given: «Как купить квартиру» → kak-kupit-kvartiru
      slug: form.slug ?? slugFrom(form.title),
      title: form.title,
      description: form.description,
      descriptionMeta: form.descriptionMeta || summaryOf(form.description),
      imagePath: form.imagePath ?? null,
      categoryId: form.categoryId ?? null,
    },
    isPublished: form.isPublished,
    publishedAt: form.publishedAt,
  }));
export type PostForm = z.output<typeof postForm>;

export const categoryForm = z
  .object({
    slug: optionalSlug,
    name: writtenText().min(1, 'Напишите название').max(100, 'Название — не длиннее 100 символов'),
    description: writtenText().max(1000, 'Описание — не длиннее 1000 символов').default(''),
    imagePath: optionalImage,
    parentId: optionalId,
    position,
    isPublished,
  })
  .transform((form) => ({
    details: {
      slug: form.slug ?? slugFrom(form.name),
      name: form.name,
      description: form.description,
      imagePath: form.imagePath ?? null,
      parentId: form.parentId ?? null,
      position: form.position,
    },
    isPublished: form.isPublished,
    publishedAt: undefined,
  }));
export type CategoryForm = z.output<typeof categoryForm>;

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Цвет в виде #RRGGBB');
/** a site path (`/investments`) or an http(s) address */
const link = z
  .string()
  .trim()
  .max(500, 'Не длиннее 500 символов')
  .regex(/^(\/(?!\/)[^\s]*|https?:\/\/[^\s]+)$/, 'Адрес сайта (/investments) или ссылка https://…');

export const slideForm = z
  .object({
    title: writtenText().min(1, 'Напишите заголовок').max(120, 'Заголовок — не длиннее 120 символов'),
    subtitle: writtenText().max(300, 'Подзаголовок — не длиннее 300 символов').default(''),
    buttonTitle: writtenText().max(40, 'Текст кнопки — не длиннее 40 символов').default(''),
    link: z.preprocess((v) => (v === '' ? null : v), link.nullable().default(null)),
    buttonColor: colour.default('#1976d2'),
    fontColor: colour.default('#ffffff'),
    backgroundImagePath: imagePath,
    position,
    isPublished,
  })
  .transform(({ isPublished, ...details }) => ({ details, isPublished, publishedAt: undefined }));
export type SlideForm = z.output<typeof slideForm>;

const roubles = z.coerce
  .number('Сумма в рублях')
  .int('Целое число рублей')
  .min(0, 'Не меньше 0')
  .max(100_000_000_000, 'Слишком большая сумма');

export const investmentForm = z
  .object({
    title: writtenText().min(1, 'Напишите название').max(200, 'Название — не длиннее 200 символов'),
    markerContent: writtenText().max(60, 'Метка — не длиннее 60 символов').default(''),
    imagePath,
    address: writtenText().max(300, 'Адрес — не длиннее 300 символов').default(''),
    description: richText(20_000, null).default(''),
    marketValue: roubles,
    purchasePrice: roubles,
    realizedPrice: z.preprocess((v) => (v === '' ? null : v), roubles.nullable().default(null)),
    realizationPeriod: z.coerce
      .number('Срок в месяцах')
      .int('Целое число месяцев')
      .min(1, 'Не меньше 1 месяца')
      .max(120, 'Не больше 120 месяцев'),
    annualPercentage: z.coerce.number('Доходность, % годовых').min(-100).max(1000),
    /** absent: from the prices (up when sold dearer than bought) */
    arrowDirection: z.enum(['up', 'down'], 'Стрелка: up или down').optional(),
    position,
    isPublished,
  })
  .transform(({ isPublished, arrowDirection, ...details }) => ({
    details: {
      ...details,
      arrowDirection:
        arrowDirection ??
        ((details.realizedPrice ?? details.marketValue) >= details.purchasePrice ? 'up' : 'down'),
    },
    isPublished,
    publishedAt: undefined,
  }));
export type InvestmentForm = z.output<typeof investmentForm>;

const https = z
  .string()
  .trim()
  .max(300, 'Не длиннее 300 символов')
  .regex(/^https:\/\/[^\s]+$/, 'Ссылка https://…');

export const contactsForm = z.object({
  phone: z
    .string()
    .transform((p) => p.replace(/\D/g, '').replace(/^8(\d{10})$/, '7$1'))
    .pipe(z.string().regex(/^7\d{10}$/, 'Телефон: 11 цифр, начиная с 7')),
  email: z.email('Введите корректный адрес почты').max(200),
  address: writtenText().max(300, 'Адрес — не длиннее 300 символов').default(''),
  workingHours: writtenText().max(200, 'Не длиннее 200 символов').default(''),
  messengers: z
    .array(z.object({ type: z.enum(MESSENGERS, `Мессенджер: ${MESSENGERS.join(', ')}`), url: https }))
    .max(10, 'Не больше 10')
    .default([]),
  socials: z
    .array(z.object({ type: z.enum(SOCIALS, `Соцсеть: ${SOCIALS.join(', ')}`), url: https }))
    .max(10, 'Не больше 10')
    .default([]),
  policyUrl: link,
  documents: z
    .array(
      z.object({
        title: writtenText().min(1, 'Напишите название').max(120, 'Не длиннее 120 символов'),
        url: link,
      }),
    )
    .max(20, 'Не больше 20')
    .default([]),
});

export const locationSettingsForm = z.object({
  defaultLocationId: anyId,
  mapCenter: z.object({
    lat: z.coerce.number('Широта').min(-90, 'От −90 до 90').max(90, 'От −90 до 90'),
    lon: z.coerce.number('Долгота').min(-180, 'От −180 до 180').max(180, 'От −180 до 180'),
  }),
});

const figure = z.object({
  count: z.coerce.number('Число').int('Целое число').min(0, 'Не меньше 0').max(1_000_000_000),
  text: writtenText().max(120, 'Не длиннее 120 символов'),
});
export const investmentStatisticsForm = z.object({
  text: writtenText().max(500, 'Не длиннее 500 символов').default(''),
  deal: figure,
  client: figure,
  commission: figure,
});

export const transactionDealForm = z.object({
  title: writtenText().min(1, 'Напишите заголовок').max(200, 'Не длиннее 200 символов'),
  text: richText(20_000, null).default(''),
  price: writtenText().max(60, 'Не длиннее 60 символов').default(''),
  steps: z
    .array(
      z.object({
        title: writtenText().min(1, 'Напишите название шага').max(120, 'Не длиннее 120 символов'),
        text: writtenText().max(500, 'Не длиннее 500 символов').default(''),
      }),
    )
    .max(12, 'Не больше 12 шагов')
    .default([]),
  buttonTitle: writtenText().max(40, 'Не длиннее 40 символов').default(''),
});

/** the multipart field of an image upload (documented; the handler reads the file) */
export const contentImageBody = z.object({ file: z.string().meta({ format: 'binary' }) });

/** react-admin's list parameters: sort by one of the fields, a range of rows, a filter */
const sortOf = <F extends readonly [string, ...string[]]>(fields: F, fallback: [F[number], 'ASC' | 'DESC']) =>
  jsonParam(z.tuple([z.enum(fields), z.enum(['ASC', 'DESC'])]), fallback);
/** getMany asks `filter={"id":[…]}` */
const ids = z.union([anyId, z.array(anyId).max(500)]).optional();
const status = z.enum(['published', 'hidden'], 'Статус: published или hidden').optional();
const text = z.string().max(200).optional();

export const cabinetPostsQuery = z.object({
  sort: sortOf(['publishedAt', 'createdAt', 'updatedAt', 'title', 'id'], ['updatedAt', 'DESC']),
  range: simpleRestRange,
  filter: jsonParam(
    z.object({
      id: ids,
      q: text,
      status,
      kind: z.enum(['article', 'page'], 'Вид: article или page').optional(),
      categoryId: anyId.optional(),
    }),
    {},
  ),
});

export const cabinetCategoriesQuery = z.object({
  sort: sortOf(['position', 'name', 'updatedAt', 'id'], ['position', 'ASC']),
  range: simpleRestRange,
  filter: jsonParam(z.object({ id: ids, q: text, status, parentId: anyId.nullable().optional() }), {}),
});

export const cabinetSlidesQuery = z.object({
  sort: sortOf(['position', 'title', 'updatedAt', 'id'], ['position', 'ASC']),
  range: simpleRestRange,
  filter: jsonParam(z.object({ id: ids, q: text, status }), {}),
});

export const cabinetInvestmentsQuery = z.object({
  sort: sortOf(['position', 'title', 'annualPercentage', 'updatedAt', 'id'], ['position', 'ASC']),
  range: simpleRestRange,
  filter: jsonParam(z.object({ id: ids, q: text, status }), {}),
});
