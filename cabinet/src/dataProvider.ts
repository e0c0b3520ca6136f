import {
  ApiError,
  envelopeOf,
  type BodyOf,
  type paths,
  type QueryOf,
  type AgencyDto,
  type BookingDto,
  type BulkOutcomeDto,
  type EmployeeDto,
  type UploadedPhotoDto,
} from '@estate/client';
import simpleRestProvider from 'ra-data-simple-rest';
import {
  HttpError,
  type CreateParams,
  type CreateResult,
  type DeleteParams,
  type DeleteResult,
  type GetListResult,
  type RaRecord,
  type UpdateParams,
  type UpdateResult,
} from 'react-admin';
import { cabinetApi as api, httpClient, toHttpError } from './api';
import { fieldErrorsOf } from './httpErrors';
import { authProvider } from './authProvider';
import type { ModerationCalls } from './moderation/calls';
import type { Period, RunningTariff } from './types';

/** the typed calls (declared paths, parameters and answers), for the cabinet's own call modules */
export { api as cabinetApi };

/**
 * ra-data-simple-rest builds each resource's paths itself (`/api/cabinet/{resource}` with
 * filter/range/sort, `/api/cabinet/{resource}/{id}`): the one prefix not written through the typed
 * calls. The resources it is given are checked against the declared paths instead: a resource whose
 * routes are renamed or removed fails the type check here.
 */
type SimpleRestResource =
  | 'publications'
  | 'leads'
  | 'complaints'
  | 'complained-publications'
  | 'moderation-listings'
  | 'moderation-history'
  | 'audit'
  | 'invoices'
  | 'wallet-operations'
  | 'posts'
  | 'post-categories'
  | 'slides'
  | 'investments'
  | 'settings';
type Undeclared = {
  [R in SimpleRestResource]: [
    Extract<keyof paths, `/api/cabinet/${R}` | `/api/cabinet/${R}/${string}`>,
  ] extends [never]
    ? R
    : never;
}[SimpleRestResource];
true satisfies [Undeclared] extends [never] ? true : { undeclared: Undeclared };

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
    const answer = await api.get('/api/agency/{agencyId}/publications/{publicationId}', {
      path: { agencyId: record.agency.id, publicationId: record.id },
    });
    return answer.data.adTariff;
  } catch {
    return null;
  }
}

/** The agent's actions on a booking request (api.md section 6): reject and cancel carry the reason. */
export type BookingAction = 'accept' | 'reject' | 'cancel' | 'check-out';
const bookingCall = (
  action: BookingAction,
  b: Pick<BookingDto, 'id' | 'publicationId'>,
  body: { text?: string },
) =>
  action === 'accept'
    ? api.post('/api/booking/daily-rent/{publicationId}/{requestId}/accept', {
        path: { publicationId: b.publicationId, requestId: b.id },
      })
    : action === 'check-out'
      ? api.post('/api/booking/daily-rent/{requestId}/check-out', { path: { requestId: b.id } })
      : action === 'reject'
        ? api.post('/api/booking/daily-rent/{requestId}/reject', { path: { requestId: b.id }, body })
        : api.post('/api/booking/daily-rent/{requestId}/cancel', { path: { requestId: b.id }, body });

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
    xhr.open('POST', api.url('post', '/api/system/upload'));
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
    await api.post('/api/agency/{id}/avatar', { path: { id: agencyId }, body: upload });
  }
  const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
  try {
    const saved = await api.patch('/api/agency/{id}', {
      path: { id: agencyId },
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
    const errors = fieldErrorsOf(error);
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
  const all = (await api.get('/api/agency/{id}/employee', { path: { id: await agencyId() } })).data;
  const { field, order } = params.sort ?? { field: 'name', order: 'ASC' };
  const { q: search } = (params.filter ?? {}) as { q?: string };
  const q = String(search ?? '')
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
  async getList(resource: string, params: GetListParams): Promise<GetListResult> {
    if (resource === 'employees') return employeesPage(params);
    if (resource === 'calendar-entries') {
      // a listing's closed and booked ranges from a day on (api.md section 6): all of them, one page
      const { publicationId, from } = params.filter as { publicationId: string; from: string };
      const entries = await api.get('/api/booking/daily-rent/{publicationId}/calendar', {
        path: { publicationId },
        query: { startDate: from, endDate: '2035-01-01' },
      });
      return { data: entries.data, total: entries.data.length };
    }
    if (resource === 'realtor-requests') {
      // the moderators' queue answers all the requests under review: one page, the applicant's id names each
      const all = (await api.get('/api/moderation/realtor-requests')).data;
      return { data: all.map((r) => ({ ...r, id: r.userId })), total: all.length };
    }
    if (resource !== 'bookings') return base.getList(resource, params);
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 15 };
    const filter = (params.filter ?? {}) as Period & { status?: number | string };
    const status = Number(filter.status ?? 1);
    const { startDate, endDate } = filter;
    const { data, meta } = await api.get('/api/booking/daily-rent/list-for-agent', {
      query: { status, limit: perPage, offset: page, startDate, endDate },
    });
    return { data, total: meta.total };
  },
  /** a listing's page asks for its running tariff too (meta.withTariff), so a refresh after a payment shows the new one */
  async getOne(resource: string, params: Parameters<typeof base.getOne>[1]) {
    if (resource === 'agencies')
      return { data: (await api.get('/api/agency/{id}', { path: { id: String(params.id) } })).data };
    if (resource === 'wallets') {
      const balance = await api.get('/api/agency/{id}/balance', { path: { id: String(params.id) } });
      return { data: { id: params.id, ...balance.data } };
    }
    const result = await base.getOne(resource, params);
    const meta = params.meta as { withTariff?: boolean } | undefined;
    if (resource !== 'publications' || !meta?.withTariff) return result;
    const listing = result.data as Parameters<typeof currentTariffOf>[0] & RaRecord;
    return { data: { ...listing, currentTariff: await currentTariffOf(listing) } };
  },
  /** an employee added by the phone of a registered user; an invoice asked of the accounting department */
  async create<R extends RaRecord>(resource: string, params: CreateParams): Promise<CreateResult<R>> {
    if (resource === 'employees') {
      const { clientPhone } = params.data as { clientPhone: string };
      const added = await api.post('/api/agency/{id}/employee', {
        path: { id: await agencyId() },
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
      const closed = await api.post('/api/booking/daily-rent/{publicationId}/calendar/set-unavailable-date', {
        path: { publicationId },
        body: { startDate, endDate },
      });
      return { data: closed.data as unknown as R };
    }
    if (resource === 'invoices') {
      const asked = await api.post('/api/agency/{id}/balance/invoice', {
        path: { id: await agencyId() },
        body: params.data as BodyOf<'post', '/api/agency/{id}/balance/invoice'>,
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
    const path = { id: await agencyId(), employeeId: String(params.id) };
    if (after.isActive !== before.isActive)
      await api.patch('/api/agency/{id}/employee/{employeeId}/change-active', {
        path,
        body: { isActive: after.isActive },
      });
    if (after.limit !== before.limit)
      await api.patch('/api/agency/{id}/employee/{employeeId}/limit', { path, body: { limit: after.limit } });
    return { data: after as unknown as R };
  },
  async delete<R extends RaRecord>(resource: string, params: DeleteParams<R>): Promise<DeleteResult<R>> {
    if (resource === 'calendar-entries') {
      // the listing the range belongs to comes with the call (meta), as the spec's path names it
      const { publicationId } = params.meta as { publicationId: string };
      await api.delete('/api/booking/daily-rent/{publicationId}/calendar/unset-unavailable-date/{entryId}', {
        path: { publicationId, entryId: String(params.id) },
      });
      return { data: params.previousData ?? ({ id: params.id } as R) };
    }
    if (resource !== 'employees') return base.delete<R>(resource, params);
    await api.delete('/api/agency/{id}/employee/{employeeId}', {
      path: { id: await agencyId(), employeeId: String(params.id) },
    });
    return { data: params.previousData ?? ({ id: params.id } as R) };
  },
  async publish(_resource: 'publications', id: string) {
    return { data: (await api.post('/api/cabinet/publications/{id}/publish', { path: { id } })).data };
  },
  async changeStatus(ids: (string | number)[], status: 1 | 2 | 3): Promise<BulkOutcomeDto[]> {
    return (
      await api.patch('/api/agency/{agencyId}/publications/change-status', {
        path: { agencyId: await agencyId() },
        query: { status, publicationIds: ids.map(String) },
      })
    ).data;
  },
  async deleteMany(_resource: string, params: { ids: (string | number)[] }) {
    const results = (
      await api.delete('/api/agency/{agencyId}/publications', {
        path: { agencyId: await agencyId() },
        query: { publicationIds: params.ids.map(String) },
      })
    ).data;
    const refused = results.flatMap((r) => (r.success ? [] : [r.message]));
    if (refused.length) throw new Error(refused.join('; '));
    return { data: results.map((r) => r.id) };
  },

  // the dashboard (api.md: publications-statistic)
  statisticsDiagram: (statsType: number, contentType: number) =>
    api.get('/api/publications-statistic/diagram', { query: { statsType, contentType } }).then((a) => a.data),
  statisticsTotals: (interval: NonNullable<QueryOf<'get', '/api/publications-statistic'>['interval']>) =>
    api.get('/api/publications-statistic', { query: { interval } }).then((a) => a.data),

  /** the residential complexes of a place (a city with its districts): those a new-build listing there may stand in */
  complexesIn: (locationId: string) =>
    api.get('/api/residential-complexes', { query: { locationId, limit: 100 } }).then((a) => a.data),

  /** places of the locations tree by name (api.md: location search), and one place by its id */
  searchPlaces: (text: string) => api.get('/api/locations', { query: { search: text } }).then((a) => a.data),
  place: (id: string) => api.get('/api/locations/{id}', { path: { id } }).then((a) => a.data),
  complex: (id: string) => api.get('/api/residential-complexes/{id}', { path: { id } }).then((a) => a.data),

  // a listing's tariffs: priced by its city and deal, the only ids its payment accepts
  tariffsOf: (publicationId: string) =>
    api.get('/api/publications/{id}/tariffs', { path: { id: publicationId } }).then((a) => a.data),
  /** one key per click of «Оплатить»: a request repeated by the network or a retry is charged once */
  payTariff: (publicationId: string, tariffId: string, idempotencyKey: string) =>
    api.post('/api/publications/{id}/tariffs/{tariffId}', {
      path: { id: publicationId, tariffId },
      headers: { Accept: 'application/json', 'Idempotency-Key': idempotencyKey },
    }),

  // daily rent: the requests' counters and actions, the import of a listing's calendar
  bookingCounts: ({ startDate, endDate }: Period = {}) =>
    api.get('/api/booking/daily-rent/count', { query: { startDate, endDate } }).then((a) => a.data),
  bookingAction: (
    action: BookingAction,
    booking: Pick<BookingDto, 'id' | 'publicationId'>,
    reason?: string,
  ) => bookingCall(action, booking, reason === undefined ? {} : { text: reason }),
  importCalendar: (publicationId: string, ics: string) =>
    api
      .post('/api/booking/daily-rent/{publicationId}/calendar/import', {
        path: { publicationId },
        body: { ics },
      })
      .then((a) => a.data),

  // a listing's photos and address (issue 16): upload with progress, address suggestions, metro near a point
  uploadPhotos,
  /** whether the photos' sizes are made (the editor asks while it shows a photo being made) */
  photoSizes: (paths: string[]) => api.get('/api/system/photos', { query: { paths } }).then((a) => a.data),
  /** DaData-shaped suggestions in the city (or region) of the listing's place, when it is chosen */
  addressSuggestions: (query: string, locationId: string | null) =>
    api
      .get('/api/address-suggestions', { query: { query, locationId: locationId ?? undefined, count: 10 } })
      .then((a) => a.data),
  nearestMetro: (point: { lat: number; lon: number }, locationId: string) =>
    api.get('/api/metro/nearest', { query: { ...point, locationId } }).then((a) => a.data),

  // a top-up of the agency's wallet (api.md section 9), addressed by its id
  topUp: (agencyId: string, sum: number) =>
    api
      .post('/api/agency/{id}/balance/top-up', { path: { id: agencyId }, body: { sourceType: 1, sum } })
      .then((a) => a.data),
};
/**
 * The moderators' calls (moderation/calls.ts) join the data provider when their chunk loads
 * (moderation/screens.ts): only their screens use them, and the dashboard's entry does not carry them.
 */
export type CabinetDataProvider = typeof dataProvider & ModerationCalls;
