import { apiCall, type SearchMapDto } from '@estate/client';
import type { MapRequest, Publication } from './types';
import { ensureVisitor } from './visitor';

/** The search's listings in the map's visible area, grouped for the zoom (a lone one with its id). */
export const searchMap = (request: MapRequest, signal?: AbortSignal) =>
  apiCall<{ data: SearchMapDto }>('/api/publications/map', { method: 'POST', body: request, signal }).then(
    (answer) => answer.data,
  );

/** Opening a listing counts for the agency (and joins the recently opened list) by the visitor cookie, asked for first. */
export const getPublication = async (id: string, signal?: AbortSignal) => {
  await ensureVisitor();
  return apiCall<{ data: Publication }>(`/api/publications/${encodeURIComponent(id)}?isActive=1`, { signal });
};
