import { api } from '@estate/client';
import type { MapRequest } from './types';
import { ensureVisitor } from './visitor';

/** The search's listings in the map's visible area, grouped for the zoom (a lone one with its id). */
export const searchMap = (request: MapRequest, signal?: AbortSignal) =>
  api.post('/api/publications/map', { body: request, signal }).then((answer) => answer.data);

/** Opening a listing counts for the agency (and joins the recently opened list) by the visitor cookie, asked for first. */
export const getPublication = async (id: string, signal?: AbortSignal) => {
  await ensureVisitor();
  return api.get('/api/publications/{id}', { path: { id }, query: { isActive: '1' }, signal });
};
