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
      /** the page's lazy modules (paths under web/); an older renderer has none */
      modules?: string[];
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
  scriptJson: (value: unknown) => string;
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
  /** the page's own chunks (chunkPreloads), which the loader asks for */
  pageChunks: string[] = [],
): string {
  // React writes the preloads of the page's priority images (the first photo) before the page: into <head>
  const preloads = /^(?:<link [^>]*>)*/.exec(page.html)![0];
  const body = page.html.slice(preloads.length);
  const head = [
    page.headHtml,
    `<meta name="session" content="${SESSION}">`,
    page.styles,
    `<script type="application/ld+json" id="org-ld" nonce="${NONCE}">${scriptJson(organization)}</script>`,
    `<script type="application/ld+json" id="page-ld" nonce="${NONCE}">${scriptJson(page.head.jsonLd ?? [])}</script>`,
  ].join('');
  // the page's JavaScript (the entry and every chunk it and the page need) is asked for once the page
  // has painted, by an inline loader at the body's end, instead of by the head's tags: on a slow line
  // the HTML, its first photo and the first paint get the line to themselves, and the page reads and
  // works as HTML (links, the phone's tel:) until it is hydrated a moment later. (At low priority
  // in the head they still came before the first paint on a fast line: Lighthouse measured LCP
  // 2.8 s against 0.95 s so.)
  const scripts: string[] = [];
  const withoutScripts = template
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, src: string) => {
      scripts.unshift(src);
      return '';
    })
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href: string) => {
      scripts.push(href);
      return '';
    });
  scripts.push(...pageChunks);
  const [entry, ...chunks] = scripts;
  const loader = entry ? scriptsAfterPaint(entry, chunks, scriptJson) : '';
  return (
    withoutScripts
      // the page's priority images first in the head: the first photo (the page's largest paint) is
      // asked for at once
      .replace(/<meta charset[^>]*>/i, (charset) => `${charset}${preloads}`)
      .replace(/<title>[\s\S]*?<\/title>/, '')
      .replace(/<meta name="description"[^>]*>/, '')
      .replace('</head>', () => `${head}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${body}</div>`)
      .replace(
        '</body>',
        () =>
          `<script type="application/json" id="query-state" nonce="${NONCE}">${page.state}</script>${loader}</body>`,
      )
  );
}

/**
 * The inline loader of a page's JavaScript: after the first paint (the frame's callback, then a
 * task) it adds the entry's module script and the chunks' modulepreload links; a page opened in a
 * background tab, which paints nothing, asks for them at once.
 */
export function scriptsAfterPaint(
  entry: string,
  chunks: string[],
  scriptJson: (value: unknown) => string,
): string {
  // the entry in a task of its own, then the links two to a task: each asks for its file at once,
  // ~1.5 ms of a main thread apiece (more while DevTools records the request's initiator), which all
  // in one task blocked a slow phone for ~100 ms, and four to a task still ~25 ms on a busy machine
  const code =
    '(function(e,c){var h=document.head;function add(u){var l=document.createElement("link");' +
    'l.rel="modulepreload";l.crossOrigin="";l.href=u;h.appendChild(l)}function links(i){' +
    'c.slice(i,i+2).forEach(add);if(i+2<c.length)setTimeout(links,0,i+2)}function go(){' +
    'var s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=e;h.appendChild(s);' +
    'setTimeout(links,0,0)}' +
    'if(document.visibilityState==="hidden")go();else requestAnimationFrame(function(){setTimeout(go,0)})})' +
    `(${scriptJson(entry)},${scriptJson(chunks)})`;
  return `<script id="page-scripts" nonce="${NONCE}">${code}</script>`;
}

/**
 * The built index.html, read on first use (a deploy replaces it with the files), its style sheet as
 * text in its head: the first screen's static styles (web/src/app/firstScreen.ts), so a server-rendered
 * page is drawn styled in its first paint without a request more on its way. Only index.html names
 * the sheet, so nothing else asks for it.
 */
export function templateOf(webDist: string): () => string | null {
  let template: string | null = null;
  return () => {
    if (template) return template;
    const file = join(webDist, 'index.html');
    if (!existsSync(file)) return null;
    template = readFileSync(file, 'utf8').replace(
      /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)">/g,
      (_, sheet: string) => `<style data-entry>${readFileSync(join(webDist, sheet), 'utf8')}</style>`,
    );
    return template;
  };
}

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };

/**
 * The files of a page's lazy chunks, from the build's manifest (web/dist/.vite/manifest.json): each
 * module's chunk and the chunks it imports, less those index.html already preloads (the entry's).
 * The page's loader preloads them beside the first file instead of after it has run (web/src/main.tsx
 * awaits them before hydrating). No manifest (an older build): none.
 */
export function chunkPreloads(webDist: string): (modules: string[]) => string[] {
  const file = join(webDist, '.vite/manifest.json');
  let manifest: Record<string, ManifestChunk> | null = null;
  let entry: Set<string> | null = null;
  const closure = (keys: string[], into = new Set<string>()) => {
    for (const key of keys) {
      if (into.has(key) || !manifest![key]) continue;
      into.add(key);
      closure(manifest![key].imports ?? [], into);
    }
    return into;
  };
  const cache = new Map<string, string[]>();
  return (modules) => {
    if (!modules.length) return [];
    if (!manifest) {
      if (!existsSync(file)) return [];
      manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
      entry = closure(Object.keys(manifest).filter((key) => manifest![key].isEntry));
    }
    const key = modules.join(',');
    let links = cache.get(key);
    if (links === undefined) {
      links = [...closure(modules)]
        .filter((chunk) => !entry!.has(chunk))
        .map((chunk) => `/${manifest![chunk].file}`);
      cache.set(key, links);
    }
    return links;
  };
}
