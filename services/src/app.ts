import { join, posix, resolve } from 'node:path';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import compression from 'compression';
import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import swaggerUi from 'swagger-ui-express';
import type { AppContext } from './core/context';
import { errorHandler, notFoundRoute } from './core/http';
import {
  docsPolicy,
  noStoreForPersonalAnswers,
  refuseCrossSiteWrites,
  sandboxPagePolicy,
  securityHeaders,
} from './core/security';
import { serveSinglePageApp } from './core/staticFiles';
import { devOutboxRoutes } from './notifications';
import { authenticate, identityRoutes } from './identity';
import { locationRoutes } from './locations';
import { defineRoute, mountRoutes } from './core/route';
import { categoryRoutes } from './categories';
import { newBuildingRoutes } from './newBuildings';
import { publicationRoutes } from './publications';
import { favouriteRoutes } from './favourites';
import { bookingRoutes } from './bookings';
import { chatRoutes } from './chats';
import { contentRoutes, demoContentImageRoute, documentRoutes } from './content';
import { complaintRoutes } from './complaints';
import { moderationRoutes } from './moderation';
import { historyRoutes } from './history';
import { auditRoutes } from './audit';
import { leadRoutes } from './leads';
import { savedSearchRoutes } from './savedSearches';
import { geoRoutes, METRO_BY_CITY } from './geo';
import { INCOMING, mediaRoutes } from './media';
import { agencyRoutes, realtorRoutes } from './agencies';
import { adTariffOf, moneyRoutes } from './money';
import { readVisitor, statisticsRoutes } from './statistics';
import { funnelRoutes } from './funnel';
import { demoImageRoute } from './seed';
import { createSite, siteRoutes } from './site';

const repoRoot = resolve(import.meta.dirname, '../..');

/** Where the built front ends are read from (tests point them elsewhere). */
export type AppOptions = {
  webDist?: string;
  cabinetDist?: string;
  /** the site's server renderer (web/dist-server beside webDist unless said) */
  webServerDist?: string;
  /** the site's page cache and sitemap file size (tests make them small) */
  pageCacheMs?: number;
  sitemapUrls?: number;
};

/** Request ids (given or made) and one log line per API call, its URL without the query string: tokens must never reach the logs. */
export function requestLogger(ctx: AppContext) {
  return pinoHttp({
    logger: ctx.logger,
    genReqId: (req, res) => {
      const id = (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    serializers: { req: (req) => ({ id: req.id, method: req.method, url: String(req.url).split('?')[0] }) },
    autoLogging: { ignore: (req) => !req.url?.startsWith('/api/') },
  });
}

/** Whether the server is up: the stores it runs on and how far the read models are. */
const health = defineRoute({
  method: 'get',
  path: '/api/health',
  tags: ['Служебное'],
  summary: 'Сервер работает: хранилища и позиция проекций',
  auth: 'public',
  response: z.object({
    data: z.object({
      status: z.literal('ok'),
      eventStore: z.string(),
      readStore: z.string(),
      projectedPosition: z.number(),
    }),
  }),
  async handle({ ctx }) {
    return {
      data: {
        status: 'ok' as const,
        eventStore: ctx.eventStore.name,
        readStore: ctx.readStore.name,
        projectedPosition: ctx.projections.position,
      },
    };
  },
});

export function createApp(ctx: AppContext, options: AppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  // links that leave the site (payments, e-mails) use the configured address, never the Host header
  app.set('publicUrl', ctx.config.PUBLIC_URL);
  app.set('publicUrlFromRequest', ctx.config.publicUrlFromRequest);
  const webDist = options.webDist ?? join(repoRoot, 'web/dist');
  // the server-rendered site: its pages' CSP nonce is made before the headers are written
  const site = createSite(ctx, { ...options, webDist });
  app.use(site.early);
  app.use(securityHeaders(ctx.config));
  app.use(noStoreForPersonalAnswers);
  // JSON and rendered pages compressed as sent (a catalogue page's 85 kB of JSON is about 10 kB on a
  // phone's line); the built files carry their own brotli and gzip copies, and images are left as they are
  app.use(compression({ threshold: 1024 }));
  // a number is a count of hops, anything else a list of trusted addresses or names ('loopback', 'uniquelocal')
  app.set(
    'trust proxy',
    /^\d+$/.test(ctx.config.TRUST_PROXY)
      ? Number(ctx.config.TRUST_PROXY)
      : ctx.config.TRUST_PROXY.split(',').map((s) => s.trim()),
  );
  app.use(requestLogger(ctx));
  app.use(express.json({ limit: '1mb' }));
  app.use('/api', refuseCrossSiteWrites(ctx.config));
  app.use('/api', authenticate(ctx));
  app.use('/api', readVisitor(ctx));
  app.use('/api/payments/sandbox', sandboxPagePolicy(ctx.config));

  app.use(mountRoutes(ctx, [health]));
  app.use(mountRoutes(ctx, identityRoutes));
  app.use(mountRoutes(ctx, devOutboxRoutes(ctx)));
  app.use(mountRoutes(ctx, locationRoutes(METRO_BY_CITY)));
  app.use(mountRoutes(ctx, categoryRoutes));
  app.use(mountRoutes(ctx, newBuildingRoutes));
  app.use(mountRoutes(ctx, statisticsRoutes));
  app.use(mountRoutes(ctx, funnelRoutes));
  app.use(mountRoutes(ctx, publicationRoutes(adTariffOf)));
  app.use(mountRoutes(ctx, favouriteRoutes));
  app.use(mountRoutes(ctx, bookingRoutes));
  app.use(mountRoutes(ctx, chatRoutes));
  app.use(mountRoutes(ctx, geoRoutes));
  app.use(mountRoutes(ctx, realtorRoutes));
  app.use(mountRoutes(ctx, agencyRoutes));
  app.use(mountRoutes(ctx, moneyRoutes(ctx)));
  app.use(mountRoutes(ctx, mediaRoutes));
  app.use(mountRoutes(ctx, contentRoutes));
  app.use(mountRoutes(ctx, leadRoutes));
  app.use(mountRoutes(ctx, savedSearchRoutes));
  app.use(mountRoutes(ctx, complaintRoutes));
  app.use(mountRoutes(ctx, moderationRoutes));
  app.use(mountRoutes(ctx, historyRoutes));
  app.use(mountRoutes(ctx, auditRoutes));
  app.use(mountRoutes(ctx, siteRoutes));

  // the demo photos are served below, outside /api, but belong in the document: declared now
  const demoPhotos = mountRoutes(ctx, [demoImageRoute, demoContentImageRoute]);
  // the site's documents (the privacy policy) after the stored files: a file at the policy's address wins
  const documents = mountRoutes(ctx, documentRoutes);
  // made on the first request, not at every start (about 0.1 s of start-up); the docs page fetches it
  let openApiDocument: ReturnType<typeof ctx.openApi.document> | undefined;
  app.get('/api/openapi.json', (_req, res) => {
    res.json((openApiDocument ??= ctx.openApi.document()));
  });
  app.use(
    '/api/docs',
    docsPolicy(ctx.config),
    swaggerUi.serve,
    swaggerUi.setup(undefined, {
      customSiteTitle: 'API маркетплейса',
      swaggerOptions: { url: '/api/openapi.json' },
    }),
  );
  app.use('/api', notFoundRoute);

  app.use(demoPhotos);
  // uploaded files are content-addressed: a new upload gets a new name, so they are cached for a year as immutable
  if (ctx.files.localRoot) {
    // uploads waiting for the worker still carry their metadata (the phone's GPS): never served,
    // however the path is spelt (encoded, doubled slashes, dot segments)
    app.use('/storage', (req, res, next) => {
      let path: string;
      try {
        path = posix.normalize(decodeURIComponent(req.path));
      } catch {
        return res.status(400).end();
      }
      if (path.replace(/^\/+/, '').split('/')[0].toLowerCase() === INCOMING) return res.status(404).end();
      next();
    });
    app.use(
      '/storage',
      express.static(ctx.files.localRoot, {
        index: false,
        maxAge: '365d',
        immutable: true,
        setHeaders: (res) => res.setHeader('X-Content-Type-Options', 'nosniff'),
      }),
    );
  }
  app.use(documents);
  // robots.txt, the sitemaps, favicon.ico and the rendered pages, before the single-page fallback
  app.use(site.router);
  serveSinglePageApp(
    app,
    '/cabinet',
    options.cabinetDist ?? join(repoRoot, 'cabinet/dist'),
    /^\/cabinet(\/.*)?$/,
  );
  serveSinglePageApp(app, '/', webDist, /^\/(?!api\/|storage\/|cabinet(\/|$)).*/);
  app.use(notFoundRoute);
  app.use(errorHandler(ctx.logger));
  return app;
}
