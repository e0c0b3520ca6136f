import { apiCall } from '@estate/client';

/**
 * How a query asks the API: in the browser `apiCall` (fetch), on the server the app's own routes
 * in-process (services/src/site). A query's options take it as their last argument, so the page
 * (useQuery) and the server's prefetch share one key and one function.
 */
export type ApiCall = <T>(
  path: string,
  init?: { method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal },
) => Promise<T>;

export const browserCall: ApiCall = (path, init) => apiCall(path, init);
