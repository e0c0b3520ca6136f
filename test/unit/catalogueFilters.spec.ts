import { filtersFrom, filtersToParams, requestFrom } from '../../web/src/catalogue/queries';
import { NO_FILTERS } from '../../web/src/catalogue/SearchBar';

/** The catalogue keeps its filters in the address (web/src/catalogue/queries.ts): read, written and sent. */
describe('catalogue filters in the address', () => {
  const address =
    'type=1&rooms=0,2&priceMin=100&TotalArea=50-90&CeilingHeight=2.7-&RepairType=2,3&HasBalcony=1&deadline=2025&complex=demo-rc-01&sort=cheap';

  it('reads every filter and writes the same address back', () => {
    const filters = filtersFrom(new URLSearchParams(address));
    expect(filters).toMatchObject({
      propertyType: 1,
      rooms: [0, 2],
      priceMin: '100',
      characteristics: {
        TotalArea: { min: '50', max: '90' },
        CeilingHeight: { min: '2.7', max: '' },
        RepairType: { values: [2, 3] },
        HasBalcony: { values: [1] },
      },
      deadline: '2025',
      complex: 'demo-rc-01',
      sort: 'cheap',
    });
    expect(filtersFrom(filtersToParams(filters))).toEqual(filters);
    expect(filtersToParams(NO_FILTERS).toString()).toBe('');
  });

  it('drops what is not a filter: unknown names, rooms outside 0–4, malformed ranges and years', () => {
    const filters = filtersFrom(
      new URLSearchParams(
        'rooms=,5,1,x&TotalArea=-&Unknown=1-2&constructor=1&HasLift=yes&deadline=25&type=99',
      ),
    );
    expect(filters.rooms).toEqual([1]);
    expect(filters.characteristics).toEqual({});
    expect(filters.deadline).toBe('');
    expect(filters.propertyType).toBeNull();
  });

  it('sends characteristicData, the type and, for a sale only, the deadline and the complex', () => {
    const filters = filtersFrom(new URLSearchParams(address));
    const sale = requestFrom('sale', filters, 2, null);
    expect(sale).toMatchObject({
      dealCategory: 'sale',
      offset: 2,
      propertyType: 1,
      roomCount: [0, 2],
      sortByPrice: 'ASC',
      deadline: 2025,
      residentialComplexId: 'demo-rc-01',
    });
    expect(sale.characteristicData).toEqual([
      { cianName: 'TotalArea', minValue: 50, maxValue: 90 },
      { cianName: 'CeilingHeight', minValue: 2.7, maxValue: null },
      { cianName: 'HasBalcony', values: [1] },
      { cianName: 'RepairType', values: [2, 3] },
    ]);
    const rent = requestFrom('rent', filters, 1, null);
    expect(rent.deadline).toBeUndefined();
    expect(rent.residentialComplexId).toBeUndefined();
  });
});
