import { CURRENT_SCHEMA_VERSION, PARAMS_ADDED_IN_V2, upcast, validateEventData } from './index';

/** A listing's details as schema version 1 recorded them: ten characteristics, none of the later eight. */
const v1Details = {
  dealCategory: 'sale',
  propertyType: 1,
  title: '2-комн. квартира',
  description: '',
  price: 10_000_000,
  address: {
    locationId: '1',
    locationName: 'Москва',
    fullAddress: 'Москва, ул. Тверская, 1',
    geo: null,
    metro: { stations: [] },
  },
  params: {
    roomCount: 2,
    totalArea: 54,
    livingArea: null,
    kitchenArea: null,
    floor: 5,
    floorsCount: 9,
    buildYear: null,
    deposit: null,
    clientFee: null,
    guestsCount: null,
  },
  images: [],
};

describe('publication details, schema version 2', () => {
  it('is the current version of the events that carry details', () => {
    expect(CURRENT_SCHEMA_VERSION.PublicationCreated).toBe(2);
    expect(CURRENT_SCHEMA_VERSION.PublicationEdited).toBe(2);
    expect(CURRENT_SCHEMA_VERSION.PublicationPublished).toBe(1);
  });

  it('upcasts a version-1 event: the added characteristics are not told, the rest stays', () => {
    const created = upcast('PublicationCreated', 1, {
      publicationId: 'p1',
      agencyId: 'a1',
      authorId: 'u1',
      details: v1Details,
    }) as { details: { params: object } };
    expect(created.details.params).toEqual({ ...v1Details.params, ...PARAMS_ADDED_IN_V2 });
    expect(() => validateEventData('PublicationCreated', created)).not.toThrow();
    const edited = upcast('PublicationEdited', 1, { publicationId: 'p1', details: v1Details }) as {
      details: { params: object };
    };
    expect(edited.details.params).toMatchObject({ roomCount: 2, hasBalcony: null, ceilingHeight: null });
  });

  it('leaves a version-2 event as it is', () => {
    const params = { ...v1Details.params, ...PARAMS_ADDED_IN_V2, hasBalcony: true, bathroomType: 2 };
    const data = { publicationId: 'p1', details: { ...v1Details, params } };
    expect(upcast('PublicationEdited', 2, data)).toBe(data);
  });

  it('refuses version-1 details as new data, and codes outside the lists', () => {
    expect(() =>
      validateEventData('PublicationEdited', { publicationId: 'p1', details: v1Details }),
    ).toThrow();
    const params = { ...v1Details.params, ...PARAMS_ADDED_IN_V2 };
    expect(() =>
      validateEventData('PublicationEdited', {
        publicationId: 'p1',
        details: { ...v1Details, params: { ...params, bathroomType: 4 } },
      }),
    ).toThrow();
    expect(() =>
      validateEventData('PublicationEdited', {
        publicationId: 'p1',
        details: { ...v1Details, params: { ...params, repairType: 4, hasLift: false } },
      }),
    ).not.toThrow();
  });
});
