import { cabinetApi as api } from '../dataProvider';
import { authProvider } from '../authProvider';

/** A period of Moscow days, as the API takes it (ГГГГ-ММ-ДД). */
export type FunnelPeriod = { from?: string; to?: string };

/** The funnel's calls (issue 19): they join the data provider when the funnel's chunk loads. */
export const funnelCalls = {
  /** one listing's funnel (an agent: their own listings) */
  publicationFunnel: (publicationId: string, period: FunnelPeriod) =>
    api
      .get('/api/cabinet/funnel', {
        query: { publicationId, from: period.from || undefined, to: period.to || undefined },
      })
      .then((a) => a.data),
  /** the agency's funnel: an agent's own listings, the owner's all */
  agencyFunnel: async (period: FunnelPeriod) => {
    const { agencyId } = (await authProvider.getIdentity!()) as { agencyId?: string | null };
    if (!agencyId) throw new Error('Пользователь не состоит в агентстве');
    return api
      .get('/api/agency/{id}/funnel', {
        path: { id: agencyId },
        query: { from: period.from || undefined, to: period.to || undefined },
      })
      .then((a) => a.data);
  },
};
export type FunnelCalls = typeof funnelCalls;
