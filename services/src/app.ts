import { join, resolve } from 'node:path';
import { z } from 'zod';
import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
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
import { metricsRoute } from './core/metrics';
import { requestIdOf, requestScope } from './core/tracing';
import { defineRoute, mountRoutes } from './core/route';
import type { AppOptions, MountPoint } from './core/slice';
import { mountsOf } from './slices';

export type { AppOptions } from './core/slice';

const repoRoot = resolve(import.meta.dirname, '../..');

/** Request ids (given or made) and one log line per API call, its URL without the query string: tokens must never reach the logs. */
export function requestLogger(ctx: AppContext) {
  return pinoHttp({
    logger: ctx.logger,
    // the app's requests have their id from requestScope already; this names those of other servers (the bench's)
    genReqId: requestIdOf,
    serializers: {
      req: (req: { id: unknown; method?: string; url?: string }) => ({
        id: req.id,
        method: req.method,
        url: String(req.url).split('?')[0],
      }),
    },
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
  handle({ ctx }) {
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
  // every slice's routes and handlers (slices.ts), each put in its place below in the slices' order
  const mountsAt = mountsOf(ctx, { ...options, webDist });
  /** a place's parts: route declarations become a router (and OpenAPI operations, in this order) */
  const handlersAt = (at: MountPoint): RequestHandler[] =>
    mountsAt(at).map((mount) => ('routes' in mount ? mountRoutes(ctx, mount.routes) : mount.handler));
  // the server-rendered site: its pages' CSP nonce is made before the headers are written
  // every answer's time, labelled with the declared route that gave it (core/metrics.ts)
  // the request's id on every log line and event it causes, and its span when tracing (core/tracing.ts)
  app.use(requestScope);
  app.use(ctx.metrics.httpTimer);
  for (const handler of handlersAt('first')) app.use(handler);
  app.use(securityHeaders(ctx.config));
  app.use(noStoreForPersonalAnswers);
  // the operator's scrape, only with a token (else the internal METRICS_PORT, or nothing: a 404 in the
  // envelope here, never the site's page); never in the OpenAPI document
  app.use(
    '/metrics',
    ctx.config.METRICS_TOKEN ? metricsRoute(ctx.metrics, ctx.config.METRICS_TOKEN) : notFoundRoute,
  );
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
  // the session of the request's token (identity), the visitor id (statistics)
  for (const handler of handlersAt('api-guard')) app.use('/api', handler);
  app.use('/api/payments/sandbox', sandboxPagePolicy(ctx.config));

  app.use(mountRoutes(ctx, [health]));
  for (const handler of handlersAt('api')) app.use(handler);

  // the demo photos are served below, outside /api, but belong in the document: declared now
  const outsideApi = handlersAt('outside-api');
  // the site's documents (the privacy policy) after the stored files: a file at the policy's address wins
  const afterStorage = handlersAt('after-storage');
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

  for (const handler of outsideApi) app.use(handler);
  // uploaded files are content-addressed: a new upload gets a new name, so they are cached for a year as immutable
  if (ctx.files.localRoot) {
    // uploads waiting for the worker are never served (media)
    for (const handler of handlersAt('storage')) app.use('/storage', handler);
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
  for (const handler of afterStorage) app.use(handler);
  // robots.txt, the sitemaps, favicon.ico and the rendered pages (site), before the single-page fallback
  for (const handler of handlersAt('pages')) app.use(handler);
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
