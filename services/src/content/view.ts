import type {
  BlogCategoryDocument,
  BlogPostDocument,
  ContentItem,
  InvestmentDocument,
  SiteSettingsDocument,
  SlideDocument,
} from '@estate/projections';
import type {
  CabinetCategoryDto,
  CabinetInvestmentDto,
  CabinetPostDto,
  CabinetSlideDto,
  InvestmentDto,
  PostCategoryDto,
  PostDto,
  PostListItemDto,
  SiteSettingsDto,
  SlideDto,
} from './dto';

/** The content's documents as the site and the cabinet read them. */

/** where the site shows a page (a document): the server renders it (api/documents.ts) */
export const documentPath = (slug: string) => `/documents/${slug}`;

export function categoryPath(
  category: Pick<BlogCategoryDocument, 'slug' | 'parentId'>,
  byId: Map<string, BlogCategoryDocument>,
) {
  const parent = category.parentId ? byId.get(category.parentId) : undefined;
  return parent ? `/blog/${parent.slug}/${category.slug}` : `/blog/${category.slug}`;
}

export function postPath(post: Pick<BlogPostDocument, 'kind' | 'slug'>, category: { slug: string } | null) {
  if (post.kind === 'page' || !category) return documentPath(post.slug);
  return `/blog/${category.slug}/${post.slug}`;
}

/** Each category with its published articles and those of its sub-categories. */
export function toCategoryDtos(
  categories: BlogCategoryDocument[],
  ownCounts: Map<string, number>,
): PostCategoryDto[] {
  const byId = new Map(categories.map((c) => [c._id, c]));
  return categories.map((c) => ({
    id: c._id,
    slug: c.slug,
    name: c.name,
    description: c.description,
    imagePath: c.imagePath,
    parentId: c.parentId,
    path: categoryPath(c, byId),
    postsCount:
      (ownCounts.get(c._id) ?? 0) +
      categories
        .filter((child) => child.parentId === c._id)
        .reduce((n, child) => n + (ownCounts.get(child._id) ?? 0), 0),
  }));
}

export function toPostListItem(
  post: BlogPostDocument,
  categories: Map<string, BlogCategoryDocument>,
): PostListItemDto {
  const category = post.categoryId ? (categories.get(post.categoryId) ?? null) : null;
  return {
    id: post._id,
    kind: post.kind,
    slug: post.slug,
    title: post.title,
    descriptionMeta: post.descriptionMeta,
    imagePath: post.imagePath,
    categoryId: post.categoryId,
    categorySlug: category?.slug ?? null,
    category: category
      ? {
          id: category._id,
          slug: category.slug,
          name: category.name,
          parentId: category.parentId,
          path: categoryPath(category, categories),
        }
      : null,
    path: postPath(post, category),
    createdAt: post.createdAt,
    publishedAt: post.publishedAt ?? post.createdAt,
    updatedAt: post.updatedAt,
  };
}

export const toPostDto = (
  post: BlogPostDocument,
  categories: Map<string, BlogCategoryDocument>,
): PostDto => ({
  ...toPostListItem(post, categories),
  description: post.description,
});

export const toSlideDto = (s: SlideDocument): SlideDto => ({
  id: s._id,
  title: s.title,
  subtitle: s.subtitle,
  buttonTitle: s.buttonTitle,
  link: s.link,
  buttonColor: s.buttonColor,
  fontColor: s.fontColor,
  backgroundImagePath: s.backgroundImagePath,
  position: s.position,
});

/** '1 месяц', '2 месяца', '5 месяцев' */
export function monthsText(n: number): string {
  const tens = n % 100;
  const ones = n % 10;
  const word =
    tens >= 11 && tens <= 14
      ? 'месяцев'
      : ones === 1
        ? 'месяц'
        : ones >= 2 && ones <= 4
          ? 'месяца'
          : 'месяцев';
  return `${n} ${word}`;
}

export const toInvestmentDto = (i: InvestmentDocument): InvestmentDto => ({
  id: i._id,
  title: i.title,
  markerContent: i.markerContent,
  imagePath: i.imagePath,
  address: i.address,
  description: i.description,
  marketValue: i.marketValue,
  purchasePrice: i.purchasePrice,
  realizedPrice: i.realizedPrice,
  realizationPeriod: i.realizationPeriod,
  realizationPeriodText: monthsText(i.realizationPeriod),
  annualPercentage: i.annualPercentage,
  arrowDirection: i.arrowDirection,
  position: i.position,
  publishedAt: i.publishedAt ?? i.createdAt,
});

/** what every cabinet record carries beside its own fields */
const moderated = (item: ContentItem) => ({
  id: item._id,
  status: item.status === 'published' ? ('published' as const) : ('hidden' as const),
  isPublished: item.status === 'published',
  publishedAt: item.publishedAt,
  createdAt: item.createdAt,
  updatedAt: item.updatedAt,
  createdBy: item.createdBy,
  updatedBy: item.updatedBy,
});

export const toCabinetPost = (
  post: BlogPostDocument,
  categories: Map<string, BlogCategoryDocument>,
): CabinetPostDto => ({
  ...moderated(post),
  kind: post.kind,
  slug: post.slug,
  title: post.title,
  description: post.description,
  descriptionMeta: post.descriptionMeta,
  imagePath: post.imagePath,
  categoryId: post.categoryId,
  path: postPath(post, post.categoryId ? (categories.get(post.categoryId) ?? null) : null),
});

export const toCabinetCategory = (c: BlogCategoryDocument): CabinetCategoryDto => ({
  ...moderated(c),
  slug: c.slug,
  name: c.name,
  description: c.description,
  imagePath: c.imagePath,
  parentId: c.parentId,
  position: c.position,
});

export const toCabinetSlide = (s: SlideDocument): CabinetSlideDto => ({ ...toSlideDto(s), ...moderated(s) });

export const toCabinetInvestment = (i: InvestmentDocument): CabinetInvestmentDto => {
  const { publishedAt: _publishedAt, ...dto } = toInvestmentDto(i);
  return { ...dto, ...moderated(i) };
};

/** The spec's address of the privacy policy, where the site's sign-up form links it. */
export const DEFAULT_POLICY_URL = '/storage/privacy_policy.pdf';

/** '+7 (800) 555-35-35' */
export const phoneText = (phone: string) =>
  `+7 (${phone.slice(1, 4)}) ${phone.slice(4, 7)}-${phone.slice(7, 9)}-${phone.slice(9, 11)}`;

export function toSiteSettingsDto(settings: SiteSettingsDocument | null): SiteSettingsDto {
  const contacts = settings?.contacts;
  if (!contacts)
    return {
      phone: null,
      phoneText: null,
      email: null,
      address: '',
      workingHours: '',
      messengers: [],
      socials: [],
      policyUrl: DEFAULT_POLICY_URL,
      documents: [],
    };
  return { ...contacts, phoneText: phoneText(contacts.phone) };
}

/** product.md, the investment landing: more than 3500 deals, a yield of 30% to 75% a year over 1 to 3 months */
export const DEFAULT_INVESTMENT_STATISTICS = {
  text: 'Покупаем квартиры ниже рынка, делаем ремонт и продаём за 1–3 месяца: доходность от 30% до 75% годовых',
  deal: { count: 3500, text: 'сделок проведено' },
  client: { count: 1200, text: 'инвесторов с нами' },
  commission: { count: 0, text: 'комиссии за вход' },
};

export const DEFAULT_LOCATION_SETTINGS = {
  defaultLocationId: '1',
  /** api.md: the default map centre */
  mapCenter: { lat: 55.751244, lon: 37.618423 },
};
