import type {
  InvestmentDetails,
  InvestmentStatistics,
  LocationSettings,
  PostCategoryDetails,
  PostDetails,
  SiteContacts,
  SlideDetails,
  TransactionDeal,
} from '@estate/events';

export const BLOG_POSTS = 'blog_posts';
export const BLOG_CATEGORIES = 'blog_categories';
export const SLIDES = 'slides';
export const INVESTMENTS = 'investments';
export const SITE_SETTINGS = 'site_settings';

/** a deleted item stays as a tombstone, so an older event delivered again never brings it back */
export type ContentStatus = 'hidden' | 'published' | 'deleted';

/** What every moderator-written item keeps beside its own fields. */
export type ContentItem = {
  _id: string;
  /** revision of the item's stream last applied: the idempotency guard */
  revision: number;
  status: ContentStatus;
  /** the first publication, or the date the moderator gave; null until published */
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  createdBy: string;
  updatedBy: string;
};

export type BlogPostDocument = ContentItem & PostDetails;
export type BlogCategoryDocument = ContentItem & PostCategoryDetails;
export type SlideDocument = ContentItem & SlideDetails;
export type InvestmentDocument = ContentItem & InvestmentDetails;

export const SITE_SETTINGS_ID = 'site';
/** The site's settings, one section per moderator's change; null: never set (the API answers defaults). */
export type SiteSettingsDocument = {
  _id: string;
  revision: number;
  contacts: SiteContacts | null;
  location: LocationSettings | null;
  investmentStatistics: InvestmentStatistics | null;
  transactionDeal: TransactionDeal | null;
  updatedAt: string;
  updatedBy: string;
};
