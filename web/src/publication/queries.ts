import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '@estate/client';
import type { Publication } from '../api/types';
import { ensureVisitor } from '../api/visitor';
import { browserCall, type ApiCall } from '../app/call';

/** A listing, or the status of its absence (404; 410 once deleted, as the server's render knows it). */
export type PublicationAnswer = { publication?: Publication; missing?: 404 | 410 };

/**
 * One published listing. In the browser the visitor id is asked for first: opening a listing counts
 * for the agency by it (the server's render does not count; the page counts once hydrated). Its
 * absence is an answer, not an error: the server renders the error page with its status from it,
 * and the browser hydrates the same page.
 */
export const publicationQuery = (id: string, call: ApiCall = browserCall) =>
  queryOptions({
    queryKey: ['publication', id],
    queryFn: async ({ signal }): Promise<PublicationAnswer> => {
      if (call === browserCall) await ensureVisitor();
      try {
        const answer = await call.get('/api/publications/{id}', {
          path: { id },
          query: { isActive: '1' },
          signal,
        });
        return { publication: answer.data };
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 410))
          return { missing: error.status };
        throw error;
      }
    },
  });

/** The listing's neighbours: the same deal and city, a close price (the server's closest first). */
export const similarQuery = (id: string, dealCategory: Publication['dealCategory']) =>
  queryOptions({
    queryKey: ['publication', id, 'similar', dealCategory],
    queryFn: ({ signal }) =>
      browserCall
        .get('/api/publications/{id}/similar/{dealType}', { path: { id, dealType: dealCategory }, signal })
        .then((answer) => answer.data),
    staleTime: 5 * 60_000,
  });

/** Published listings by their ids, in the order asked (the missing and hidden ones left out). */
export const publicationsByIdsQuery = (ids: string[]) =>
  queryOptions({
    queryKey: ['publications-by-ids', ids],
    queryFn: ({ signal }) =>
      browserCall.get('/api/publications-by-ids', { query: { ids }, signal }).then((answer) => answer.data),
    staleTime: 5 * 60_000,
  });

/** 'История изменения цены': the newest first, each with its difference from the one before. */
export const priceHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: ['publication', id, 'price-history'],
    queryFn: ({ signal }) =>
      browserCall
        .get('/api/publications/{id}/price-history', { path: { id }, signal })
        .then((answer) => answer.data),
  });

/** 'Статистика просмотров за последние 10 дней': the views day by day (oldest first) and their sums. */
export const viewsQuery = (id: string) =>
  queryOptions({
    queryKey: ['publication', id, 'views'],
    queryFn: ({ signal }) =>
      browserCall
        .get('/api/public-views-diagram-per-ten-days', { query: { publicationId: id }, signal })
        .then((answer) => answer.data),
  });
