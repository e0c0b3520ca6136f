import { z } from 'zod';

/**
 * The answers of the content calls (the blog, slides, investments, the site's settings) and of the
 * moderators' cabinet lists, as zod schemas: the routes declare them and the front ends take their
 * types from them. Pure zod: the site's type check reads this file.
 */

/** The spec's list envelope: pages count from 1. */
const pageMeta = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});

/** A blog category as the site shows it; `path` is its page's address on the site. */
export const postCategoryDto = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  imagePath: z.string().nullable(),
  /** the top-level category it is under, or null */
  parentId: z.string().nullable(),
  /** '/blog/ipoteka', '/blog/pokupka/ipoteka' for one under another */
  path: z.string(),
  /** published articles in it, its sub-categories' included */
  postsCount: z.number().int(),
});
export type PostCategoryDto = z.infer<typeof postCategoryDto>;

export const postCategoryListAnswer = z.object({ data: z.array(postCategoryDto) });

const categoryRef = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  path: z.string(),
});

/** A post as the lists show it (the body is read with the post itself). */
export const postListItemDto = z.object({
  id: z.string(),
  /** article: in the blog; page: a document (the privacy policy), read by its address only */
  kind: z.enum(['article', 'page']),
  slug: z.string(),
  title: z.string(),
  /** plain text: the card's summary and the page's meta description */
  descriptionMeta: z.string(),
  imagePath: z.string().nullable(),
  categoryId: z.string().nullable(),
  categorySlug: z.string().nullable(),
  category: categoryRef.nullable(),
  /** '/blog/ipoteka/kak-vzyat-ipoteku', or '/documents/<slug>' for a page */
  path: z.string(),
  createdAt: z.string(),
  publishedAt: z.string(),
  updatedAt: z.string(),
});
export type PostListItemDto = z.infer<typeof postListItemDto>;

/** A post with its body: sanitised HTML (headings, paragraphs, lists, links and images only). */
export const postDto = postListItemDto.extend({ description: z.string() });
export type PostDto = z.infer<typeof postDto>;

export const postListAnswer = z.object({ data: z.array(postListItemDto), meta: pageMeta });
export const categoryPostsAnswer = postListAnswer.extend({ category: postCategoryDto });
export const postAnswer = z.object({ data: postDto });

export const slideDto = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  buttonTitle: z.string(),
  /** where the button leads (a site path or an address); null: no button */
  link: z.string().nullable(),
  buttonColor: z.string(),
  fontColor: z.string(),
  backgroundImagePath: z.string(),
  position: z.number().int(),
});
export type SlideDto = z.infer<typeof slideDto>;
export const slideListAnswer = z.object({ data: z.array(slideDto), meta: pageMeta });

export const investmentDto = z.object({
  id: z.string(),
  title: z.string(),
  markerContent: z.string(),
  imagePath: z.string(),
  address: z.string(),
  /** sanitised HTML */
  description: z.string(),
  /** roubles */
  marketValue: z.number().int(),
  purchasePrice: z.number().int(),
  /** null while not sold */
  realizedPrice: z.number().int().nullable(),
  /** months */
  realizationPeriod: z.number().int(),
  /** '2 месяца' */
  realizationPeriodText: z.string(),
  /** per cent a year */
  annualPercentage: z.number(),
  arrowDirection: z.enum(['up', 'down']),
  position: z.number().int(),
  publishedAt: z.string(),
});
export type InvestmentDto = z.infer<typeof investmentDto>;
export const investmentListAnswer = z.object({ data: z.array(investmentDto), meta: pageMeta });
export const investmentAnswer = z.object({ data: investmentDto });

const figure = z.object({ count: z.number().int(), text: z.string() });
export const investmentStatisticsDto = z.object({
  text: z.string(),
  deal: figure,
  client: figure,
  commission: figure,
});
export const investmentStatisticsAnswer = z.object({ data: investmentStatisticsDto });

const link = z.object({ type: z.string(), url: z.string() });
/** The site's contacts (header, footer, forms); null until a moderator sets them. */
export const siteSettingsDto = z.object({
  /** digits: 78005553535 */
  phone: z.string().nullable(),
  /** '+7 (800) 555-35-35' */
  phoneText: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string(),
  workingHours: z.string(),
  messengers: z.array(link),
  socials: z.array(link),
  /** where the privacy policy is read: the sign-up and request forms link it */
  policyUrl: z.string(),
  documents: z.array(z.object({ title: z.string(), url: z.string() })),
});
export type SiteSettingsDto = z.infer<typeof siteSettingsDto>;
export const siteSettingsAnswer = z.object({ data: siteSettingsDto });

/** The offer to accompany a deal (docs/decisions.md), or null until a moderator writes it. */
export const transactionDealDto = z.object({
  title: z.string(),
  /** sanitised HTML */
  text: z.string(),
  price: z.string(),
  steps: z.array(z.object({ title: z.string(), text: z.string() })),
  buttonTitle: z.string(),
});
export const transactionDealAnswer = z.object({ data: transactionDealDto.nullable() });

/** An uploaded content image: its address is what a post, slide or object records. */
export const contentImageAnswer = z.object({
  data: z.object({ path: z.string(), width: z.number().int(), height: z.number().int() }),
});

// the cabinet (react-admin simple-rest): bare records and arrays, Content-Range on lists

const moderated = {
  id: z.string(),
  status: z.enum(['published', 'hidden']),
  isPublished: z.boolean(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** the moderators who created and last changed it */
  createdBy: z.string(),
  updatedBy: z.string(),
};

export const cabinetPostDto = z.object({
  ...moderated,
  kind: z.enum(['article', 'page']),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  descriptionMeta: z.string(),
  imagePath: z.string().nullable(),
  categoryId: z.string().nullable(),
  path: z.string(),
});
export type CabinetPostDto = z.infer<typeof cabinetPostDto>;
export const cabinetPostList = z.array(cabinetPostDto);

export const cabinetCategoryDto = z.object({
  ...moderated,
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  imagePath: z.string().nullable(),
  parentId: z.string().nullable(),
  position: z.number().int(),
});
export type CabinetCategoryDto = z.infer<typeof cabinetCategoryDto>;
export const cabinetCategoryList = z.array(cabinetCategoryDto);

export const cabinetSlideDto = slideDto.extend(moderated);
export type CabinetSlideDto = z.infer<typeof cabinetSlideDto>;
export const cabinetSlideList = z.array(cabinetSlideDto);

export const cabinetInvestmentDto = investmentDto.omit({ publishedAt: true }).extend(moderated);
export type CabinetInvestmentDto = z.infer<typeof cabinetInvestmentDto>;
export const cabinetInvestmentList = z.array(cabinetInvestmentDto);

/** simple-rest's getOne of a settings section: the section with its name as the id */
export const cabinetContactsDto = siteSettingsDto
  .omit({ phoneText: true })
  .extend({ id: z.literal('contacts') });
export const cabinetLocationSettingsDto = z.object({
  id: z.literal('location'),
  defaultLocationId: z.string(),
  mapCenter: z.object({ lat: z.number(), lon: z.number() }),
});
export const cabinetInvestmentStatisticsDto = investmentStatisticsDto.extend({
  id: z.literal('investment-statistics'),
});
export const cabinetTransactionDealDto = transactionDealDto.extend({ id: z.literal('transaction-deal') });
