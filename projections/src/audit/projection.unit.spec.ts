import type { DomainEvent, EventData, StoredEvent } from '@estate/events';
import { project, storedEvents } from '../projectionSpec';
import { AUDIT_TRAIL, auditProjection, type AuditEntryDocument } from './projection';
import { listAuditTrail } from './queries';

const details = {
  dealCategory: 'dailyRent',
  propertyType: 1,
  title: 'Студия у моря',
  description: '',
  price: 3000,
  address: {
    locationId: '7',
    locationName: 'Сочи',
    fullAddress: 'ул. Навагинская, 9',
    geo: null,
    metro: { stations: [] },
  },
  params: {},
  images: [],
} as unknown as EventData<'PublicationCreated'>['details'];

const given: { streamId: string; event: DomainEvent; actor: string | null; sessionId?: string }[] = [
  {
    streamId: 'publication-p1',
    actor: 'agent-1',
    sessionId: 'aaaaaaaaaaaa',
    event: {
      type: 'PublicationCreated',
      data: { publicationId: 'p1', agencyId: 'ag', authorId: 'agent-1', details },
    },
  },
  {
    streamId: 'publication-p1',
    actor: 'owner-1',
    sessionId: 'bbbbbbbbbbbb',
    event: { type: 'PublicationEdited', data: { publicationId: 'p1', details: { ...details, price: 2500 } } },
  },
  {
    streamId: 'publication-p1',
    actor: 'owner-1',
    sessionId: 'bbbbbbbbbbbb',
    event: { type: 'PublicationPriceChanged', data: { publicationId: 'p1', oldPrice: 3000, newPrice: 2500 } },
  },
  {
    streamId: 'agency-ag',
    actor: 'owner-1',
    event: { type: 'EmployeeActivityChanged', data: { agencyId: 'ag', userId: 'agent-1', isActive: false } },
  },
  {
    streamId: 'booking-b1',
    actor: 'guest-1',
    event: {
      type: 'BookingRequested',
      data: {
        requestId: 'b1',
        publicationId: 'p1',
        agencyId: 'ag',
        authorId: 'agent-1',
        guest: { userId: 'guest-1', name: 'Гость', phone: '79990001122', email: null },
        startDate: '2026-07-01',
        endDate: '2026-07-04',
        adultCount: 2,
        childCount: 0,
        nights: 3,
        price: 7500,
        deposit: null,
        chatId: 'c1',
        guestKeyHash: null,
        listing: null,
      },
    },
  },
  {
    streamId: 'booking-b1',
    actor: 'agent-1',
    sessionId: 'aaaaaaaaaaaa',
    event: { type: 'BookingAccepted', data: { requestId: 'b1', entryId: 'e1', by: 'agent-1' } },
  },
  // another agency's listing: not in this agency's trail
  {
    streamId: 'publication-p2',
    actor: 'x',
    event: {
      type: 'PublicationCreated',
      data: { publicationId: 'p2', agencyId: 'other', authorId: 'x', details },
    },
  },
];

const history: StoredEvent[] = storedEvents(given.map(({ streamId, event }) => ({ streamId, event }))).map(
  (e, i) => ({
    ...e,
    metadata: {
      ...e.metadata,
      actor: given[i].actor,
      ...(given[i].sessionId ? { sessionId: given[i].sessionId } : {}),
    },
  }),
);

const trailOf = async (events: StoredEvent[]) => {
  const store = await project([auditProjection], events);
  return store
    .collection<AuditEntryDocument>(AUDIT_TRAIL)
    .find({ agencyId: 'ag' }, { sort: { position: 1 } });
};

describe('the agency audit trail read model', () => {
  it('lists each action of the agency with who, when, from which session and what it changed', async () => {
    const trail = await trailOf(history);
    expect(trail.map((e) => [e.kind, e.area, e.actorId, e.sessionId, e.target.type, e.target.id])).toEqual([
      ['PublicationCreated', 'listings', 'agent-1', 'aaaaaaaaaaaa', 'publication', 'p1'],
      ['PublicationEdited', 'listings', 'owner-1', 'bbbbbbbbbbbb', 'publication', 'p1'],
      ['EmployeeActivityChanged', 'staff', 'owner-1', null, 'employee', 'agent-1'],
      ['BookingRequested', 'bookings', 'guest-1', null, 'booking', 'b1'],
      ['BookingAccepted', 'bookings', 'agent-1', 'aaaaaaaaaaaa', 'booking', 'b1'],
    ]);
    expect(trail[1].summary).toBe(
      'Изменено объявление «Студия у моря», цена 3\u202f000\u00a0₽ → 2\u202f500\u00a0₽',
    );
    expect(trail[2].summary).toBe('Доступ сотрудника отключён');
    expect(trail[4]).toMatchObject({
      summary: 'Бронирование «Студия у моря», 01.07.2026–04.07.2026 подтверждено',
      at: history[5].occurredAt,
      _id: 'booking-b1@1',
    });
  });

  it('applies each fact once: the same log again changes nothing', async () => {
    const once = await trailOf(history);
    const store = await project([auditProjection], history);
    await project([auditProjection], history, store);
    expect(await store.collection(AUDIT_TRAIL).find({ agencyId: 'ag' }, { sort: { position: 1 } })).toEqual(
      once,
    );
  });

  it('filters by employee, kind and dates, sorted and paged', async () => {
    const store = await project([auditProjection], history);
    const page = (q: Partial<Parameters<typeof listAuditTrail>[1]>) =>
      listAuditTrail(store, {
        agencyId: 'ag',
        sort: { field: 'at', direction: -1 },
        skip: 0,
        limit: 10,
        ...q,
      });
    expect((await page({ actorId: 'agent-1' })).items.map((e) => e.kind)).toEqual([
      'BookingAccepted',
      'PublicationCreated',
    ]);
    expect((await page({ area: 'bookings' })).total).toBe(2);
    const { items, total } = await page({ from: history[1].occurredAt, to: history[3].occurredAt, limit: 1 });
    expect([total, items.map((e) => e.kind)]).toEqual([2, ['EmployeeActivityChanged']]);
  });
});
