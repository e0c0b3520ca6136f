import type { Projection } from '@estate/projections';
import type { RequestHandler } from 'express';
import type { AppContext } from './context';
import type { Reactor } from './reactors/reactor';
import type { RouteDeclaration } from './route';
import type { Workflow } from './workflow';

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

/** The app's options as the slices' routes get them: the site's built files resolved. */
export type MountOptions = AppOptions & { webDist: string };

/**
 * The places of the app (services/src/app.ts) where a slice's HTTP parts go, in the order a request
 * meets them. Within one place, parts are mounted in the order of the slices' list (slices.ts).
 * - `first`: before the security headers, for every request (the site's CSP nonce);
 * - `api-guard`: under /api after the body is read (the session of the token, the visitor id);
 * - `api`: the API's routes, then the OpenAPI document and the /api 404;
 * - `outside-api`: routes outside /api before the stored files (the demo's drawings);
 * - `storage`: under /storage before the stored files are served (uploads waiting for the worker hidden);
 * - `after-storage`: routes after the stored files (a file at a document's address wins);
 * - `pages`: before the single-page fallback (robots.txt, sitemaps, the server-rendered pages).
 */
export type MountPoint =
  'first' | 'api-guard' | 'api' | 'outside-api' | 'storage' | 'after-storage' | 'pages';

/** One part of a slice's HTTP face: route declarations (each an Express route and an OpenAPI operation), or a plain handler. */
export type SliceMount =
  { at: MountPoint; routes: readonly RouteDeclaration[] } | { at: MountPoint; handler: RequestHandler };

/** What a background job's start gives back: how to stop it. */
export type Stopper = { stop(): Promise<void> };

/**
 * What a slice gives the process, exported from its index.ts as `<slice>Slice`; the composition
 * root (slices.ts) lists them in order and app.ts, background.ts and bootstrap.ts go through the
 * list. What one slice needs of another (a function, a data set) is handed in there, by a manifest
 * made by a function (`locationsSlice(METRO_BY_CITY)`): no slice imports another to be assembled.
 */
export type SliceManifest = {
  name: string;
  /** its routes and handlers with the place of each; made once, when the app is created */
  routes?: (ctx: AppContext, options: MountOptions) => SliceMount[];
  /** what follows facts on the log (made with the process's ports) */
  reactors?: (ctx: AppContext) => Reactor[];
  /** the use cases across streams, resumed by the background after a crash (found by name) */
  workflows?: readonly Workflow<never, unknown>[];
  /** read models of the slice's own, run after the projections package's (`allProjections`) */
  projections?: readonly Projection[];
  /** background work (queue processors, consumers) where the workers run: started once, stopped at the end */
  start?: (ctx: AppContext) => Promise<Stopper>;
  /** the demo data (SEED=true), made through the same commands users run */
  seed?: (ctx: AppContext) => Promise<{ created: boolean; listings: number }>;
};

/**
 * A slice's workflows as the list holds them: a workflow is resumed with the input stored on its own
 * stream, so its input type is not the list's business.
 */
export const workflowsOf = (...workflows: Workflow<never, unknown>[]): readonly Workflow<never, unknown>[] =>
  workflows;
