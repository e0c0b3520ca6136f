import type { ApiError } from '@estate/client';

/** A query's state as the content pages show it: loading, its answer, or the API's error. */
export type Loaded<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; error: ApiError };
