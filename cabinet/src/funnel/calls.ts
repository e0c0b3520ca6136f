import type { FunnelDto } from '@estate/client';
import { authProvider } from '../authProvider';
import { at, dataOf } from '../dataProvider';

/** A period of Moscow days, as the API takes it (ГГГГ-ММ-ДД). */
export type FunnelPeriod = { from?: string; to?: string };

const query = (params: Record<string, string | undefined>) =>
  Object.entries(params)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${at(v!)}`)
    .join('&');

/** The funnel's calls (issue 19): they join the data provider when the funnel's chunk loads. */
export const funnelCalls = {
  /** one listing's funnel (an agent: their own listings) */
  publicationFunnel: (publicationId: string, period: FunnelPeriod) =>
    dataOf<FunnelDto>(`/api/cabinet/funnel?${query({ publicationId, ...period })}`).then((a) => a.data),
  /** the agency's funnel: an agent's own listings, the owner's all */
  agencyFunnel: async (period: FunnelPeriod) => {
    const { agencyId } = (await authProvider.getIdentity!()) as { agencyId?: string | null };
    if (!agencyId) throw new Error('Пользователь не состоит в агентстве');
    return dataOf<FunnelDto>(`/api/agency/${at(agencyId)}/funnel?${query(period)}`).then((a) => a.data);
  },
};
export type FunnelCalls = typeof funnelCalls;
