/**
 * The site slice (issue 18): the public site's pages rendered on the server from the read models
 * (web/dist-server, built from web/src/entry-server.tsx) with their head, status and data for
 * hydration; a short cache of the guests' pages; robots.txt, the split sitemap.xml, favicon.ico;
 * the landing pages' places. What the app may use of it is exported here.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { findRemovedPublication } from '@estate/projections';
import { Router, type Request, type RequestHandler, type Response } from 'express';
import { categoryRoutes } from '../categories';
import { contentRoutes } from '../content';
import type { AppContext } from '../core/context';
import { METRO_BY_CITY } from '../geo';
import { readTurn } from '../core/readTurns';
import type { RouteDeclaration } from '../core/route';
import type { SliceManifest } from '../core/slice';
import { ALL_RUSSIA, locationByIp, locationRoutes } from '../locations';
import { adTariffOf } from '../money';
import { newBuildingRoutes } from '../newBuildings';
import { publicationRoutes } from '../publications';
import { favicon } from './favicon';
import { inProcessApi, type InProcessCall } from './inProcess';
import { districtLandingRoute, landingRoute, stationLandingRoute } from './places';
import { chunkPreloads, loadRenderer, NONCE, pageHtml, SESSION, templateOf, type Renderer } from './render';
import { sitemaps } from './sitemap';

const siteRoutes = [landingRoute, districtLandingRoute, stationLandingRoute];
export { placeSlug, landingPath } from './places';

/** the site's server side: its pages' CSP nonce first, the landings' calls in the API, the pages before the single-page fallback */
export const siteSlice: SliceManifest = {
  name: 'site',
  routes: (ctx, options) => {
    const site = createSite(ctx, options);
    return [
      { at: 'first', handler: site.early },
      { at: 'api', routes: siteRoutes },
      { at: 'pages', handler: site.router },
    ];
  },
};

export type SiteOptions = {
  webDist: string;
  /** the server's renderer; web/dist-server beside webDist unless said */
  webServerDist?: string;
  /** addresses per sitemap file (50,000; tests make it small) */
  sitemapUrls?: number;
  /** how long a guest's page is kept (60 s) */
  pageCacheMs?: number;
};

const PAGE_CACHE_ENTRIES = 500;
const NOT_PAGES = /^\/(api|storage|cabinet|assets)(\/|$)/;
const FILE_LIKE = /\.[a-z0-9]+$/i;
const LISTING = /^\/api\/publications\/([^/?]+)(\?|$)/;

const isPage = (req: Request) =>
  (req.method === 'GET' || req.method === 'HEAD') && !NOT_PAGES.test(req.path) && !FILE_LIKE.test(req.path);
const hasSession = (req: Request) => /(?:^|;\s*)auth-token=[^;]+/.test(req.headers.cookie ?? '');

const ROBOTS = (origin: string) =>
  [
    'User-agent: *',
    'Disallow: /account',
    'Disallow: /api',
    'Disallow: /cabinet',
    'Disallow: /chat',
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');

const LOCATION_COOKIE = /(?:^|;\s*)location=([^;]{1,400})/;

/**
 * The visitor's place as the page's renderer needs it: the `location` cookie alone (never the rest
 * of the header: the session's token stays here), else the place of the IP, 'Вся Россия' when the
 * GeoIP database cannot place it (as the browser does with GET /api/user-location-by-ip).
 */
function visitorPlace(
  ctx: AppContext,
  req: Request,
): { placeCookie?: string; ipPlace?: { id: string | null; name: string } } {
  const cookie = LOCATION_COOKIE.exec(req.headers.cookie ?? '');
  if (cookie) return { placeCookie: `location=${cookie[1]}` };
  const { location } = locationByIp(ctx, req.ip ?? '');
  const place = location ?? ALL_RUSSIA;
  return { ipPlace: { id: place.id, name: place.name } };
}

/**
 * The site's server side. `early` goes before the security headers (a page's CSP nonce, the cache
 * dropped on the process's own writes); `router` before the single-page fallback.
 */
export function createSite(ctx: AppContext, options: SiteOptions) {
  const origin = new URL(ctx.config.PUBLIC_URL).origin;
  const renderer: Renderer | null = loadRenderer(
    options.webServerDist ?? join(options.webDist, '../dist-server'),
    ctx.logger,
  );
  const template = templateOf(options.webDist);
  const preloadsOf = chunkPreloads(options.webDist);
  const routes: RouteDeclaration[] = [
    ...publicationRoutes(adTariffOf),
    ...contentRoutes,
    ...locationRoutes(METRO_BY_CITY),
    ...categoryRoutes,
    ...newBuildingRoutes,
    ...siteRoutes,
  ] as RouteDeclaration[];
  const api = inProcessApi(ctx, routes);
  // a deleted listing's page answers 410: the read model remembers the ids it removed
  const call: InProcessCall = async (path, init) => {
    const answer = await api(path, init);
    const listing = init.method === 'GET' && answer.status === 404 ? LISTING.exec(path) : null;
    if (listing && (await findRemovedPublication(ctx.readStore, decodeURIComponent(listing[1]))))
      return { status: 410, json: { errorCode: 100, message: 'Объявление удалено' } };
    return answer;
  };
  const sitemap = sitemaps(ctx, call, origin, options.sitemapUrls);
  const icon = favicon();
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'Квадрат',
    url: `${origin}/`,
    logo: `${origin}/favicon.ico`,
  };

  const cacheMs = options.pageCacheMs ?? 60_000;
  const pages = new Map<string, { at: number; status: number; page: SplitPage }>();
  const remember = (key: string, status: number, page: SplitPage) => {
    if (cacheMs <= 0 || key.length > 2_000) return;
    if (pages.size >= PAGE_CACHE_ENTRIES) pages.delete(pages.keys().next().value!);
    pages.set(key, { at: Date.now(), status, page });
  };

  const early: RequestHandler = (req, res, next) => {
    if (renderer && isPage(req)) res.locals.cspNonce = randomBytes(16).toString('base64');
    // a write of this process (a listing edited, a post published) drops the rendered pages
    if (req.path.startsWith('/api/') && !['GET', 'HEAD', 'OPTIONS'].includes(req.method))
      res.on('finish', () => {
        if (res.statusCode < 400) pages.clear();
      });
    next();
  };

  // the page's bytes with the request's nonce and session mark put in their places (no ETag: with
  // its nonce no two answers are the same)
  const send = (req: Request, res: Response, status: number, page: SplitPage) => {
    const body = joinPage(page, {
      [NONCE]: Buffer.from(String(res.locals.cspNonce ?? '')),
      [SESSION]: hasSession(req) ? USER : GUEST,
    });
    res
      .status(status)
      .set('Content-Type', 'text/html; charset=utf-8')
      .set('Cache-Control', 'no-cache')
      .set('Content-Length', String(body.length))
      .end(req.method === 'HEAD' ? undefined : body);
  };

  const router = Router();
  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').set('Cache-Control', 'public, max-age=3600').send(ROBOTS(origin));
  });
  router.get('/favicon.ico', (_req, res) => {
    res.type('image/x-icon').set('Cache-Control', 'public, max-age=86400').send(icon);
  });
  router.get(/^\/sitemap[\w-]*\.xml$/, async (req, res) => {
    const xml = await sitemap(req.path.slice(1));
    if (xml === null) return res.status(404).type('text/plain').send('Not found');
    res.type('application/xml').set('Cache-Control', 'public, max-age=600').send(xml);
  });
  router.use(async (req, res, next) => {
    if (!renderer || !isPage(req)) return next();
    const page = template();
    if (!page) return next();
    const { placeCookie, ipPlace } = visitorPlace(ctx, req);
    // a page is rendered for the visitor's place: kept apart for each
    const key = `${req.originalUrl}\n${placeCookie ?? `ip ${ipPlace?.id}`}`;
    const cached = pages.get(key);
    if (cached && Date.now() - cached.at < cacheMs) return send(req, res, cached.status, cached.page);
    let rendered;
    try {
      // a render is a heavy read: it takes its turn beside the catalogue's searches
      await readTurn();
      rendered = await renderer.render({
        url: req.originalUrl,
        origin,
        call,
        nonce: NONCE,
        placeCookie,
        ipPlace,
      });
    } catch (error) {
      // the page is still served: the browser renders it from the shell
      req.log?.error({ err: error }, 'server rendering failed');
      return next();
    }
    if (rendered.kind === 'redirect') return res.redirect(rendered.status, rendered.location);
    const html = pageHtml(
      page,
      rendered,
      organization,
      renderer.scriptJson,
      preloadsOf(rendered.modules ?? []),
    );
    const split = splitPage(html);
    if (rendered.status < 500) remember(key, rendered.status, split);
    send(req, res, rendered.status, split);
  });
  return { early, router, rendered: renderer !== null };
}

const GUEST = Buffer.from('guest');
const USER = Buffer.from('user');

/**
 * A rendered page as the bytes between its per-request places (the nonce, the session mark), made
 * once: an answer from the cache joins buffers instead of searching and re-encoding 100 kB of text.
 */
type SplitPage = { texts: Buffer[]; places: string[] };
const PLACES = new RegExp(`(${NONCE}|${SESSION})`);
function splitPage(html: string): SplitPage {
  const pieces = html.split(PLACES);
  return {
    texts: pieces.filter((_, i) => i % 2 === 0).map((text) => Buffer.from(text)),
    places: pieces.filter((_, i) => i % 2 === 1),
  };
}
function joinPage({ texts, places }: SplitPage, values: Record<string, Buffer>): Buffer {
  const parts: Buffer[] = [];
  texts.forEach((text, i) => {
    parts.push(text);
    if (i < places.length) parts.push(values[places[i]]);
  });
  return Buffer.concat(parts);
}
