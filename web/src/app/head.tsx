import { createContext, useContext, useEffect } from 'react';
import { useBrowserStore } from './browserStore';

/** schema.org JSON-LD of a page: an object with @type (the Organization is added to every page by the shell). */
export type JsonLd = Record<string, unknown>;

/** What a page puts in <head>, and the status its answer has (404 on the error page). */
export type HeadData = {
  title: string;
  description: string;
  /** the page's canonical path ('/prodazha/…'), made absolute with the site's address */
  canonical?: string;
  /** og:type: 'website' unless said */
  ogType?: string;
  image?: string | null;
  jsonLd?: JsonLd[];
  /** a search engine must not index it (the error page, a signed-in page) */
  noindex?: boolean;
  status?: number;
};

export const SITE_NAME = 'Квадрат';
export const DEFAULT_HEAD: HeadData = {
  title: 'Недвижимость — продажа, аренда, посуточно',
  description: 'Продажа, аренда и посуточная аренда квартир и домов',
};

/** The server's collector: the last page to call useHead wins (the page renders inside the layout). */
export type HeadCollector = { origin: string; collect(head: HeadData): void };
export const HeadContext = createContext<HeadCollector | null>(null);

/** The site's address: PUBLIC_URL on the server, the page's origin in the browser. */
export function useOrigin(): string {
  const collector = useContext(HeadContext);
  return collector?.origin ?? window.location.origin;
}

/** A breadcrumb list in schema.org's words: [name, path] pairs from «Главная». */
export function breadcrumbs(origin: string, items: [name: string, path: string][]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map(([name, path], i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name,
      item: `${origin}${path}`,
    })),
  };
}

const absolute = (origin: string, path: string) => (/^https?:\/\//.test(path) ? path : `${origin}${path}`);

/** The tags of a page's head as HTML (the server writes them; the browser keeps them in step on navigation). */
export function headTags(head: HeadData, origin: string, escape: (s: string) => string): string {
  const tags = [
    `<title>${escape(head.title)}</title>`,
    `<meta name="description" content="${escape(head.description)}" data-head>`,
    head.noindex ? '<meta name="robots" content="noindex" data-head>' : '',
    head.canonical
      ? `<link rel="canonical" href="${escape(absolute(origin, head.canonical))}" data-head>`
      : '',
    `<meta property="og:site_name" content="${SITE_NAME}" data-head>`,
    `<meta property="og:locale" content="ru_RU" data-head>`,
    `<meta property="og:type" content="${escape(head.ogType ?? 'website')}" data-head>`,
    `<meta property="og:title" content="${escape(head.title)}" data-head>`,
    `<meta property="og:description" content="${escape(head.description)}" data-head>`,
    head.canonical
      ? `<meta property="og:url" content="${escape(absolute(origin, head.canonical))}" data-head>`
      : '',
    head.image
      ? `<meta property="og:image" content="${escape(absolute(origin, head.image))}" data-head>`
      : '',
  ];
  return tags.filter(Boolean).join('');
}

/**
 * A page's title, description, canonical address, Open Graph tags and JSON-LD. On the server they
 * go to the collector (the shell writes them into <head>); in the browser they replace the
 * server's tags when the visitor moves to another page.
 */
export function useHead(head: HeadData | null) {
  const collector = useContext(HeadContext);
  if (collector && head) collector.collect(head);
  const key = head ? JSON.stringify(head) : null;
  useEffect(() => {
    if (!key) return;
    const next = JSON.parse(key) as HeadData;
    document.title = next.title;
    const origin = window.location.origin;
    for (const old of document.head.querySelectorAll('[data-head]')) old.remove();
    const template = document.createElement('template');
    const escape = (s: string) =>
      s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    template.innerHTML = headTags(next, origin, escape).replace(/<title>.*?<\/title>/, '');
    document.head.append(template.content);
    // the JSON-LD is data, never run: its text is replaced in place (no new script element)
    const ld = document.getElementById('page-ld');
    if (ld) ld.textContent = JSON.stringify(next.jsonLd ?? []);
  }, [key]);
}

const noSubscription = () => () => undefined;
const inBrowser = () => true;
const onServer = () => false;
/**
 * false on the server and while the page hydrates, true after: what only a browser can draw (the
 * map's library reads `window` as it loads) waits for it, in a placeholder of its size.
 */
export const useHydrated = () => useBrowserStore(noSubscription, inBrowser, onServer);
