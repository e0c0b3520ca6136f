import { QueryClient } from '@tanstack/react-query';

/**
 * The site's one cache of server answers (TanStack Query): a page's data is fetched once, kept
 * 30 s as fresh (coming back to a catalogue or a listing shows it at once), and not refetched on
 * window focus, which on a phone would refetch every time the tab comes back.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, gcTime: 5 * 60_000, refetchOnWindowFocus: false, retry: 1 },
    },
  });
}
