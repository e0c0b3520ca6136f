import type {
  AgencyDto,
  AgencyPublicationDto,
  BalanceDto,
  BookingCountsDto,
  BookingDto,
  BulkOutcomeDto,
  CalendarEntryDto,
  CalendarImportDto,
  EmployeeDto,
  LocationDetailsDto,
  LocationListAnswer,
  PaymentStartedDto,
  ResidentialComplexDto,
  StatisticsDiagramDto,
  StatisticsTotalsDto,
  TariffOfPublicationDto,
} from '@estate/client';
import simpleRestProvider from 'ra-data-simple-rest';
import { httpClient } from './api';
import { authProvider } from './authProvider';
import type { Period, RunningTariff } from './types';

const base = simpleRestProvider('/api/cabinet', httpClient);

/** The agency id of the signed-in staff member (the profile the auth provider holds): every agency-level call is addressed to it. */
async function agencyId(): Promise<string> {
  const { agencyId } = (await authProvider.getIdentity!()) as { agencyId?: string | null };
  if (!agencyId) throw new Error('Пользователь не состоит в агентстве');
  return agencyId;
}

/**
 * The listing's running promotion, from the spec's agency call (adTariff); null when none runs. A
 * failure of the call leaves the listing readable without it.
 */
async function currentTariffOf(record: {
  id: string;
  status: number;
  agency?: { id: string } | null;
}): Promise<RunningTariff | null> {
  if (record.status !== 1 || !record.agency) return null;
  try {
    const answer = await dataOf<AgencyPublicationDto>(
      agencyCall(record.agency.id, `/publications/${at(record.id)}`),
    );
    return answer.data.adTariff;
  } catch {
    return null;
  }
}

/** a call's `data`, typed by the contract the server declares (the caller names it) */
async function dataOf<T>(url: string, init: { method?: string; body?: unknown; headers?: HeadersInit } = {}) {
  const { json } = await httpClient(url, {
    method: init.method,
    headers: init.headers ? new Headers(init.headers) : undefined,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return json as { data: T; meta?: { message?: string } };
}
const at = encodeURIComponent;
const daily = (rest: string) => `/api/booking/daily-rent/${rest}`;
const agencyCall = (agencyId: string, rest = '') => `/api/agency/${at(agencyId)}${rest}`;

/** The agent's actions on a booking request (api.md section 6): reject and cancel carry the reason. */
export type BookingAction = 'accept' | 'reject' | 'cancel' | 'check-out';
const bookingPath = (action: BookingAction, b: Pick<BookingDto, 'id' | 'publicationId'>) =>
  action === 'accept' ? daily(`${at(b.publicationId)}/${at(b.id)}/accept`) : daily(`${at(b.id)}/${action}`);

/** a path with its query: the parameters given (an absent one is left out), encoded */
const withQuery = (path: string, params: Record<string, string | number | undefined>) => {
  const query = new URLSearchParams(
    Object.entries(params).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])),
  ).toString();
  return query ? `${path}?${query}` : path;
};

const idsQuery = (ids: (string | number)[]) =>
  ids.map((id) => `publicationIds[]=${at(String(id))}`).join('&');

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
    const { startDate, endDate } = (params.filter ?? {}) as Period;
    const { json } = await httpClient(
      withQuery(daily('list-for-agent'), { status, limit: perPage, offset: page, startDate, endDate }),
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
    return {
      data: (await dataOf<unknown>(`/api/cabinet/${resource}/${at(id)}/publish`, { method: 'POST' })).data,
    };
  },
  async changeStatus(ids: (string | number)[], status: 1 | 2 | 3): Promise<BulkOutcomeDto[]> {
    const path = agencyCall(
      await agencyId(),
      `/publications/change-status?status=${status}&${idsQuery(ids)}`,
    );
    return (await dataOf<BulkOutcomeDto[]>(path, { method: 'PATCH' })).data;
  },
  async deleteMany(_resource: string, params: { ids: (string | number)[] }) {
    const path = agencyCall(await agencyId(), `/publications?${idsQuery(params.ids)}`);
    const results = (await dataOf<BulkOutcomeDto[]>(path, { method: 'DELETE' })).data;
    const refused = results.flatMap((r) => (r.success ? [] : [r.message]));
    if (refused.length) throw new Error(refused.join('; '));
    return { data: results.map((r) => r.id) };
  },

  // the dashboard (api.md: publications-statistic)
  statisticsDiagram: (statsType: number, contentType: number) =>
    dataOf<StatisticsDiagramDto>(
      withQuery('/api/publications-statistic/diagram', { statsType, contentType }),
    ).then((a) => a.data),
  statisticsTotals: (interval: string) =>
    dataOf<StatisticsTotalsDto>(withQuery('/api/publications-statistic', { interval })).then((a) => a.data),

  /** the residential complexes of a place (a city with its districts): those a new-build listing there may stand in */
  complexesIn: (locationId: string) =>
    dataOf<ResidentialComplexDto[]>(withQuery('/api/residential-complexes', { locationId, limit: 100 })).then(
      (a) => a.data,
    ),

  /** places of the locations tree by name (api.md: location search), and one place by its id */
  searchPlaces: (text: string) =>
    dataOf<LocationListAnswer['data']>(withQuery('/api/locations', { search: text })).then((a) => a.data),
  place: (id: string) => dataOf<LocationDetailsDto>(`/api/locations/${at(id)}`).then((a) => a.data),
  complex: (id: string) =>
    dataOf<ResidentialComplexDto>(`/api/residential-complexes/${at(id)}`).then((a) => a.data),

  // a listing's tariffs: priced by its city and deal, the only ids its payment accepts
  tariffsOf: (publicationId: string) =>
    dataOf<TariffOfPublicationDto[]>(`/api/publications/${at(publicationId)}/tariffs`).then((a) => a.data),
  /** one key per click of «Оплатить»: a request repeated by the network or a retry is charged once */
  payTariff: (publicationId: string, tariffId: string, idempotencyKey: string) =>
    dataOf<unknown>(`/api/publications/${at(publicationId)}/tariffs/${at(tariffId)}`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Idempotency-Key': idempotencyKey },
    }),

  // daily rent: the requests' counters and actions, a listing's calendar
  bookingCounts: ({ startDate, endDate }: Period = {}) =>
    dataOf<BookingCountsDto>(withQuery(daily('count'), { startDate, endDate })).then((a) => a.data),
  bookingAction: (
    action: BookingAction,
    booking: Pick<BookingDto, 'id' | 'publicationId'>,
    reason?: string,
  ) =>
    dataOf<unknown>(bookingPath(action, booking), {
      method: 'POST',
      body: reason === undefined ? {} : { text: reason },
    }),
  calendarOf: (publicationId: string, from: string) =>
    dataOf<CalendarEntryDto[]>(
      withQuery(daily(`${at(publicationId)}/calendar`), { startDate: from, endDate: '2035-01-01' }),
    ).then((a) => a.data),
  closeDates: (publicationId: string, range: { startDate: string; endDate: string }) =>
    dataOf<unknown>(daily(`${at(publicationId)}/calendar/set-unavailable-date`), {
      method: 'POST',
      body: range,
    }),
  openDates: (publicationId: string, entryId: string) =>
    dataOf<unknown>(daily(`${at(publicationId)}/calendar/unset-unavailable-date/${at(entryId)}`), {
      method: 'DELETE',
    }),
  importCalendar: (publicationId: string, ics: string) =>
    dataOf<CalendarImportDto>(daily(`${at(publicationId)}/calendar/import`), {
      method: 'POST',
      body: { ics },
    }).then((a) => a.data),

  // the agency's own calls (api.md section 9), addressed by its id
  agency: (agencyId: string) => dataOf<AgencyDto>(agencyCall(agencyId)).then((a) => a.data),
  updateAgency: (agencyId: string, patch: object) =>
    dataOf<AgencyDto>(agencyCall(agencyId), { method: 'PATCH', body: patch }).then((a) => a.data),
  balance: (agencyId: string) => dataOf<BalanceDto>(agencyCall(agencyId, '/balance')).then((a) => a.data),
  topUp: (agencyId: string, sum: number) =>
    dataOf<PaymentStartedDto>(agencyCall(agencyId, '/balance/top-up'), {
      method: 'POST',
      body: { sourceType: 1, sum },
    }).then((a) => a.data),
  requestInvoice: (
    agencyId: string,
    invoice: { sum: number; organizationName: string; inn: string; kpp: string; account: string },
  ) => dataOf<unknown>(agencyCall(agencyId, '/balance/invoice'), { method: 'POST', body: invoice }),
  employees: (agencyId: string) =>
    dataOf<EmployeeDto[]>(agencyCall(agencyId, '/employee')).then((a) => a.data),
  addEmployee: (agencyId: string, clientPhone: string) =>
    dataOf<unknown>(agencyCall(agencyId, '/employee'), { method: 'POST', body: { clientPhone } }),
  setEmployeeActive: (agencyId: string, employeeId: string, isActive: boolean) =>
    dataOf<unknown>(agencyCall(agencyId, `/employee/${at(employeeId)}/change-active`), {
      method: 'PATCH',
      body: { isActive },
    }),
  setEmployeeLimit: (agencyId: string, employeeId: string, limit: number | null) =>
    dataOf<unknown>(agencyCall(agencyId, `/employee/${at(employeeId)}/limit`), {
      method: 'PATCH',
      body: { limit },
    }),
  removeEmployee: (agencyId: string, employeeId: string) =>
    dataOf<unknown>(agencyCall(agencyId, `/employee/${at(employeeId)}`), { method: 'DELETE' }),
};
export type CabinetDataProvider = typeof dataProvider;
