import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { InProcessCall } from './inProcess';

/** What web/dist-server/entry-server.cjs exports (web/src/entry-server.tsx). */
export type Rendered =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      head: { jsonLd?: Record<string, unknown>[] };
      headHtml: string;
      styles: string;
      html: string;
      state: string;
    };
export type Renderer = {
  render(input: {
    url: string;
    origin: string;
    call: InProcessCall;
    nonce?: string;
    /** the request's `location=…` cookie alone (the renderer reads the visitor's place from it) */
    placeCookie?: string;
    /** the place of the request's IP, for a visitor without the cookie */
    ipPlace?: { id: string | null; name: string };
  }): Promise<Rendered>;
  scriptJson(value: unknown): string;
};

/**
 * The server's renderer, built by `npm run build -w web` beside the site (web/dist-server). When it
 * is missing (development, most tests) the site answers its single-page shell, said once in the log.
 */
export function loadRenderer(serverDist: string, logger: Logger): Renderer | null {
  const file = join(serverDist, 'entry-server.cjs');
  if (!existsSync(file)) {
    logger.info(
      { file },
      'the site is not server-rendered (no web/dist-server): pages answer the single-page shell',
    );
    return null;
  }
  return createRequire(join(serverDist, 'package.json'))(file) as Renderer;
}

/** Where a response's per-request parts go in a cached page: replaced as it is sent. */
export const NONCE = '__CSP_NONCE__';
export const SESSION = '__SESSION__';

/**
 * A rendered page in the built index.html: the head's tags in place of its title and description,
 * emotion's styles, the page's and the organisation's JSON-LD, the HTML in #root and the query
 * cache as a JSON data block, each script with the request's nonce.
 */
export function pageHtml(
  template: string,
  page: Extract<Rendered, { kind: 'page' }>,
  organization: Record<string, unknown>,
  scriptJson: (value: unknown) => string,
): string {
  // React writes the preloads of the page's priority images (the first photo) before the page: into <head>
  const preloads = /^(?:<link [^>]*>)*/.exec(page.html)![0];
  const body = page.html.slice(preloads.length);
  const head = [
    page.headHtml,
    preloads,
    `<meta name="session" content="${SESSION}">`,
    page.styles,
    `<script type="application/ld+json" id="org-ld" nonce="${NONCE}">${scriptJson(organization)}</script>`,
    `<script type="application/ld+json" id="page-ld" nonce="${NONCE}">${scriptJson(page.head.jsonLd ?? [])}</script>`,
  ].join('');
  return template
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `${head}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`)
    .replace(
      '</body>',
      () => `<script type="application/json" id="query-state" nonce="${NONCE}">${page.state}</script></body>`,
    );
}

/** The built index.html, read on first use (a deploy replaces it with the files). */
export function templateOf(webDist: string): () => string | null {
  let template: string | null = null;
  return () => {
    if (template) return template;
    const file = join(webDist, 'index.html');
    if (!existsSync(file)) return null;
    template = readFileSync(file, 'utf8');
    return template;
  };
}
