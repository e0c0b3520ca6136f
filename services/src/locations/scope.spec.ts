import { cityIdsWithin } from './scope';
import { LOCATIONS } from './tree';

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
    expect(cityIdsWithin('107')).toEqual(expect.arrayContaining(['7', '8', '271', '272', '309', '23', '24', '310']));
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
});
