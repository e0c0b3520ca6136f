import {
  CHARACTERISTIC_CATALOGUE_FIELDS,
  CHARACTERISTIC_FIELDS,
  FILTER_CHARACTERISTICS,
  FIXED_FILTER_CHARACTERISTIC_IDS,
} from './characteristics';

describe('the filter characteristics', () => {
  it('are the 18 fixed ids of the spec, in its order, with unique cianNames', () => {
    expect(FILTER_CHARACTERISTICS.map((c) => c.id)).toEqual([...FIXED_FILTER_CHARACTERISTIC_IDS]);
    expect(new Set(FILTER_CHARACTERISTICS.map((c) => c.cianName)).size).toBe(18);
  });

  it('list values only for value-list filters, and radio options for every boolean', () => {
    for (const c of FILTER_CHARACTERISTICS) {
      expect(c.characteristicFieldSelects.length > 0).toBe(c.filterType === 1);
      if (c.type === 'boolean')
        expect(c.characteristicFieldSelects.map((s) => s.name)).toEqual(['Да', 'Нет', 'Неважно']);
    }
  });

  it('map the spec’s characteristic names to catalogue fields', () => {
    expect(CHARACTERISTIC_FIELDS.map((f) => f.cianName)).toEqual([
      'TotalArea',
      'LivingArea',
      'KitchenArea',
      'FloorNumber',
      'FloorsCount',
      'FloorData',
      'FlatRoomsCount',
      'BuildYear',
      'ClientFee',
      'Deposit',
      'PricePerDay',
      'Price',
      'GuestsCount',
    ]);
    expect(CHARACTERISTIC_CATALOGUE_FIELDS).toMatchObject({
      FloorNumber: 'floor',
      FlatRoomsCount: 'roomCount',
      PricePerDay: 'price',
      Price: 'price',
    });
  });

  it('are every one stored on listings: each has a catalogue field of its own', () => {
    const fields: Record<string, string> = CHARACTERISTIC_CATALOGUE_FIELDS;
    expect(FILTER_CHARACTERISTICS.filter((c) => !fields[c.cianName]).map((c) => c.cianName)).toEqual([]);
    const filterFields = FILTER_CHARACTERISTICS.map((c) => fields[c.cianName]);
    expect(new Set(filterFields).size).toBe(18);
  });

  it('store their select options as the codes listings hold', () => {
    const bathroom = FILTER_CHARACTERISTICS.find((c) => c.cianName === 'BathroomType')!;
    expect(bathroom.characteristicFieldSelects).toEqual([
      { id: 1, name: 'Совмещённый', value: 1 },
      { id: 2, name: 'Раздельный', value: 2 },
      { id: 3, name: 'Несколько', value: 3 },
    ]);
  });
});
