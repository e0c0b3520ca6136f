import { addressSuggestionsContract } from './addressContract';
import { STREETS_BY_CITY } from './datasets/streets';
import { GazetteerAddressSuggestions, housePoint, suggestFromGazetteer } from './gazetteer';

addressSuggestionsContract('gazetteer (shipped streets)', () => ({
  addresses: new GazetteerAddressSuggestions(),
}));

const first = (query: string, count = 5) => suggestFromGazetteer(query, { count })[0]?.value;

describe('gazetteer specifics', () => {
  it('spreads the house numbers along the street: 1 at its start, the last at its end', () => {
    const row = STREETS_BY_CITY.get('1')!.find(([name]) => name === 'ул Покровка')!;
    const street = { houses: row[1], course: row[2].map(([lat, lon]) => ({ lat, lon })) };
    expect(housePoint(street, 1)).toEqual(street.course[0]);
    expect(housePoint(street, row[1])).toEqual(street.course[street.course.length - 1]);
    const middle = housePoint(street, 25);
    expect(middle.lon).toBeGreaterThan(street.course[0].lon);
    expect(middle.lon).toBeLessThan(street.course[street.course.length - 1].lon);
  });

  it('answers a city by its name, and its namesake streets after it', () => {
    const found = suggestFromGazetteer('Моск', { count: 10 }).map((s) => s.value);
    expect(found[0]).toBe('г Москва');
    expect(found).toContain('г Санкт-Петербург, Московский пр-кт');
  });

  it('knows the short names of the big cities, «ё» as «е», and a number that is part of a street name', () => {
    expect(first('спб невский 28')).toBe('г Санкт-Петербург, Невский пр-кт, д 28');
    expect(first('Екатеринбург 8 Марта 5')).toBe('г Екатеринбург, ул 8 Марта, д 5');
    expect(first('ул. Кремлёвская, 3')).toBe('г Казань, ул Кремлевская, д 3');
    expect(first('Садовая-Кудринская 2')).toBe('г Москва, ул Садовая-Кудринская, д 2');
  });

  it('lists the streets whose words start as typed before those that only contain the text', () => {
    const found = suggestFromGazetteer('ленин', { count: 20 }).map((s) => s.value);
    const starts = found.findIndex((v) => v.includes('Ленинский пр-кт'));
    expect(starts).toBeGreaterThanOrEqual(0);
    expect(found.every((v) => /ленин/i.test(v))).toBe(true);
  });

  it('answers nothing for a query of kinds alone or no count', () => {
    expect(suggestFromGazetteer('ул. д.', { count: 5 })).toEqual([]);
    expect(suggestFromGazetteer('Покровка', { count: 0 })).toEqual([]);
  });
});
