import { z } from 'zod';
import { id } from './shared';

/**
 * The content moderators write (issue 17): the blog's categories and posts, the home page's slides,
 * the investment objects and the site's settings. Every event names the moderator who acted.
 */

/**
 * An image a content item shows: a moderator's upload (`/storage/content/images/<hash>.<ext>`, named
 * by the hash of its content) or one of the demo's drawings (`/storage/demo-content/<name>.svg`).
 */
export const CONTENT_IMAGE_PATTERN =
  /^\/storage\/(content\/images\/[0-9a-f]{24}\.(jpg|png|webp)|demo-content\/[a-z]+-\d{1,3}\.svg)$/;
export const contentImagePath = z.string().max(200).regex(CONTENT_IMAGE_PATTERN);

/** a blog address segment: lower-case Latin letters and digits joined by single hyphens */
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const blogSlug = z.string().min(2).max(100).regex(BLOG_SLUG_PATTERN);

/** Sanitised HTML (the services' sanitiser runs before anything is recorded). */
const html = (max: number) => z.string().max(max);
const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/);
/** a site path (`/investments`) or an absolute http(s) address */
const link = z
  .string()
  .max(500)
  .regex(/^(\/(?!\/)[^\s]*|https?:\/\/[^\s]+)$/);
const position = z.number().int().min(0).max(10_000);
const moderatorId = id;

/** article: listed in the blog, in a category; page: a document read by its address only (the privacy policy) */
export const POST_KINDS = ['article', 'page'] as const;

export const postDetails = z.object({
  kind: z.enum(POST_KINDS),
  slug: blogSlug,
  title: z.string().min(1).max(200),
  /** the body, sanitised HTML */
  description: html(100_000),
  /** plain text for search engines and the lists' cards */
  descriptionMeta: z.string().max(300),
  imagePath: contentImagePath.nullable(),
  categoryId: id.nullable(),
});
export type PostDetails = z.infer<typeof postDetails>;

export const postCategoryDetails = z.object({
  slug: blogSlug,
  name: z.string().min(1).max(100),
  description: z.string().max(1000),
  imagePath: contentImagePath.nullable(),
  /** one level of nesting: a category under a top-level one */
  parentId: id.nullable(),
  position,
});
export type PostCategoryDetails = z.infer<typeof postCategoryDetails>;

export const slideDetails = z.object({
  title: z.string().min(1).max(120),
  subtitle: z.string().max(300),
  buttonTitle: z.string().max(40),
  /** where the button leads; null: a slide without a button */
  link: link.nullable(),
  buttonColor: colour,
  fontColor: colour,
  backgroundImagePath: contentImagePath,
  position,
});
export type SlideDetails = z.infer<typeof slideDetails>;

const roubles = z.number().int().min(0).max(100_000_000_000);
export const investmentDetails = z.object({
  title: z.string().min(1).max(200),
  /** the short label on the object's marker ('Продан за 2 месяца') */
  markerContent: z.string().max(60),
  imagePath: contentImagePath,
  address: z.string().max(300),
  /** sanitised HTML */
  description: html(20_000),
  marketValue: roubles,
  purchasePrice: roubles,
  /** null while the object is not sold */
  realizedPrice: roubles.nullable(),
  /** months from purchase to sale */
  realizationPeriod: z.number().int().min(1).max(120),
  /** yield, per cent a year */
  annualPercentage: z.number().min(-100).max(1000),
  arrowDirection: z.enum(['up', 'down']),
  position,
});
export type InvestmentDetails = z.infer<typeof investmentDetails>;

const https = z
  .string()
  .max(300)
  .regex(/^https:\/\/[^\s]+$/);
export const MESSENGERS = ['telegram', 'whatsapp', 'viber', 'max'] as const;
export const SOCIALS = ['vk', 'ok', 'telegram', 'youtube', 'dzen', 'rutube'] as const;

export const siteContacts = z.object({
  phone: z.string().regex(/^7\d{10}$/),
  email: z.string().email().max(200),
  address: z.string().max(300),
  workingHours: z.string().max(200),
  messengers: z.array(z.object({ type: z.enum(MESSENGERS), url: https })).max(10),
  socials: z.array(z.object({ type: z.enum(SOCIALS), url: https })).max(10),
  /** the privacy policy's address (a page of the site or a file of the store) */
  policyUrl: link,
  /** the footer's documents */
  documents: z.array(z.object({ title: z.string().min(1).max(120), url: link })).max(20),
});
export type SiteContacts = z.infer<typeof siteContacts>;

export const locationSettings = z.object({
  /** a place of the locations tree */
  defaultLocationId: id,
  mapCenter: z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }),
});
export type LocationSettings = z.infer<typeof locationSettings>;

const figure = z.object({ count: z.number().int().min(0).max(1_000_000_000), text: z.string().max(120) });
/** product.md: investment statistics — text, deal, client, commission, each with count and text */
export const investmentStatistics = z.object({
  text: z.string().max(500),
  deal: figure,
  client: figure,
  commission: figure,
});
export type InvestmentStatistics = z.infer<typeof investmentStatistics>;

/** the offer to accompany a deal (docs/decisions.md: what `/api/transaction-deal` answers) */
export const transactionDeal = z.object({
  title: z.string().min(1).max(200),
  /** sanitised HTML */
  text: html(20_000),
  /** 'от 25 000 ₽' */
  price: z.string().max(60),
  steps: z.array(z.object({ title: z.string().min(1).max(120), text: z.string().max(500) })).max(12),
  buttonTitle: z.string().max(40),
});
export type TransactionDeal = z.infer<typeof transactionDeal>;

/** The moderator's actions on one publishable item: written, published (from a date), hidden, deleted. */
const itemEvents = <Key extends string, D extends z.ZodType>(key: Key, details: D) => {
  const ref = z.object({ [key]: id, moderatorId } as Record<Key, typeof id> & {
    moderatorId: typeof id;
  });
  return {
    written: ref.extend({ details }),
    published: ref.extend({ publishedAt: z.string().datetime() }),
    plain: ref,
  };
};

const post = itemEvents('postId', postDetails);
const category = itemEvents('categoryId', postCategoryDetails);
const slide = itemEvents('slideId', slideDetails);
const investment = itemEvents('investmentId', investmentDetails);
const slugOwner = z.object({ kind: z.enum(['post', 'category']), id });

export const contentEvents = {
  // `post-<id>`: a blog post or a page
  PostCreated: post.written,
  /** the whole new description; recorded only when something changed */
  PostEdited: post.written,
  PostPublished: post.published,
  PostHidden: post.plain,
  /** gone from every list; its address is free again */
  PostDeleted: post.plain,
  // `post-category-<id>`
  PostCategoryCreated: category.written,
  PostCategoryEdited: category.written,
  PostCategoryPublished: category.published,
  PostCategoryHidden: category.plain,
  PostCategoryDeleted: category.plain,
  // `blog-slug-<slug>`: one address is one post's or one category's (/blog/{slug} may be either)
  BlogSlugClaimed: z.object({ slug: blogSlug, owner: slugOwner, moderatorId }),
  BlogSlugReleased: z.object({ slug: blogSlug, owner: slugOwner, moderatorId }),
  // `slide-<id>`: the home page's promotions slider
  SlideCreated: slide.written,
  SlideEdited: slide.written,
  SlidePublished: slide.published,
  SlideHidden: slide.plain,
  SlideDeleted: slide.plain,
  // `investment-<id>`: an object of the investments page
  InvestmentCreated: investment.written,
  InvestmentEdited: investment.written,
  InvestmentPublished: investment.published,
  InvestmentHidden: investment.plain,
  InvestmentDeleted: investment.plain,
  // `settings`: the site's settings, one section an event
  SiteContactsChanged: z.object({ moderatorId, contacts: siteContacts }),
  LocationSettingsChanged: z.object({ moderatorId, settings: locationSettings }),
  InvestmentStatisticsChanged: z.object({ moderatorId, statistics: investmentStatistics }),
  TransactionDealChanged: z.object({ moderatorId, transactionDeal }),
} satisfies Record<string, z.ZodType>;
