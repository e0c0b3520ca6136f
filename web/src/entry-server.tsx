import createEmotionServer from '@emotion/server/create-instance';
import { dehydrate } from '@tanstack/react-query';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { ApiError, envelopeOf, typedApi } from '@estate/client';
import { App } from './app/App';
import type { ApiCall } from './app/call';
import { DEFAULT_HEAD, HeadContext, headTags, type HeadCollector, type HeadData } from './app/head';
import { createQueryClient } from './app/queryClient';
import { createStyleCache } from './app/styleCache';
import { handlesOf, routes } from './app/routes';
import { prefetchSiteSettings } from './layout/siteSettings';
import { placeFromCookie, VISITOR_PLACE_KEY, type ChosenPlace } from './place/store';

/** How the server answers the page's API calls in-process: a status and the JSON, never a socket. */
export type InProcessCall = (
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown },
) => Promise<{ status: number; json: unknown }>;

export type RenderInput = {
  /** the request's path and query */
  url: string;
  /** the site's address (PUBLIC_URL): canonical links and the router's requests */
  origin: string;
  call: InProcessCall;
  /** the CSP nonce of React's own inline scripts, if it writes any */
  nonce?: string;
  /** the request's `location` cookie (`location=…`), the visitor's chosen place, if any */
  placeCookie?: string;
  /** the place of the request's IP ('Вся Россия' when the table cannot place it): without the cookie */
  ipPlace?: ChosenPlace;
};

export type Rendered =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      head: HeadData;
      /** the <title>, meta and link tags of the head */
      headHtml: string;
      /** emotion's critical CSS of the page: <style data-emotion> tags */
      styles: string;
      html: string;
      /** the dehydrated query cache as JSON, '<' escaped (safe inside a <script> data block) */
      state: string;
      /** the modules (paths under web/) of the page's lazy chunks, which the page names in modulepreload links */
      modules: string[];
    };

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON that cannot close its <script> element or open a comment: <, > and & as \u escapes; U+2028/9 too. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const handler = createStaticHandler(routes);

/**
 * Renders one page of the site on the server: the route's prefetch fills a fresh query client from
 * the read models (through `call`), React renders the whole page (every lazy page preloaded first,
 * the stream read to its end), emotion's CSS of the page is extracted, and the cache dehydrated for
 * the browser's hydrateRoot.
 */
export async function render({
  url,
  origin,
  call,
  nonce,
  placeCookie,
  ipPlace,
}: RenderInput): Promise<Rendered> {
  const request = new Request(new URL(url, origin), { method: 'GET' });
  const context = await handler.query(request);
  if (context instanceof Response)
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };

  const apiCall: ApiCall = typedApi(async (path, init) => {
    const answer = await call(path, { method: init.method as 'GET' | 'POST', body: init.body });
    if (answer.status >= 400) throw new ApiError(answer.status, envelopeOf(answer.status, answer.json));
    return answer.json;
  });
  const queryClient = createQueryClient();
  // the page is rendered for the visitor's place, and hydrates with it (place/store.ts)
  const place = placeFromCookie(placeCookie) ?? ipPlace ?? null;
  queryClient.setQueryData(VISITOR_PLACE_KEY, place);
  const handles = handlesOf(context.matches);
  const params = context.matches[context.matches.length - 1]?.params ?? {};
  const search = new URL(request.url).searchParams;
  await Promise.all([
    ...handles.map((h) => h.preload?.()),
    ...handles.map((h) => h.prefetch?.({ queryClient, params, search, call: apiCall, place })),
    prefetchSiteSettings(queryClient, apiCall),
  ]);

  const router = createStaticRouter(handler.dataRoutes, context);
  const emotionCache = createStyleCache();
  const emotion = createEmotionServer(emotionCache);
  let collected: HeadData | null = null;
  const collector: HeadCollector = {
    origin,
    collect: (found) => {
      collected = found;
    },
  };
  const html = await new Promise<string>((resolve, reject) => {
    let failed: unknown = null;
    const stream = renderToPipeableStream(
      <HeadContext.Provider value={collector}>
        <App queryClient={queryClient} emotionCache={emotionCache}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </App>
      </HeadContext.Provider>,
      {
        // the page is sent whole once ready: a big boundary is never outlined to be swapped in by
        // an inline script (React outlines boundaries past this size while streaming)
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        // any inline script React still writes carries the request's nonce (the site puts it in)
        nonce,
        onAllReady() {
          const sink = new PassThrough();
          const chunks: Buffer[] = [];
          sink.on('data', (chunk: Buffer) => chunks.push(chunk));
          sink.on('end', () =>
            failed
              ? reject(
                  failed instanceof Error ? failed : new Error('the page did not render', { cause: failed }),
                )
              : resolve(Buffer.concat(chunks).toString('utf8')),
          );
          stream.pipe(sink);
        },
        onShellError: reject,
        onError(error) {
          failed ??= error;
        },
      },
    );
  });
  const head: HeadData = collected ?? DEFAULT_HEAD;
  const styles = pageStyleTags(emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)));
  const state = scriptJson(
    dehydrate(queryClient, { shouldDehydrateQuery: (q) => q.state.status === 'success' }),
  );
  return {
    kind: 'page',
    status: head.status ?? context.statusCode ?? 200,
    head,
    headHtml: headTags(head, origin, escapeHtml),
    styles,
    html,
    state,
    modules: handles.flatMap((h) => h.modules ?? []),
  };
}

/**
 * emotion's tags as the browser takes them over without moving them: its caches re-insert every
 * <style data-emotion> tag they find into <head> (createCache its own key's, @emotion/react's default
 * cache all of them as its module is evaluated), and a moved tag is a style sheet parsed again and
 * the whole page restyled, on the main thread as the page hydrates. The components' tag goes under
 * `data-emotion-page`, whose ids the browser's cache marks as inserted (app/styleCache.ts); the global
 * styles' tags (CssBaseline, keyframes), which each Global component takes over as it mounts, carry
 * `data-s`, the mark of a tag the default cache has already moved.
 */
export const pageStyleTags = (tags: string) =>
  tags
    .replace(/<style data-emotion="css /g, '<style data-emotion-page="css ')
    .replace(/<style data-emotion="css-global /g, '<style data-s="" data-emotion="css-global ');
