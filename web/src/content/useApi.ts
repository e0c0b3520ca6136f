import type { ApiError } from '@estate/client';
import { formatDate } from '../app/dates';

/** A query's state as the content pages show it: loading, its answer, or the API's error. */
export type Loaded<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; error: ApiError };

/** a post's day, «13 декабря 2026 г.» (Moscow's day) */
export const ruDate = (iso: string) => formatDate(iso);
