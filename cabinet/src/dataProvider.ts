import type { AdTariffDto, AgencyPublicationDto, BulkOutcomeDto } from '@estate/client';
import simpleRestProvider from 'ra-data-simple-rest';
import { httpClient } from './api';

const base = simpleRestProvider('/api/cabinet', httpClient);

/** The agency id of the signed-in staff member: every agency-level call is addressed to it. */
async function agencyId(): Promise<string> {
  const { json } = await httpClient('/api/profile');
  if (!json.data.agencyId) throw new Error('Пользователь не состоит в агентстве');
  return json.data.agencyId as string;
}
/** The promotion a listing runs now: the position, the end of the paid day, the tariff's name and daily charge. */
export type CurrentTariff = AdTariffDto;

/**
 * The listing's running promotion, from the spec's agency call (adTariff); null when none runs. A
 * failure of the call leaves the listing readable without it.
 */
async function currentTariffOf(record: {
  id: string;
  status: number;
  agency?: { id: string } | null;
}): Promise<CurrentTariff | null> {
  if (record.status !== 1 || !record.agency) return null;
  const id = encodeURIComponent(record.id);
  try {
    const { json } = await httpClient(
      `/api/agency/${encodeURIComponent(record.agency.id)}/publications/${id}`,
    );
    return (json.data as AgencyPublicationDto).adTariff;
  } catch {
    return null;
  }
}

const idsQuery = (ids: (string | number)[]) =>
  ids.map((id) => `publicationIds[]=${encodeURIComponent(String(id))}`).join('&');

/**
 * ra-data-simple-rest, plus what a resource route cannot express: publishing one listing, and the
 * spec's calls on many at once (change status, delete), which answer one result per id.
 */
export const dataProvider = {
  ...base,
  /** bookings are read from the spec's agent list: the tab is the display status, pages from 1 */
  async getList(resource: string, params: Parameters<typeof base.getList>[1]) {
    if (resource !== 'bookings') return base.getList(resource, params);
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 15 };
    const status = Number(params.filter?.status ?? 1);
    const { json } = await httpClient(
      `/api/booking/daily-rent/list-for-agent?status=${status}&limit=${perPage}&offset=${page}`,
    );
    return { data: json.data, total: json.meta.total };
  },
  /** a listing's page asks for its running tariff too (meta.withTariff), so a refresh after a payment shows the new one */
  async getOne(resource: string, params: Parameters<typeof base.getOne>[1]) {
    const result = await base.getOne(resource, params);
    if (resource !== 'publications' || !params.meta?.withTariff) return result;
    return { data: { ...result.data, currentTariff: await currentTariffOf(result.data) } };
  },
  async publish(resource: 'publications', id: string) {
    const { json } = await httpClient(`/api/cabinet/${resource}/${encodeURIComponent(id)}/publish`, {
      method: 'POST',
    });
    return { data: json.data };
  },
  async changeStatus(ids: (string | number)[], status: 1 | 2 | 3): Promise<BulkOutcomeDto[]> {
    const { json } = await httpClient(
      `/api/agency/${await agencyId()}/publications/change-status?status=${status}&${idsQuery(ids)}`,
      { method: 'PATCH' },
    );
    return json.data;
  },
  async deleteMany(_resource: string, params: { ids: (string | number)[] }) {
    const { json } = await httpClient(
      `/api/agency/${await agencyId()}/publications?${idsQuery(params.ids)}`,
      { method: 'DELETE' },
    );
    const results = json.data as BulkOutcomeDto[];
    const refused = results.flatMap((r) => (r.success ? [] : [r.message]));
    if (refused.length) throw new Error(refused.join('; '));
    return { data: results.map((r) => r.id) };
  },
};
export type CabinetDataProvider = typeof dataProvider;
