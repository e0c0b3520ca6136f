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
