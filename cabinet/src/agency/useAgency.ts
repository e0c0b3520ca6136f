import { useCallback, useEffect, useState } from 'react';
import { useGetIdentity } from 'react-admin';
import { httpClient } from '../api';

/** The signed-in staff member's agency id and a loader for one of its resources. */
export function useAgencyResource<T>(path: (agencyId: string) => string) {
  const { identity } = useGetIdentity();
  const agencyId = (identity as { agencyId?: string } | undefined)?.agencyId ?? null;
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** loads the resource again; answers what it loaded (null on failure), for callers that wait for a change */
  const reload = useCallback(async (): Promise<T | null> => {
    if (!agencyId) return null;
    try {
      const { json } = await httpClient(path(agencyId));
      setData(json.data as T);
      setError(null);
      return json.data as T;
    } catch (e) {
      setError((e as Error).message);
      return null;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [agencyId]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { agencyId, data, error, reload, role: (identity as { role?: number } | undefined)?.role };
}
