import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useGetIdentity } from 'react-admin';
import { httpClient } from '../api';

/**
 * The signed-in staff member's agency id and one of its resources, read through react-admin's
 * query cache (react-query): the screens that show the same resource share one answer.
 */
export function useAgencyResource<T>(path: (agencyId: string) => string) {
  const { identity } = useGetIdentity();
  const agencyId = (identity as { agencyId?: string } | undefined)?.agencyId ?? null;
  const url = agencyId ? path(agencyId) : null;
  const query = useQuery({
    queryKey: ['agency-resource', url],
    queryFn: async () => (await httpClient(url!)).json.data as T,
    enabled: url !== null,
    // a refused call shows at once; the screens ask again themselves when they wait for a change
    retry: false,
    refetchOnWindowFocus: false,
  });
  const { refetch } = query;
  /** loads the resource again; answers what it loaded (null on failure), for callers that wait for a change */
  const reload = useCallback(async (): Promise<T | null> => {
    if (url === null) return null;
    const answer = await refetch();
    return answer.isError ? null : (answer.data ?? null);
  }, [url, refetch]);
  return {
    agencyId,
    data: query.data ?? null,
    error: query.error ? query.error.message : null,
    reload,
    role: (identity as { role?: number } | undefined)?.role,
  };
}
