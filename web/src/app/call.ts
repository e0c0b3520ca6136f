import { api, type TypedApi } from '@estate/client';

/**
 * How a query asks the API: the typed calls (@estate/client's `api`, paths and answers from the
 * route declarations), in the browser over `apiCall` (fetch), on the server over the app's own
 * routes in-process (entry-server.tsx, services/src/site). A query's options take it as their last
 * argument, so the page (useQuery) and the server's prefetch share one key and one function.
 */
export type ApiCall = TypedApi;

export const browserCall: ApiCall = api;
