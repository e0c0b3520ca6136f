import {
  PARAMS_ADDED_IN_V2,
  type EventData,
  type PublicationDetails,
  type PublicationParams,
} from './catalogue/index';
import type { ResidentialComplexDetails } from './catalogue/newBuildings';

type DetailsFields = Partial<Omit<PublicationDetails, 'address' | 'params'>> & {
  address?: Partial<PublicationDetails['address']>;
  params?: Partial<PublicationParams>;
};

/**
 * A listing's details for the specifications of the deciders and the read models: a one-room flat for
 * sale in Москва with nothing else told, and what a spec is about (`fields`) over it.
 */
export const publicationDetails = ({
  address,
  params,
  ...fields
}: DetailsFields = {}): PublicationDetails => ({
  dealCategory: 'sale',
  propertyType: 1,
  title: 'Квартира у метро',
  description: '',
  price: 5_000_000,
  images: [],
  ...fields,
  address: {
    locationId: '1',
    locationName: 'Москва',
    fullAddress: 'Москва, ул. Тестовая, 1',
    geo: null,
    metro: { stations: [] },
    ...address,
  },
  params: {
    roomCount: 1,
    totalArea: 30,
    livingArea: null,
    kitchenArea: null,
    floor: 1,
    floorsCount: 5,
    buildYear: null,
    deposit: null,
    clientFee: null,
    guestsCount: null,
    ...PARAMS_ADDED_IN_V2,
    ...params,
  },
});

/** A guest's request as `BookingRequested` records it, for the specifications: p1 of agency-1 by agent-1, two nights. */
export const bookingRequest = (
  fields: Partial<EventData<'BookingRequested'>> = {},
): EventData<'BookingRequested'> => ({
  requestId: 'r1',
  publicationId: 'p1',
  agencyId: 'agency-1',
  authorId: 'agent-1',
  guest: { userId: 'guest-1', name: 'Ольга', phone: '79991112233', email: 'olga@example.ru' },
  startDate: '2030-01-10',
  endDate: '2030-01-12',
  adultCount: 2,
  childCount: 0,
  nights: 2,
  price: 6_000,
  deposit: null,
  chatId: 'c1',
  guestKeyHash: null,
  listing: {
    title: 'Студия у моря',
    image: '/storage/demo/3.svg',
    fullAddress: 'Сочи, ул. Морская, 1',
    pricePerNight: 3_000,
  },
  ...fields,
});

/** A residential complex's description for the specifications: a Moscow complex still being built, `fields` over it. */
export const residentialComplexDetails = (
  fields: Partial<ResidentialComplexDetails> = {},
): ResidentialComplexDetails => ({
  name: 'ЖК «Северный парк»',
  developer: 'ГК «Столица Девелопмент»',
  description: 'Квартал у парка',
  address: {
    locationId: '1',
    locationName: 'Москва',
    fullAddress: 'Москва, Дмитровское шоссе, 107',
    geo: { lat: 55.88, lon: 37.55 },
  },
  class: 2,
  stage: 2,
  deadline: { year: 2026, quarter: 2 },
  wallMaterial: 7,
  finish: 1,
  parking: 2,
  floorsCount: 25,
  priceFrom: 11_900_000,
  images: [{ path: '/storage/demo/11.svg' }],
  ...fields,
});

/** The nights of bookingRequest() held on p1's calendar by entry e1, as `DatesReserved` records them. */
export const datesReserved = (
  fields: Partial<EventData<'DatesReserved'>> = {},
): EventData<'DatesReserved'> => ({
  publicationId: 'p1',
  entryId: 'e1',
  requestId: 'r1',
  startDate: '2030-01-10',
  endDate: '2030-01-12',
  ...fields,
});

/** A user registered by phone, as `UserRegistered` records it: u1, Анна, a private person. */
export const userRegistered = (
  fields: Partial<EventData<'UserRegistered'>> = {},
): EventData<'UserRegistered'> => ({
  userId: 'u1',
  name: 'Анна',
  phone: '79991234567',
  email: 'anna@example.ru',
  role: 3,
  agencyId: null,
  ...fields,
});
