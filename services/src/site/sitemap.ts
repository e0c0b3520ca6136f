import { PUBLICATION_STATUS, type DealCategory } from '@estate/events';
import { CATALOGUE, type CatalogueDocument } from '@estate/projections';
import type { AppContext } from '../core/context';
import type { InProcessCall } from './inProcess';
import { allLandingPaths, DEAL_PATHS } from './places';

/** the protocol's limit of addresses in one file (sitemaps.org) */
export const SITEMAP_URLS = 50_000;
/** how long a built sitemap is answered as it is */
const FRESH_MS = 10 * 60_000;

const DEALS = Object.keys(DEAL_PATHS) as DealCategory[];
const xmlEscape = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

type Entry = { path: string; lastmod?: string | null };

export const urlset = (origin: string, entries: Entry[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
    .map(
      (e) =>
        `<url><loc>${xmlEscape(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${xmlEscape(e.lastmod.slice(0, 10))}</lastmod>` : ''}</url>`,
    )
    .join('\n')}\n</urlset>\n`;

const sitemapIndex = (origin: string, files: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
    .map((f) => `<sitemap><loc>${xmlEscape(`${origin}/${f}`)}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;

const published = (deal: DealCategory) => ({ status: PUBLICATION_STATUS.PUBLISHED, dealCategory: deal });

/**
 * sitemap.xml as the big portals split it: an index of files, the listings of each deal in files of
 * at most 50,000 addresses (sitemap-listings-{deal}-{n}.xml), the blog and investments
 * (sitemap-blog.xml) and the catalogues with their landing pages (sitemap-landings.xml). Built from
 * the read models on request and kept 10 minutes.
 */
export function sitemaps(ctx: AppContext, call: InProcessCall, origin: string, perFile = SITEMAP_URLS) {
  const cache = new Map<string, { at: number; xml: string | null }>();
  const fresh = async (name: string, build: () => string | null | Promise<string | null>) => {
    const known = cache.get(name);
    if (known && ctx.clock().getTime() - known.at < FRESH_MS) return known.xml;
    const xml = await build();
    cache.set(name, { at: ctx.clock().getTime(), xml });
    return xml;
  };
  const catalogue = () => ctx.readStore.collection<CatalogueDocument>(CATALOGUE);

  const index = () =>
    fresh('sitemap.xml', async () => {
      const files: string[] = [];
      for (const deal of DEALS) {
        const count = await catalogue().countDocuments(published(deal));
        for (let n = 1; n <= Math.max(1, Math.ceil(count / perFile)); n++)
          files.push(`sitemap-listings-${DEAL_PATHS[deal].slice(1)}-${n}.xml`);
      }
      files.push('sitemap-blog.xml', 'sitemap-landings.xml');
      return sitemapIndex(origin, files);
    });

  const listings = (deal: DealCategory, n: number) =>
    fresh(`listings-${deal}-${n}`, async () => {
      const docs = await catalogue().find(published(deal), {
        sort: { _id: 1 },
        skip: (n - 1) * perFile,
        limit: perFile,
        projection: { _id: 1, updatedAt: 1 },
      });
      if (docs.length === 0 && n > 1) return null;
      return urlset(
        origin,
        docs.map((d) => ({ path: `${DEAL_PATHS[deal]}/${encodeURIComponent(d._id)}`, lastmod: d.updatedAt })),
      );
    });

  const blog = () =>
    fresh('blog', async () => {
      type Page = { data: { path: string; publishedAt: string }[]; meta: { last_page: number } };
      const entries: Entry[] = [{ path: '/blog' }, { path: '/investments' }];
      const categories = await call('/api/post-categories', { method: 'GET' });
      if (categories.status === 200)
        for (const c of (categories.json as { data: { path: string }[] }).data)
          entries.push({ path: c.path });
      for (let page = 1; page <= 1_000; page++) {
        const answer = await call(`/api/posts?limit=100&offset=${page}`, { method: 'GET' });
        if (answer.status !== 200) break;
        const { data, meta } = answer.json as Page;
        entries.push(...data.map((p) => ({ path: p.path, lastmod: p.publishedAt })));
        if (page >= meta.last_page) break;
      }
      const investments = await call('/api/investments?limit=100&offset=1', { method: 'GET' });
      if (investments.status === 200)
        for (const i of (investments.json as { data: { id: string }[] }).data)
          entries.push({ path: `/investments/${encodeURIComponent(i.id)}` });
      return urlset(origin, entries);
    });

  const landings = () =>
    fresh('landings', () =>
      urlset(origin, [
        ...DEALS.map((d) => ({ path: DEAL_PATHS[d] })),
        { path: '/baza-kvartir' },
        ...allLandingPaths().map((path) => ({ path })),
      ]),
    );

  /** The file of that name, or null when there is none. */
  return async (name: string): Promise<string | null> => {
    if (name === 'sitemap.xml') return index();
    if (name === 'sitemap-blog.xml') return blog();
    if (name === 'sitemap-landings.xml') return landings();
    const match = /^sitemap-listings-([a-z-]+)-(\d{1,6})\.xml$/.exec(name);
    const deal = match && DEALS.find((d) => DEAL_PATHS[d] === `/${match[1]}`);
    if (!match || !deal || Number(match[2]) < 1) return null;
    return listings(deal, Number(match[2]));
  };
}
