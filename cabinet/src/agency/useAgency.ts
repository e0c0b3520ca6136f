import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDataProvider, useGetIdentity } from 'react-admin';
import type { CabinetDataProvider } from '../dataProvider';

/** The cabinet's data provider with its own calls, typed (react-admin's hook wraps it for its errors and sign-out). */
export const useCabinetData = () => useDataProvider<CabinetDataProvider>();

/** The agency id of the signed-in staff member, and their role. */
export function useStaff() {
  const { identity } = useGetIdentity();
  return {
    agencyId: (identity as { agencyId?: string | null } | undefined)?.agencyId ?? null,
    role: (identity as { role?: number } | undefined)?.role,
  };
}

/**
 * One of the agency's resources, read through the data provider into react-admin's query cache
 * (react-query): the screens that show the same resource share one answer.
 */
export function useAgencyResource<T>(
  name: 'agency' | 'balance' | 'employees',
  read: (data: CabinetDataProvider, agencyId: string) => Promise<T>,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const data = useCabinetData();
  const { agencyId, role } = useStaff();
  const query = useQuery({
    queryKey: ['agency', name, agencyId],
    queryFn: () => read(data, agencyId!),
    enabled: enabled && agencyId !== null,
    // a refused call shows at once; the screens ask again themselves when they wait for a change
    retry: false,
    refetchOnWindowFocus: false,
  });
  const { refetch } = query;
  /** loads the resource again; answers what it loaded (null on failure), for callers that wait for a change */
  const reload = useCallback(async (): Promise<T | null> => {
    if (agencyId === null) return null;
    const answer = await refetch();
    return answer.isError ? null : (answer.data ?? null);
  }, [agencyId, refetch]);
  return {
    agencyId,
    data: query.data ?? null,
    error: query.error ? query.error.message : null,
    reload,
    role,
  };
}
