import { LOCATION_TYPE } from './cities';
import { GEO_REGION_IDS } from './datasets/russia';
import {
  ancestry,
  findLocation,
  LISTED_CITIES,
  LOCATIONS,
  nearestPlace,
  placeByName,
  placeOfGeoname,
  placeOfRegionCode,
  searchLocations,
} from './tree';

/** The tree with the shipped dataset (datasets/russia.ts) merged into the hand-written places. */
describe('the locations tree', () => {
  it('keeps the ids of the hand-written places, which events and tests hold', () => {
    expect(
      Object.fromEntries(
        ['1', '2', '5', '8', '11', '18', '22', '101', '110', '201', '272', '301', '310'].map((id) => [
          id,
          findLocation(id)?.name,
        ]),
      ),
    ).toEqual({
      '1': 'Москва',
      '2': 'Санкт-Петербург',
      '5': 'Казань',
      '8': 'Краснодар',
      '11': 'Химки',
      '18': 'Мурино',
      '22': 'Севастополь',
      '101': 'Московская область',
      '110': 'Республика Крым',
      '201': 'Центральный административный округ',
      '272': 'Адлерский район',
      '301': 'Коммунарка',
      '310': 'Дивноморское',
    });
  });

  it('holds every place once, each below a place it holds, with a Russian name', () => {
    const ids = LOCATIONS.map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(LOCATIONS.length).toBeGreaterThan(2000);
    expect(LOCATIONS.filter((l) => l.parentLocation !== null && !findLocation(l.parentLocation))).toEqual([]);
    expect(LOCATIONS.filter((l) => !/^[А-ЯЁа-яё0-9][А-ЯЁа-яё0-9 .,()«»—'-]*$/.test(l.name))).toEqual([]);
  });

  it('covers every region of Russia the database knows (Crimea and Sevastopol as the product lists them)', () => {
    const codes = Object.keys(GEO_REGION_IDS);
    expect(codes).toHaveLength(85);
    expect(codes.filter((code) => placeOfRegionCode(code) === null)).toEqual([]);
    expect(placeOfRegionCode('NVS')).toMatchObject({ id: '103', type: LOCATION_TYPE.REGION });
    // federal cities stand for their subjects
    expect(placeOfRegionCode('MOW')).toMatchObject({ id: '1', name: 'Москва' });
    expect(placeOfRegionCode('OMS')).toMatchObject({ name: 'Омская область', type: LOCATION_TYPE.REGION });
    expect(placeOfRegionCode('STA')?.name).toBe('Ставропольский край');
  });

  it('finds the dataset’s places by their GeoNames ids and by name in their region', () => {
    expect(placeOfGeoname(524901)?.id).toBe('1');
    expect(placeOfGeoname(1496153)).toMatchObject({ name: 'Омск', fullName: 'Омск, Омская область' });
    const zelenograd = placeByName(findLocation('1')!, 'зеленоград');
    expect(ancestry(zelenograd!).map((l) => l.name)).toEqual(['Зеленоград', 'Москва']);
    expect(placeByName(findLocation('101')!, 'Королев')?.id).toBe('25');
  });

  it('puts a point on the nearest city, settlement or village', () => {
    const krasnodar = findLocation('8')!;
    expect(nearestPlace(krasnodar.centre)).toEqual({ location: krasnodar, km: 0 });
    // a few km from Khimki's centre, farther from Moscow's
    const near = nearestPlace({ lat: 55.9, lon: 37.44 });
    expect(near.location.name).toBe('Химки');
    expect(near.km).toBeLessThan(2);
  });

  it('lists the hand-written cities for the quick choice and searches the whole tree', () => {
    expect(LISTED_CITIES.map((l) => l.id)).toContain('18');
    expect(LISTED_CITIES.every((l) => Number(l.id) < 1000)).toBe(true);
    expect(searchLocations('омс', 2).map((l) => l.fullName)).toEqual([
      'Омск, Омская область',
      'Омская область',
    ]);
  });
});
