import { queryOptions, type QueryClient } from '@tanstack/react-query';

import type { Publication, SearchRequest } from '../api/types';
import { browserCall, type ApiCall } from '../app/call';
import { catalogueQuery } from '../catalogue/queries';

/** product.md section 9 and api.md: the home page's slider and magazine take 5 each, from page 1. */
export const HOME_SLIDES = 5;
export const HOME_POSTS = 5;
/** «Лучшие предложения»: 8 at first, all of them after «Показать ещё» (one call: no wait on the click). */
export const BEST_DEALS_FIRST = 8;
export const BEST_DEALS_ALL = 20;

/**
 * The best deals (docs/decisions.md): the sale catalogue's first page, newest first, as the search
 * answers it (up to three promoted listings merged in with isTop), the promoted ones moved to the front.
 */
export const BEST_DEALS_REQUEST: SearchRequest = {
  dealCategory: 'sale',
  limit: BEST_DEALS_ALL,
  offset: 1,
  sortByDate: 'DESC',
};

export const topFirst = (items: Publication[]): Publication[] => [
  ...items.filter((p) => p.isTop),
  ...items.filter((p) => !p.isTop),
];

// each takes how to ask the API: fetch in the browser, the app's own routes on the server (app/call.ts)
export const bestDealsQuery = (call: ApiCall = browserCall) =>
  queryOptions({
    ...catalogueQuery(BEST_DEALS_REQUEST, call),
    select: (answer) => topFirst(answer.data),
  });

export const slidesQuery = (call: ApiCall = browserCall) =>
  queryOptions({
    queryKey: ['slides', { limit: HOME_SLIDES, offset: 1 }] as const,
    queryFn: ({ signal }) => call.get('/api/slides', { query: { limit: HOME_SLIDES, offset: 1 }, signal }),
    select: (answer) => answer.data.slice(0, HOME_SLIDES),
  });

export const magazineQuery = (call: ApiCall = browserCall) =>
  queryOptions({
    queryKey: ['posts', { limit: HOME_POSTS, offset: 1 }] as const,
    queryFn: ({ signal }) => call.get('/api/posts', { query: { limit: HOME_POSTS, offset: 1 }, signal }),
    select: (answer) => answer.data.slice(0, HOME_POSTS),
  });

/** Every query the home page renders from, in the order it shows them. */
export const HOME_QUERIES = [bestDealsQuery, slidesQuery, magazineQuery] as const;

/**
 * What server rendering calls before rendering `/`: the same queries the page asks for, into the
 * given client, so the page renders with their answers and hydrates without asking again. A failed
 * call is left to the page (it shows its own state and asks again in the browser), never thrown.
 */
export async function homePrefetch(queryClient: QueryClient, call: ApiCall = browserCall): Promise<void> {
  await Promise.all([
    queryClient.prefetchQuery(bestDealsQuery(call)),
    queryClient.prefetchQuery(slidesQuery(call)),
    queryClient.prefetchQuery(magazineQuery(call)),
  ]);
}
