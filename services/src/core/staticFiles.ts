import { existsSync, readdirSync, statSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import type { Express, NextFunction, Request, RequestHandler, Response } from 'express';
import { DomainError } from './errors';

/** Vite names every built asset `<name>-<hash>.<ext>` under assets/: its content never changes under that name. */
const HASHED_ASSET = /^\/assets\/.+-[\w-]{8,}\.\w+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * A script's, a style sheet's, a font's or a raster image's answer: never a document (an SVG can be
 * one, and a script here never starts a worker).
 */
const SUBRESOURCE = /\.(js|css|woff2?|png|jpe?g|webp|avif|ico)$/;
/**
 * The headers that govern a document (its policy, framing, window, referrer, legacy IE switches):
 * on a subresource they do nothing but cost a phone's slow line about 0.7 kB per file (28 files on a
 * listing). nosniff and the resource policy stay; so does the request id.
 */
const DOCUMENT_ONLY_HEADERS = [
  'Content-Security-Policy',
  'Cross-Origin-Opener-Policy',
  'Origin-Agent-Cluster',
  'Referrer-Policy',
  'X-DNS-Prefetch-Control',
  'X-Download-Options',
  'X-Frame-Options',
  'X-Permitted-Cross-Domain-Policies',
  'X-XSS-Protection',
];
const REVALIDATE = 'no-cache';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** The encodings this server has files for, best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number];
type BuiltFile = { absolute: string; type: string; encodings: Encoding[] };

const describeFile = (absolute: string): BuiltFile => ({
  absolute,
  type: TYPES[extname(absolute).toLowerCase()] ?? 'application/octet-stream',
  encodings: ENCODINGS.filter((e) => existsSync(absolute + e.suffix)),
});

const isCompressedCopy = (name: string) => name.endsWith('.br') || name.endsWith('.gz');

/**
 * Every file of a built front end by its URL path, with the compressed siblings the build wrote
 * beside it: read once at start, and a file built later is found on its first request.
 */
function builtFiles(dist: string): (urlPath: string) => BuiltFile | undefined {
  const files = new Map<string, BuiltFile>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const absolute = join(dir, name);
      if (statSync(absolute).isDirectory()) walk(absolute);
      else if (!isCompressedCopy(name))
        files.set(`/${relative(dist, absolute).split(sep).join('/')}`, describeFile(absolute));
    }
  };
  if (existsSync(dist)) walk(dist);
  const root = resolve(dist);
  return (urlPath) => {
    const known = files.get(urlPath);
    if (known || !/^\/[\w./-]+$/.test(urlPath) || urlPath.includes('..') || isCompressedCopy(urlPath))
      return known;
    const absolute = resolve(root, `.${urlPath}`);
    if (!absolute.startsWith(root + sep) || !existsSync(absolute) || !statSync(absolute).isFile())
      return undefined;
    const found = describeFile(absolute);
    files.set(urlPath, found);
    return found;
  };
}

/** q-values of Accept-Encoding: `gzip, deflate, br` → br 1, gzip 1, deflate 1; `br;q=0` turns br off. */
function acceptedEncodings(header: string | undefined): Map<string, number> {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q) || 0);
  }
  return accepted;
}

function chooseEncoding(req: Request, file: BuiltFile): Encoding | null {
  const accepted = acceptedEncodings(req.headers['accept-encoding']);
  const wildcard = accepted.get('*') ?? 0;
  return file.encodings.find((e) => (accepted.get(e.name) ?? wildcard) > 0) ?? null;
}

function sendBuilt(req: Request, res: Response, next: NextFunction, file: BuiltFile, cacheControl: string) {
  const encoding = chooseEncoding(req, file);
  const immutableSubresource = cacheControl === IMMUTABLE && SUBRESOURCE.test(file.absolute);
  if (immutableSubresource) for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Content-Type', file.type);
  res.setHeader('Cache-Control', cacheControl);
  if (encoding) res.setHeader('Content-Encoding', encoding.name);
  res.sendFile(
    file.absolute + (encoding?.suffix ?? ''),
    // an immutable file is never revalidated: no ETag or Last-Modified to send
    {
      cacheControl: false,
      dotfiles: 'deny',
      etag: !immutableSubresource,
      lastModified: !immutableSubresource,
    },
    (error) => {
      if (!error) return;
      if (res.headersSent) return;
      res.removeHeader('Content-Encoding');
      next((error as NodeJS.ErrnoException).code === 'ENOENT' ? new DomainError('SITE_UNAVAILABLE') : error);
    },
  );
}

/**
 * Serves a built single-page app (web/dist or cabinet/dist) under `mount`: its files with the
 * brotli or gzip sibling the build wrote when the client accepts one, hashed assets cached for a
 * year as immutable, index.html (and anything unhashed) revalidated on every load. Client-side
 * routes are answered with index.html; when index.html is missing (the app is not built, or a
 * deploy is replacing it) the answer is a 503 in the API's envelope.
 */
export function serveSinglePageApp(app: Express, mount: '/' | `/${string}`, dist: string, pages: RegExp) {
  const fileAt = builtFiles(dist);
  const assets: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = fileAt(req.path);
    if (!file || req.path === '/index.html') return next();
    sendBuilt(req, res, next, file, HASHED_ASSET.test(req.path) ? IMMUTABLE : REVALIDATE);
  };
  app.use(mount, assets);
  app.get(pages, (req, res, next) => {
    // a built file that is not there (an old chunk name) is a 404, not the page: a script must never get HTML
    if (req.path.slice(mount === '/' ? 0 : mount.length).startsWith('/assets/')) return next();
    const index = fileAt('/index.html');
    if (!index || !existsSync(index.absolute)) return next(new DomainError('SITE_UNAVAILABLE'));
    sendBuilt(req, res, next, describeFile(index.absolute), REVALIDATE);
  });
}
