import {
  ApiError,
  envelopeOf,
  type AddressSuggestionDto,
  type AgencyDto,
  type AgencyPublicationDto,
  type BalanceDto,
  type BookingCountsDto,
  type BookingDto,
  type BulkOutcomeDto,
  type RealtorRequestQueueDto,
  type CalendarEntryDto,
  type CalendarImportDto,
  type EmployeeDto,
  type InvoiceRequestedDto,
  type LocationDetailsDto,
  type LocationListAnswer,
  type PaymentStartedDto,
  type ResidentialComplexDto,
  type StatisticsDiagramDto,
  type StatisticsTotalsDto,
  type MetroStationDto,
  type TariffOfPublicationDto,
  type PhotoSizesDto,
  type UploadedPhotoDto,
} from '@estate/client';
import simpleRestProvider from 'ra-data-simple-rest';
import {
  HttpError,
  type CreateParams,
  type CreateResult,
  type DeleteParams,
  type DeleteResult,
  type RaRecord,
  type UpdateParams,
  type UpdateResult,
} from 'react-admin';
import { httpClient, toHttpError } from './api';
import { authProvider } from './authProvider';
import type { ModerationCalls } from './moderation/calls';
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
export async function dataOf<T>(
  url: string,
  init: { method?: string; body?: unknown; headers?: HeadersInit } = {},
) {
  const { json } = await httpClient(url, {
    method: init.method,
    headers: init.headers ? new Headers(init.headers) : undefined,
    body:
      init.body === undefined
        ? undefined
        : init.body instanceof FormData
          ? init.body
          : JSON.stringify(init.body),
  });
  return json as { data: T; meta?: { message?: string } };
}
export const at = encodeURIComponent;
const daily = (rest: string) => `/api/booking/daily-rent/${rest}`;
const agencyCall = (agencyId: string, rest = '') => `/api/agency/${at(agencyId)}${rest}`;

/** The agent's actions on a booking request (api.md section 6): reject and cancel carry the reason. */
export type BookingAction = 'accept' | 'reject' | 'cancel' | 'check-out';
const bookingPath = (action: BookingAction, b: Pick<BookingDto, 'id' | 'publicationId'>) =>
  action === 'accept' ? daily(`${at(b.publicationId)}/${at(b.id)}/accept`) : daily(`${at(b.id)}/${action}`);

/** a path with its query: the parameters given (an absent one is left out), encoded */
const withQuery = (path: string, params: Record<string, string | number | string[] | undefined>) => {
  const query = new URLSearchParams(
    Object.entries(params).flatMap(([name, value]) =>
      value === undefined
        ? []
        : Array.isArray(value)
          ? value.map((item) => [`${name}[]`, item])
          : [[name, String(value)]],
    ),
  ).toString();
  return query ? `${path}?${query}` : path;
};

const idsQuery = (ids: (string | number)[]) =>
  ids.map((id) => `publicationIds[]=${at(String(id))}`).join('&');

/**
 * Photos sent as one multipart request (field `files`) by XMLHttpRequest, the one browser call that
 * reports the upload's progress (fetch does not); its answer and errors as every other call's.
 */
function uploadPhotos(
  files: File[],
  { onProgress, signal }: { onProgress?: (loaded: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedPhotoDto[]> {
  const body = new FormData();
  for (const file of files) body.append('files', file);
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Загрузка отменена', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/system/upload');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(e.loaded, e.total);
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        // no JSON (a proxy's page): the envelope below says so
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve((json as { data: UploadedPhotoDto[] }).data);
      else reject(toHttpError(new ApiError(xhr.status, envelopeOf(xhr.status, json))));
    };
    xhr.onerror = () => reject(toHttpError(new ApiError(0, envelopeOf(0, null))));
    xhr.onabort = () => reject(new DOMException('Загрузка отменена', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

type GetListParams = Parameters<typeof base.getList>[1];

/** the profile's form as saved: the logo picked (react-admin's file input) and the editable fields */
type AgencyForm = AgencyDto & { avatarFile?: { rawFile?: File } | null };

/**
 * The body of the profile's save (api.md section 5): only the editable fields (the call refuses
 * anything else), empty texts as null, KPP for a legal entity only. The server names a taken name
 * `agencyName` (the realtor form's field); here it is the name field.
 */
async function saveAgency(agencyId: string, form: AgencyForm): Promise<AgencyDto> {
  const file = form.avatarFile?.rawFile;
  if (file instanceof File) {
    const upload = new FormData();
    upload.append('avatar', file);
    await dataOf<unknown>(agencyCall(agencyId, '/avatar'), { method: 'POST', body: upload });
  }
  const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
  try {
    const saved = await dataOf<AgencyDto>(agencyCall(agencyId), {
      method: 'PATCH',
      body: {
        name: form.name.trim(),
        legalEntity: form.legalEntity,
        inn: text(form.inn),
        kpp: form.legalEntity === 1 ? text(form.kpp) : null,
        accountNumber: text(form.accountNumber),
        siteLink: text(form.siteLink),
        email: text(form.email),
        description: text(form.description),
        canViewInCatalog: form.canViewInCatalog,
        specializations: form.specializations ?? [],
      },
    });
    return saved.data;
  } catch (error) {
    const errors = (error as HttpError).body?.errors as Record<string, unknown> | undefined;
    if (errors && Object.hasOwn(errors, 'agencyName')) {
      const { agencyName, ...rest } = errors;
      throw new HttpError((error as HttpError).message, (error as HttpError).status, {
        errors: { ...rest, name: agencyName },
      });
    }
    throw error;
  }
}

/**
 * The agency's staff (api.md section 9): the spec's call answers all of them (an agency has tens),
 * so the page, the sort and the name search are made here.
 */
async function employeesPage(params: GetListParams) {
  const all = (await dataOf<EmployeeDto[]>(agencyCall(await agencyId(), '/employee'))).data;
  const { field, order } = params.sort ?? { field: 'name', order: 'ASC' };
  const q = String(params.filter?.q ?? '')
    .trim()
    .toLocaleLowerCase('ru');
  const digits = q.replace(/\D/g, '');
  const found = all
    .filter(
      (e) => !q || e.name.toLocaleLowerCase('ru').includes(q) || (digits !== '' && e.phone.includes(digits)),
    )
    .sort((a, b) => {
      const x = a[field as keyof EmployeeDto] ?? '';
      const y = b[field as keyof EmployeeDto] ?? '';
      const sign = order === 'DESC' ? -1 : 1;
      return typeof x === 'string' && typeof y === 'string'
        ? sign * x.localeCompare(y, 'ru')
        : sign * (Number(x) - Number(y));
    });
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
  return { data: found.slice((page - 1) * perPage, page * perPage), total: found.length };
}

/**
 * ra-data-simple-rest, plus what a resource route cannot express: publishing one listing, and the
 * spec's calls on many at once (change status, delete), which answer one result per id. The
 * employees and the invoice requests are resources whose writes are the spec's own calls.
 */
export const dataProvider = {
  ...base,
  /** bookings are read from the spec's agent list: the tab is the display status, pages from 1 */
  async getList(resource: string, params: GetListParams) {
    if (resource === 'employees') return employeesPage(params);
    if (resource === 'calendar-entries') {
      // a listing's closed and booked ranges from a day on (api.md section 6): all of them, one page
      const { publicationId, from } = params.filter as { publicationId: string; from: string };
      const entries = await dataOf<CalendarEntryDto[]>(
        withQuery(daily(`${at(publicationId)}/calendar`), { startDate: from, endDate: '2035-01-01' }),
      );
      return { data: entries.data, total: entries.data.length };
    }
    if (resource === 'realtor-requests') {
      // the moderators' queue answers all the requests under review: one page, the applicant's id names each
      const all = (await dataOf<RealtorRequestQueueDto>('/api/moderation/realtor-requests')).data;
      return { data: all.map((r) => ({ ...r, id: r.userId })), total: all.length };
    }
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
    if (resource === 'agencies')
      return { data: (await dataOf<AgencyDto>(agencyCall(String(params.id)))).data };
    if (resource === 'wallets') {
      const balance = await dataOf<BalanceDto>(agencyCall(String(params.id), '/balance'));
      return { data: { id: params.id, ...balance.data } };
    }
    const result = await base.getOne(resource, params);
    if (resource !== 'publications' || !params.meta?.withTariff) return result;
    return { data: { ...result.data, currentTariff: await currentTariffOf(result.data) } };
  },
  /** an employee added by the phone of a registered user; an invoice asked of the accounting department */
  async create<R extends RaRecord>(resource: string, params: CreateParams): Promise<CreateResult<R>> {
    if (resource === 'employees') {
      const { clientPhone } = params.data as { clientPhone: string };
      const added = await dataOf<EmployeeDto>(agencyCall(await agencyId(), '/employee'), {
        method: 'POST',
        body: { clientPhone },
      });
      return { data: added.data as unknown as R };
    }
    if (resource === 'calendar-entries') {
      const { publicationId, startDate, endDate } = params.data as {
        publicationId: string;
        startDate: string;
        endDate: string;
      };
      const closed = await dataOf<CalendarEntryDto>(
        daily(`${at(publicationId)}/calendar/set-unavailable-date`),
        { method: 'POST', body: { startDate, endDate } },
      );
      return { data: closed.data as unknown as R };
    }
    if (resource === 'invoices') {
      const asked = await dataOf<InvoiceRequestedDto>(agencyCall(await agencyId(), '/balance/invoice'), {
        method: 'POST',
        body: params.data,
      });
      return { data: { ...params.data, id: asked.data.invoiceId } as R };
    }
    return base.create<R>(resource, params);
  },
  /**
   * an employee's access and monthly limit, each its own spec call, made only for what changed; the
   * agency's profile (its new logo first, then the fields)
   */
  async update<R extends RaRecord>(resource: string, params: UpdateParams<R>): Promise<UpdateResult<R>> {
    if (resource === 'agencies')
      return {
        data: (await saveAgency(String(params.id), params.data as unknown as AgencyForm)) as unknown as R,
      };
    if (resource !== 'employees') return base.update<R>(resource, params);
    const before = params.previousData as unknown as EmployeeDto;
    const after = { ...before, ...(params.data as Partial<EmployeeDto>) };
    const path = agencyCall(await agencyId(), `/employee/${at(String(params.id))}`);
    if (after.isActive !== before.isActive)
      await dataOf<unknown>(`${path}/change-active`, { method: 'PATCH', body: { isActive: after.isActive } });
    if (after.limit !== before.limit)
      await dataOf<unknown>(`${path}/limit`, { method: 'PATCH', body: { limit: after.limit } });
    return { data: after as unknown as R };
  },
  async delete<R extends RaRecord>(resource: string, params: DeleteParams<R>): Promise<DeleteResult<R>> {
    if (resource === 'calendar-entries') {
      // the listing the range belongs to comes with the call (meta), as the spec's path names it
      const { publicationId } = params.meta as { publicationId: string };
      await dataOf<unknown>(
        daily(`${at(publicationId)}/calendar/unset-unavailable-date/${at(String(params.id))}`),
        { method: 'DELETE' },
      );
      return { data: params.previousData ?? ({ id: params.id } as R) };
    }
    if (resource !== 'employees') return base.delete<R>(resource, params);
    const path = agencyCall(await agencyId(), `/employee/${at(String(params.id))}`);
    await dataOf<unknown>(path, { method: 'DELETE' });
    return { data: params.previousData ?? ({ id: params.id } as R) };
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

  // daily rent: the requests' counters and actions, the import of a listing's calendar
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
  importCalendar: (publicationId: string, ics: string) =>
    dataOf<CalendarImportDto>(daily(`${at(publicationId)}/calendar/import`), {
      method: 'POST',
      body: { ics },
    }).then((a) => a.data),

  // a listing's photos and address (issue 16): upload with progress, address suggestions, metro near a point
  uploadPhotos,
  /** whether the photos' sizes are made (the editor asks while it shows a photo being made) */
  photoSizes: (paths: string[]) =>
    dataOf<PhotoSizesDto[]>(withQuery('/api/system/photos', { paths })).then((a) => a.data),
  /** DaData-shaped suggestions in the city (or region) of the listing's place, when it is chosen */
  addressSuggestions: (query: string, locationId: string | null) =>
    dataOf<AddressSuggestionDto[]>(
      withQuery('/api/address-suggestions', { query, locationId: locationId ?? undefined, count: 10 }),
    ).then((a) => a.data),
  nearestMetro: (point: { lat: number; lon: number }, locationId: string) =>
    dataOf<MetroStationDto[]>(withQuery('/api/metro/nearest', { ...point, locationId })).then((a) => a.data),

  // a top-up of the agency's wallet (api.md section 9), addressed by its id
  topUp: (agencyId: string, sum: number) =>
    dataOf<PaymentStartedDto>(agencyCall(agencyId, '/balance/top-up'), {
      method: 'POST',
      body: { sourceType: 1, sum },
    }).then((a) => a.data),
};
/**
 * The moderators' calls (moderation/calls.ts) join the data provider when their chunk loads
 * (moderation/screens.ts): only their screens use them, and the dashboard's entry does not carry them.
 */
export type CabinetDataProvider = typeof dataProvider & ModerationCalls;
