import { useEffect, useState } from 'react';
import { apiCall, asApiError, type ApiError } from '@estate/client';

export type Loaded<T> =
  { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; error: ApiError };

/** A GET of the content's calls, asked again when the address changes; an older answer is dropped. */
export function useApi<T>(path: string | null): Loaded<T> {
  const [state, setState] = useState<{ path: string | null; value: Loaded<T> }>({
    path: null,
    value: { status: 'loading' },
  });
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    apiCall<T>(path, { signal: controller.signal }).then(
      (data) => setState({ path, value: { status: 'ready', data } }),
      (e: unknown) => {
        if (!controller.signal.aborted) setState({ path, value: { status: 'failed', error: asApiError(e) } });
      },
    );
    return () => controller.abort();
  }, [path]);
  return state.path === path ? state.value : { status: 'loading' };
}

export const ruDate = (iso: string) =>
  new Date(iso).toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });
