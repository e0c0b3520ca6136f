import { useCallback, useEffect, useState } from 'react';
import { useGetIdentity } from 'react-admin';
import { httpClient } from '../api';

/** The signed-in staff member's agency id and a loader for one of its resources. */
export function useAgencyResource<T>(path: (agencyId: string) => string) {
  const { identity } = useGetIdentity();
  const agencyId = (identity as { agencyId?: string } | undefined)?.agencyId ?? null;
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    if (!agencyId) return;
    httpClient(path(agencyId)).then(({ json }) => setData(json.data as T)).catch((e: Error) => setError(e.message));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [agencyId]);
  useEffect(reload, [reload]);
  return { agencyId, data, error, reload, role: (identity as { role?: number } | undefined)?.role };
}
