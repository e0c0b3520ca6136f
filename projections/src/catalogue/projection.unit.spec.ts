import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  newEvent,
  PARAMS_ADDED_IN_V2,
  SqliteEventStore,
  type DomainEvent,
  type PublicationDetails,
} from '@estate/events';
import type { ResidentialComplexDetails } from '@estate/events/catalogue/newBuildings';
import { identityProjection } from '../identity/projection';
import { appliedOnceAndTwice, project, storedEvents } from '../projectionSpec';
import { MemoryReadStore } from '../readStore/memory';
import { ProjectionRunner } from '../runner';
import { CATALOGUE, type CatalogueDocument } from './document';
import { catalogueProjection } from './projection';
import { searchCatalogue } from './search';

const details: PublicationDetails = {
  dealCategory: 'rent',
  propertyType: 1,
  title: '1-комн. квартира, 38 м²',
  description: 'У метро',
  price: 55_000,
  address: {
    locationId: '2',
    locationName: 'Санкт-Петербург',
    fullAddress: 'Санкт-Петербург, Невский проспект, 100',
    geo: { lat: 59.93, lon: 30.36 },
    metro: { stations: [{ name: 'Площадь Восстания', time: 5, pedestrian_time: true }] },
  },
  params: {
    roomCount: 1,
    totalArea: 38,
    livingArea: 18,
    kitchenArea: 9,
    floor: 3,
    floorsCount: 6,
    buildYear: 1910,
    deposit: 55_000,
    clientFee: 50,
    guestsCount: null,
    ceilingHeight: 3.4,
    bathroomType: 2,
    repairType: 3,
    hasBalcony: true,
    hasParking: null,
    hasLift: false,
    hasFurniture: true,
    petsAllowed: false,
  },
  images: [{ path: '/storage/demo/1.svg' }],
};

const history = storedEvents([
  {
    streamId: 'user-a1',
    event: {
      type: 'UserRegistered',
      data: {
        userId: 'a1',
        name: 'Анна Смирнова',
        phone: '79990000011',
        email: null,
        role: 1,
        agencyId: 'ag1',
      },
    },
  },
  {
    streamId: 'agency-ag1',
    event: { type: 'AgencyRegistered', data: { agencyId: 'ag1', name: 'Невский квартал', ownerId: 'o1' } },
  },
  {
    streamId: 'publication-p1',
    event: {
      type: 'PublicationCreated',
      data: { publicationId: 'p1', agencyId: 'ag1', authorId: 'a1', details },
    },
  },
  { streamId: 'publication-p1', event: { type: 'PublicationPublished', data: { publicationId: 'p1' } } },
  {
    streamId: 'publication-p1',
    event: {
      type: 'PublicationEdited',
      data: { publicationId: 'p1', details: { ...details, price: 52_000 } },
    },
  },
  {
    streamId: 'publication-p1',
    event: {
      type: 'PublicationPriceChanged',
      data: { publicationId: 'p1', oldPrice: 55_000, newPrice: 52_000 },
    },
  },
]);
const projections = [identityProjection, catalogueProjection];

describe('catalogue projection', () => {
  it('given a created draft, then a draft document with the author and agency', async () => {
    const store = await project(projections, history.slice(0, 3));
    expect(await store.collection(CATALOGUE).findOne({ _id: 'p1' })).toMatchObject({
      _id: 'p1',
      revision: 0,
      status: 2,
      dealCategory: 'rent',
      price: 55_000,
      roomCount: 1,
      locationId: '2',
      publishedAt: null,
      ceilingHeight: 3.4,
      bathroomType: 2,
      repairType: 3,
      hasBalcony: true,
      hasParking: null,
      hasLift: false,
      hasFurniture: true,
      petsAllowed: false,
      author: { id: 'a1', name: 'Анна Смирнова', phone: '79990000011', avatar: null },
      agency: { id: 'ag1', name: 'Невский квартал', avatar: null },
    });
  });

  it('given publication and a price change, then a published document with the old price kept', async () => {
    const store = await project(projections, history);
    expect(await store.collection(CATALOGUE).findOne({ _id: 'p1' })).toMatchObject({
      status: 1,
      price: 52_000,
      actualPrice: 55_000,
      revision: 3,
      publishedAt: history[3].occurredAt,
      updatedAt: history[4].occurredAt,
    });
  });

  it('changes nothing when the same events are applied again', async () => {
    const { once, twice } = await appliedOnceAndTwice(projections, history, [CATALOGUE]);
    expect(twice).toEqual(once);
  });

  it('ignores an older event that arrives after a newer one was applied', async () => {
    const store = await project(projections, history);
    await catalogueProjection.apply(history[3], store); // PublicationPublished again, revision 1 < 3
    await catalogueProjection.apply(history[4], store);
    expect(await store.collection(CATALOGUE).findOne({ _id: 'p1' })).toMatchObject({
      revision: 3,
      price: 52_000,
      actualPrice: 55_000,
    });
  });

  it('is found by the public search only once published', async () => {
    const draft = await project(projections, history.slice(0, 3));
    const page = { sort: { field: 'price' as const, direction: 1 as const }, page: 1, perPage: 20 };
    expect((await searchCatalogue(draft, { dealCategory: 'rent' }, page)).total).toBe(0);
    const published = await project(projections, history, new MemoryReadStore());
    expect(
      (
        await searchCatalogue(
          published,
          { dealCategory: 'rent', priceRanges: [{ max: 52_000 }], roomCounts: [1] },
          page,
        )
      ).items.map((d) => d._id),
    ).toEqual(['p1']);
    expect(
      (await searchCatalogue(published, { dealCategory: 'rent', priceRanges: [{ max: 51_999 }] }, page))
        .total,
    ).toBe(0);
  });
});

describe('catalogue projection: the author and the agency follow their own streams', () => {
  const agencyDetails = {
    name: 'Невский квартал — Центр',
    legalEntity: 1 as const,
    inn: null,
    kpp: null,
    accountNumber: null,
    siteLink: null,
    email: null,
    description: null,
  };
  const changes = storedEvents([
    ...history.map(({ streamId, type, data }) => ({ streamId, event: { type, data } as DomainEvent })),
    {
      streamId: 'user-a1',
      event: {
        type: 'UserPhoneChanged',
        data: { userId: 'a1', oldPhone: '79990000011', newPhone: '79990000077' },
      },
    },
    { streamId: 'user-a1', event: { type: 'UserNameChanged', data: { userId: 'a1', name: 'Анна Петрова' } } },
    {
      streamId: 'user-a1',
      event: { type: 'UserAvatarChanged', data: { userId: 'a1', avatar: '/storage/avatars/a1.webp' } },
    },
    {
      streamId: 'agency-ag1',
      event: {
        type: 'AgencyProfileChanged',
        data: { agencyId: 'ag1', details: agencyDetails, canViewInCatalog: true, specializations: [] },
      },
    },
    {
      streamId: 'agency-ag1',
      event: { type: 'AgencyAvatarChanged', data: { agencyId: 'ag1', avatar: '/storage/logos/ag1.webp' } },
    },
  ]);
  const now = {
    author: { id: 'a1', name: 'Анна Петрова', phone: '79990000077', avatar: '/storage/avatars/a1.webp' },
    agency: { id: 'ag1', name: 'Невский квартал — Центр', avatar: '/storage/logos/ag1.webp' },
  };

  it('given the author’s phone, name and avatar and the agency’s name and logo changed after the listing, then the listing shows the new ones', async () => {
    const store = await project([catalogueProjection], changes);
    expect(await store.collection(CATALOGUE).findOne({ _id: 'p1' })).toMatchObject(now);
  });

  it('given a listing created after the changes, then it starts with the new ones', async () => {
    const later = storedEvents([
      ...changes.map(({ streamId, type, data }) => ({ streamId, event: { type, data } as DomainEvent })),
      {
        streamId: 'publication-p2',
        event: {
          type: 'PublicationCreated',
          data: { publicationId: 'p2', agencyId: 'ag1', authorId: 'a1', details },
        },
      },
    ]);
    const store = await project([catalogueProjection], later);
    expect(await store.collection(CATALOGUE).findOne({ _id: 'p2' })).toMatchObject(now);
  });

  it('changes nothing when applied again, and an older change after a newer one is ignored', async () => {
    const store = await project([catalogueProjection], changes);
    await project([catalogueProjection], changes, store);
    const phoneChange = changes.find((e) => e.type === 'UserPhoneChanged')!;
    await catalogueProjection.apply(
      { ...phoneChange, data: { ...(phoneChange.data as object), newPhone: '79990000099' } },
      store,
    );
    expect(await store.collection(CATALOGUE).findOne({ _id: 'p1' })).toMatchObject(now);
  });
});

describe('catalogue projection: the residential complex’s deadline on its listings', () => {
  const complex = (year: number): ResidentialComplexDetails => ({
    name: 'ЖК «Северный парк»',
    developer: 'ГК «Столица Девелопмент»',
    description: '',
    address: {
      locationId: '1',
      locationName: 'Москва',
      fullAddress: 'Москва, Дмитровское шоссе, 107',
      geo: { lat: 55.88, lon: 37.55 },
    },
    class: 2,
    stage: 2,
    deadline: { year, quarter: 2 },
    wallMaterial: 7,
    finish: 1,
    parking: 2,
    floorsCount: 25,
    priceFrom: 11_900_000,
    images: [],
  });
  const inComplex = { ...details, dealCategory: 'sale' as const, residentialComplexId: 'c1' };
  const raw: { streamId: string; event: DomainEvent }[] = [
    ...history
      .slice(0, 2)
      .map((e) => ({ streamId: e.streamId, event: { type: e.type, data: e.data } as DomainEvent })),
    {
      streamId: 'residential-complex-c1',
      event: { type: 'ResidentialComplexRegistered', data: { complexId: 'c1', details: complex(2026) } },
    },
    {
      streamId: 'publication-n1',
      event: {
        type: 'PublicationCreated',
        data: { publicationId: 'n1', agencyId: 'ag1', authorId: 'a1', details: inComplex },
      },
    },
    {
      streamId: 'publication-n2',
      event: {
        type: 'PublicationCreated',
        data: { publicationId: 'n2', agencyId: 'ag1', authorId: 'a1', details },
      },
    },
    {
      streamId: 'residential-complex-c1',
      event: { type: 'ResidentialComplexUpdated', data: { complexId: 'c1', details: complex(2027) } },
    },
    // moved into the complex by an edit, and the first one out of it
    {
      streamId: 'publication-n2',
      event: { type: 'PublicationEdited', data: { publicationId: 'n2', details: inComplex } },
    },
    {
      streamId: 'publication-n1',
      event: { type: 'PublicationEdited', data: { publicationId: 'n1', details } },
    },
    // a listing of a complex the log registers only later
    {
      streamId: 'publication-n3',
      event: {
        type: 'PublicationCreated',
        data: {
          publicationId: 'n3',
          agencyId: 'ag1',
          authorId: 'a1',
          details: { ...inComplex, residentialComplexId: 'c2' },
        },
      },
    },
    {
      streamId: 'residential-complex-c2',
      event: { type: 'ResidentialComplexRegistered', data: { complexId: 'c2', details: complex(2025) } },
    },
  ];
  const events = storedEvents(raw);
  const deadlines = async (store: MemoryReadStore | Awaited<ReturnType<typeof project>>) =>
    Object.fromEntries(
      (await store.collection<CatalogueDocument>(CATALOGUE).find({}, { sort: { _id: 1 } })).map((d) => [
        d._id,
        d.deadlineYear,
      ]),
    );

  it('given a listing created in a registered complex, then the complex’s year on it; outside a complex, null', async () => {
    expect(await deadlines(await project(projections, events.slice(0, 4)))).toEqual({ n1: 2026 });
    expect(await deadlines(await project(projections, events.slice(0, 5)))).toEqual({ n1: 2026, n2: null });
  });

  it('given the complex’s deadline moved, then its listings carry the new year', async () => {
    expect(await deadlines(await project(projections, events.slice(0, 6)))).toEqual({ n1: 2027, n2: null });
  });

  it('given edits into and out of the complex, then the year follows the listing', async () => {
    expect(await deadlines(await project(projections, events.slice(0, 8)))).toEqual({ n1: null, n2: 2027 });
  });

  it('given a complex registered after its listing, then the listing gets the year then', async () => {
    const store = await project(projections, events.slice(0, 9));
    expect((await deadlines(store)).n3).toBeNull();
    expect(await deadlines(await project(projections, events))).toEqual({ n1: null, n2: 2027, n3: 2025 });
  });

  it('changes nothing when applied again, and ignores an older complex event after a newer one', async () => {
    const { once, twice } = await appliedOnceAndTwice(projections, events, [CATALOGUE]);
    expect(twice).toEqual(once);
    const store = await project(projections, events.slice(0, 6));
    await catalogueProjection.apply(events[2], store); // the registration (2026) again, after the update (2027)
    expect(await deadlines(store)).toEqual({ n1: 2027, n2: null });
  });

  it('is searched by the deadline: handed over by the end of the year, listings in a complex only', async () => {
    const published = ['n1', 'n2', 'n3'].map((id): { streamId: string; event: DomainEvent } => ({
      streamId: `publication-${id}`,
      event: { type: 'PublicationPublished', data: { publicationId: id } },
    }));
    const store = await project(projections, storedEvents([...raw, ...published]));
    const page = { sort: { field: 'price' as const, direction: 1 as const }, page: 1, perPage: 20 };
    const ids = async (deadlineUpTo: number) =>
      (await searchCatalogue(store, { deadlineUpTo }, page)).items.map((d) => d._id).sort();
    expect(await ids(2025)).toEqual(['n3']);
    expect(await ids(2027)).toEqual(['n2', 'n3']);
    expect(await ids(2024)).toEqual([]);
  });
});

describe('catalogue projection: listings recorded before the later characteristics (schema version 1)', () => {
  it('given version-1 events in the log, then documents that tell none of the added characteristics', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalogue-v1-'));
    const events = new SqliteEventStore(join(dir, 'events.sqlite'));
    try {
      const { params } = details;
      const v1Params = {
        roomCount: params.roomCount,
        totalArea: params.totalArea,
        livingArea: params.livingArea,
        kitchenArea: params.kitchenArea,
        floor: params.floor,
        floorsCount: params.floorsCount,
        buildYear: params.buildYear,
        deposit: params.deposit,
        clientFee: params.clientFee,
        guestsCount: params.guestsCount,
      };
      const v1 = { ...details, params: v1Params };
      await events.append(
        'publication-old',
        [
          newEvent('PublicationCreated', {
            publicationId: 'old',
            agencyId: null,
            authorId: 'a1',
            details: v1,
          }),
          newEvent('PublicationEdited', {
            publicationId: 'old',
            details: { ...v1, params: { ...v1Params, totalArea: 40 } },
          }),
        ],
        'no-stream',
      );
      const store = new MemoryReadStore();
      const runner = new ProjectionRunner(events, store, [catalogueProjection]);
      await runner.start();
      await runner.whenCaughtUp();
      await runner.stop();
      expect(await store.collection(CATALOGUE).findOne({ _id: 'old' })).toMatchObject({
        ...v1Params,
        totalArea: 40,
        ...PARAMS_ADDED_IN_V2,
      });
    } finally {
      await events.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('catalogue projection: the photos’ sizes on their listings', () => {
  const path = (photoId: string) => `/storage/agencies/ag1/photos/${photoId}.jpg`;
  const P1 = 'a'.repeat(24);
  const P2 = 'b'.repeat(24);
  const size = (photoId: string, name: string, width: number, height: number) => ({
    width,
    height,
    webp: `/storage/agencies/ag1/photos/${photoId}-${name}.webp`,
    jpg: `/storage/agencies/ag1/photos/${photoId}-${name}.jpg`,
  });
  const variants = (photoId: string) => ({
    card: size(photoId, 'card', 344, 252),
    thumb: size(photoId, 'thumb', 109, 80),
    full: size(photoId, 'full', 1600, 1200),
  });
  const uploaded = (photoId: string) => ({
    streamId: `photo-ag1-${photoId}`,
    event: {
      type: 'PhotoUploaded',
      data: { photoId, agencyId: 'ag1', path: path(photoId), width: 4000, height: 3000, uploadedBy: 'a1' },
    } as DomainEvent,
  });
  const made = (photoId: string) => ({
    streamId: `photo-ag1-${photoId}`,
    event: {
      type: 'PhotoVariantsMade',
      data: { photoId, agencyId: 'ag1', variants: variants(photoId) },
    } as DomainEvent,
  });
  const withPhotos = {
    ...details,
    images: [{ path: path(P2) }, { path: '/storage/demo/1.svg' }, { path: path(P1) }],
  };
  const events = storedEvents([
    ...history
      .slice(0, 2)
      .map((e) => ({ streamId: e.streamId, event: { type: e.type, data: e.data } as DomainEvent })),
    uploaded(P1),
    uploaded(P2),
    made(P1), // made before the listing names it
    {
      streamId: 'publication-f1',
      event: {
        type: 'PublicationCreated',
        data: { publicationId: 'f1', agencyId: 'ag1', authorId: 'a1', details: withPhotos },
      },
    },
    made(P2), // made after
  ]);
  const imagesOf = async (store: Awaited<ReturnType<typeof project>>) =>
    (await store.collection<CatalogueDocument>(CATALOGUE).findOne({ _id: 'f1' }))!.images;

  it('given photos made before and after the listing, then the listing has each one’s sizes in its order', async () => {
    expect(await imagesOf(await project(projections, events.slice(0, 6)))).toEqual([
      { path: path(P2), variants: null },
      { path: '/storage/demo/1.svg', variants: null },
      { path: path(P1), variants: variants(P1) },
    ]);
    expect(await imagesOf(await project(projections, events))).toEqual([
      { path: path(P2), variants: variants(P2) },
      { path: '/storage/demo/1.svg', variants: null },
      { path: path(P1), variants: variants(P1) },
    ]);
  });

  it('changes nothing when applied again', async () => {
    const { once, twice } = await appliedOnceAndTwice(projections, events, [CATALOGUE]);
    expect(twice).toEqual(once);
  });
});
