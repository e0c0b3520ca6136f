import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { Config } from './config';
import { DomainError } from './errors';

/** reCAPTCHA v3 loads its script from Google and talks to it from a frame: allowed only when a site key is configured. */
const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/** A server-rendered page's nonce (services/src/site): its inline data blocks (JSON-LD, the query state) carry it. */
const pageNonce = (_req: IncomingMessage, res: ServerResponse) => {
  const nonce = (res as ServerResponse & { locals?: { cspNonce?: string } }).locals?.cspNonce;
  return nonce ? `'nonce-${nonce}'` : '';
};

/**
 * The Content-Security-Policy of the site and the cabinet. Scripts only from this origin (Vite's
 * built chunks), never inline but for a server-rendered page's own blocks with its request's nonce. Styles allow 'unsafe-inline' and nothing else does: MUI's emotion
 * injects <style> tags at run time, and a nonce would need the server to rewrite index.html on
 * every request (and pass the nonce to emotion's cache); an injected style cannot run script.
 */
function siteDirectives(config: Config) {
  const recaptcha = Boolean(config.RECAPTCHA_SITE_KEY);
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': ["'self'", pageNonce, ...(recaptcha ? RECAPTCHA_SCRIPTS : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for MUI's inline SVG icons in CSS, blob: for the preview of a photo chosen for upload
    // the map's tiles come from their own host
    'img-src': ["'self'", 'data:', 'blob:', new URL(config.MAP_TILE_URL.replace(/\{[a-z]\}/g, '0')).origin],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(recaptcha ? RECAPTCHA_SCRIPTS : [])],
    'frame-src': recaptcha ? RECAPTCHA_FRAMES : ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    // production is served over https; over plain http (development, tests) it would break every request
    'upgrade-insecure-requests': config.NODE_ENV === 'production' ? [] : null,
  };
}

/**
 * The headers every answer carries (helmet): the CSP above, nosniff, no framing (frame-ancestors
 * 'none' and X-Frame-Options DENY), Referrer-Policy strict-origin-when-cross-origin, and HSTS in
 * production only (a development server on http://localhost must not pin https).
 */
export function securityHeaders(config: Config): RequestHandler {
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: siteDirectives(config) },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity:
      config.NODE_ENV === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // the payment page opens in its own window with noopener; nothing embeds this site's resources elsewhere
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  }) as RequestHandler;
}

/**
 * Swagger UI (/api/docs) is a third-party page: its own looser policy, inline styles and data:
 * images as its bundle uses them; scripts still only from this origin (swagger-ui-express serves
 * its init script as a file).
 */
export function docsPolicy(config: Config): RequestHandler {
  return helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      ...siteDirectives(config),
      'img-src': ["'self'", 'data:', 'https:'],
      'connect-src': ["'self'"],
    },
  }) as RequestHandler;
}

/**
 * The development payment sandbox page (absent in production) carries its two buttons' script
 * inline: that one page may run inline script. It is only served when no real provider is set.
 */
export function sandboxPagePolicy(config: Config): RequestHandler {
  return helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: { ...siteDirectives(config), 'script-src': ["'self'", "'unsafe-inline'"] },
  }) as RequestHandler;
}

/**
 * `Cache-Control: no-store` on every answer to a signed-in request and on every answer that sets
 * a cookie: a shared cache or the browser's back button must never hand one person's answer, or
 * a session cookie, to another. Decided when the headers go out, after the route has run.
 */
export function noStoreForPersonalAnswers(req: Request, res: Response, next: NextFunction) {
  const writeHead = res.writeHead.bind(res);
  res.writeHead = function patchedWriteHead(...args: Parameters<Response['writeHead']>) {
    if (req.user || res.hasHeader('set-cookie')) {
      res.setHeader('Cache-Control', 'no-store');
    }
    return writeHead(...args);
  } as Response['writeHead'];
  next();
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery: the session cookie goes with every request the browser makes to
 * this site, even one a foreign page starts. A write (POST, PUT, PATCH, DELETE) that does not
 * carry a Bearer token is refused (403) when the browser says it comes from another site: a
 * foreign `Origin` (neither PUBLIC_URL nor the request's own host), `Origin: null`, or, without
 * Origin, `Sec-Fetch-Site: cross-site` / `same-site`. Server-to-server calls (the payment
 * provider's webhook, API clients) send neither header and are not affected; SameSite=Lax on the
 * cookie is the second line.
 */
export function refuseCrossSiteWrites(config: Config): RequestHandler {
  const refuse = refuseCrossSite(config);
  return (req, res, next) => (SAFE_METHODS.has(req.method) ? next() : refuse(req, res, next));
}

/**
 * The same check for one route whatever its method: the spec's GET that changes settings
 * (`/api/profile/switch-notifications?…`) would otherwise be open to a link on a foreign page, which
 * SameSite=Lax sends the cookie with.
 */
export function refuseCrossSite(config: Config): RequestHandler {
  const isCrossSite = crossSiteCheck(config);
  return (req, _res, next) => {
    if (isCrossSite(req.headers)) throw new DomainError('FORBIDDEN', CROSS_SITE_REFUSED);
    next();
  };
}

export const CROSS_SITE_REFUSED = 'Запрос с другого сайта отклонён';

/**
 * The rule itself, on a request's headers: whether the browser says the request comes from another
 * site. Also the chat socket's upgrade (chats/live.ts): a foreign page may open a WebSocket to this
 * site, and the browser sends the session cookie with it.
 */
export function crossSiteCheck(config: Config): (headers: IncomingHttpHeaders) => boolean {
  const publicOrigin = new URL(config.PUBLIC_URL).origin;
  return (headers) => {
    // a page cannot set Authorization on a cross-site request (nor on a WebSocket at all): an API client's
    if (headers.authorization?.startsWith('Bearer ')) return false;
    const origin = headers.origin;
    if (origin !== undefined) return origin !== publicOrigin && !sameHost(origin, headers.host);
    const fetchSite = headers['sec-fetch-site'];
    return fetchSite === 'cross-site' || fetchSite === 'same-site';
  };
}

function sameHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false; // 'null' and anything unparsable is foreign
  }
}
