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
        const answer = await call<{ data: Publication }>(
          `/api/publications/${encodeURIComponent(id)}?isActive=1`,
          { signal },
        );
        return { publication: answer.data };
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 410))
          return { missing: error.status };
        throw error;
      }
    },
  });
