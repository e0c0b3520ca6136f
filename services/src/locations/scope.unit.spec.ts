import { cityIdsWithin } from './scope';
import { cityOf, findPublicationPlace, findLocation, LOCATIONS } from './tree';

describe('the listing locations a search location covers', () => {
  it('all of Russia filters nothing', () => {
    expect(cityIdsWithin(null)).toBeNull();
    expect(cityIdsWithin('null')).toBeNull();
  });

  it('a region covers its cities, their districts and its settlements, not itself', () => {
    const ids = cityIdsWithin('101')!;
    expect(ids).toEqual(expect.arrayContaining(['11', '12', '13', '14', '15', '302', '303']));
    expect(ids).not.toContain('101');
    expect(ids).not.toContain('1');
    expect(cityIdsWithin('107')).toEqual(
      expect.arrayContaining(['7', '8', '271', '272', '309', '23', '24', '310']),
    );
  });

  it('a city covers itself, its districts and what lies inside them', () => {
    const moscow = cityIdsWithin('1')!;
    expect(moscow[0]).toBe('1');
    expect(moscow).toEqual(expect.arrayContaining(['201', '211', '301']));
    expect(moscow).not.toContain('2');
    expect(cityIdsWithin('9')).toEqual(['9']);
  });

  it('an unknown id covers nothing', () => {
    expect(cityIdsWithin('9999')).toEqual([]);
  });

  it('every parent exists and ids are unique', () => {
    const ids = new Set(LOCATIONS.map((l) => l.id));
    expect(ids.size).toBe(LOCATIONS.length);
    expect(LOCATIONS.filter((l) => l.parentLocation && !ids.has(l.parentLocation))).toEqual([]);
  });

  it('every place a listing stands in lies within its city and region', () => {
    for (const place of LOCATIONS.filter((l) => findPublicationPlace(l.id))) {
      const city = cityOf(place);
      // a place outside any city (a region's village) has only its region to lie within
      expect(city ? cityIdsWithin(city.id) : [place.id]).toContain(place.id);
      let up = place.parentLocation ? findLocation(place.parentLocation) : null;
      while (up) {
        expect(cityIdsWithin(up.id)).toContain(place.id);
        up = up.parentLocation ? findLocation(up.parentLocation) : null;
      }
    }
  });
});

describe('the places a listing may stand in', () => {
  it('are cities, districts and settlements, never regions', () => {
    expect(findPublicationPlace('7')?.name).toBe('Сочи');
    expect(findPublicationPlace('272')?.name).toBe('Адлерский район');
    expect(findPublicationPlace('309')?.name).toBe('Красная Поляна');
    expect(findPublicationPlace('303')?.name).toBe('Путилково');
    expect(findPublicationPlace('107')).toBeNull();
    expect(findPublicationPlace('null')).toBeNull();
    expect(findPublicationPlace('9999')).toBeNull();
  });

  it('know the city they lie in, if any', () => {
    expect(cityOf(findLocation('309')!)?.id).toBe('7');
    expect(cityOf(findLocation('201')!)?.id).toBe('1');
    expect(cityOf(findLocation('1')!)?.id).toBe('1');
    expect(cityOf(findLocation('302')!)).toBeNull();
  });
});
