import type { ApiError, PageMeta, Publication, SearchRequest } from './types';
import { ensureVisitor } from './visitor';

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError | null,
  ) {
    super(body?.message ?? `HTTP ${status}`);
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, {
    ...init,
    headers: { 'Content-Type': 'application/json', ...init?.headers },
    credentials: 'same-origin',
  });
  const body = await response.json().catch(() => null);
  if (!response.ok) throw new ApiFailure(response.status, body);
  return body as T;
}

/** errorCode 34 is the spec's "nothing found": an empty page, not a failure. */
export const NO_RESULTS = 34;

export async function searchPublications(
  request: SearchRequest,
  signal?: AbortSignal,
): Promise<{ data: Publication[]; meta: PageMeta }> {
  try {
    return await call('/api/publications', { method: 'POST', body: JSON.stringify(request), signal });
  } catch (error) {
    if (error instanceof ApiFailure && error.body?.errorCode === NO_RESULTS) {
      return { data: [], meta: { current_page: 1, last_page: 1, per_page: request.limit, total: 0 } };
    }
    throw error;
  }
}

/** Opening a listing counts for the agency (and joins the recently opened list) by the visitor cookie, asked for first. */
export const getPublication = async (id: string, signal?: AbortSignal) => {
  await ensureVisitor();
  return call<{ data: Publication }>(`/api/publications/${encodeURIComponent(id)}?isActive=1`, { signal });
};

export type PriceHistoryItem = { createdAt: string; price: number; priceDiff: number };
export const getPriceHistory = (id: string) =>
  call<{ data: PriceHistoryItem[] }>(`/api/publications/${encodeURIComponent(id)}/price-history`);
