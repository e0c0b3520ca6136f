import { findLocation } from '../locations';
import { STREET_KIND_WORDS } from '../core/streetKinds';
import {
  GEOCODE_CANDIDATES,
  pointOf,
  type AddressArea,
  type AddressSuggestion,
  type AddressSuggestions,
  type SuggestOptions,
} from './addresses';
import { STREETS_BY_CITY } from './datasets/streets';
import { pointAlong, type GeoPoint } from './distance';

/**
 * Address suggestions from the shipped gazetteer (data/streets.ts): the development and test
 * adapter, and the data the tests' stand-in for DaData answers from. It answers as DaData does:
 * «г Москва, ул Покровка» for a street, «г Москва, ул Покровка, д 10» for a house, «г Москва» for
 * the city itself.
 */

type Place = { cityId: string; city: string; region: string; centre: GeoPoint; words: string[] };
type Street = { place: Place; name: string; houses: number; course: GeoPoint[]; words: string[] };

/**
 * Words that only say what kind of place follows (street types, "город", "дом"): a query may or may
 * not spell them, in full or short, so they are not searched for.
 */
const KIND_WORDS = new Set(
  [
    ...STREET_KIND_WORDS,
    'г',
    'гор',
    'город',
    'д',
    'дом',
    'россия',
    'обл',
    'область',
    'респ',
    'республика',
    'край',
  ].map((w) => w.replaceAll('ё', 'е')),
);

/** How people shorten the bigger cities' names. */
const CITY_NICKNAMES = new Map([
  ['1', ['мск']],
  ['2', ['спб', 'питер']],
  ['3', ['нск']],
  ['4', ['екб']],
  ['6', ['нн']],
]);

/** Lower case, 'ё' as 'е', punctuation as spaces; hyphens stay inside words (Садовая-Кудринская). */
export function words(text: string): string[] {
  return text
    .toLocaleLowerCase('ru')
    .replaceAll('ё', 'е')
    .replace(/[.,;:!?()«»"'№/\\]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

const searchWords = (text: string) => words(text).filter((w) => !KIND_WORDS.has(w));

/** «Московская область» → «московская»: DaData's region filter takes the name without its kind. */
const regionKey = (name: string) =>
  searchWords(name.replace(/автономный округ|автономная область/i, ''))
    .join(' ')
    .trim();

function placeOf(cityId: string): Place {
  const city = findLocation(cityId);
  if (!city) throw new Error(`the gazetteer names city ${cityId}, which the locations tree does not hold`);
  const region = city.parentLocation ? findLocation(city.parentLocation) : null;
  return {
    cityId,
    city: city.name,
    // a federal city (Москва, Санкт-Петербург) is a region of its own
    region: regionKey(region?.name ?? city.name),
    centre: city.centre,
    words: [...searchWords(city.name), ...(CITY_NICKNAMES.get(cityId) ?? [])],
  };
}

const STREETS: Street[] = [...STREETS_BY_CITY].flatMap(([cityId, rows]) => {
  const place = placeOf(cityId);
  return rows.map(([name, houses, course]) => ({
    place,
    name,
    houses,
    course: course.map(([lat, lon]) => ({ lat, lon })),
    words: searchWords(name),
  }));
});
const PLACES = [...new Map(STREETS.map((s) => [s.place.cityId, s.place])).values()];

/** A query word names this word: its start, or (three letters and more) any part of it. */
const names = (queryWord: string, word: string) =>
  word.startsWith(queryWord) || (queryWord.length >= 3 && word.includes(queryWord));

type Match = { house: string | null; startsOfWords: number };

/**
 * Whether every word of the query names the city or the street; the first number that is not a word
 * of the street's name (as «8» of «ул 8 Марта» is) is the house, and what follows it (корпус,
 * квартира) is ignored.
 */
function matchStreet(query: string[], street: Street): Match | null {
  let house: string | null = null;
  let onStreet = false;
  let startsOfWords = 0;
  for (const word of query) {
    if (/^д?\d/.test(word) && !street.words.includes(word)) {
      house = /\d+/.exec(word)![0];
      break;
    }
    const streetWord = street.words.find((w) => names(word, w));
    if (streetWord !== undefined) {
      onStreet = true;
      if (streetWord.startsWith(word)) startsOfWords++;
    } else if (!street.place.words.some((w) => names(word, w))) return null;
  }
  return onStreet ? { house, startsOfWords } : null;
}

const inArea = (place: Place, area: AddressArea) =>
  (!area.city || words(area.city).join(' ') === words(place.city).join(' ')) &&
  (!area.region || regionKey(area.region) === place.region);

const coordinate = (degrees: number) => degrees.toFixed(7);

const suggestion = (value: string, place: Place, point: GeoPoint): AddressSuggestion => ({
  value,
  data: {
    city: place.city,
    settlement: null,
    geo_lat: coordinate(point.lat),
    geo_lon: coordinate(point.lon),
  },
});

/** House `number` of the street: the numbers are spread evenly from the course's start to its end. */
export const housePoint = (street: { houses: number; course: GeoPoint[] }, number: number) =>
  pointAlong(street.course, street.houses > 1 ? (number - 1) / (street.houses - 1) : 0);

const streetLine = (street: Street) => `г ${street.place.city}, ${street.name}`;

/** A street's suggestions: the houses whose number starts as asked, or the street itself. */
function streetSuggestions(street: Street, house: string | null, count: number): AddressSuggestion[] {
  const street1 = streetLine(street);
  const numbers: number[] = [];
  if (house !== null)
    for (let n = 1; n <= street.houses && numbers.length < count; n++)
      if (String(n).startsWith(house)) numbers.push(n);
  if (numbers.length === 0) return [suggestion(street1, street.place, pointAlong(street.course, 0.5))];
  return numbers.map((n) => suggestion(`${street1}, д ${n}`, street.place, housePoint(street, n)));
}

/** Suggestions for a query, best first: the streets whose words start as typed before those that only contain them. */
export function suggestFromGazetteer(text: string, { count, ...area }: SuggestOptions): AddressSuggestion[] {
  const query = searchWords(text);
  if (query.length === 0 || count < 1) return [];
  const places = PLACES.filter((p) => inArea(p, area));
  // a query of a city's name alone: the city itself first, then its namesake streets (Московский пр-кт)
  const found = places
    .filter((p) => query.every((word) => p.words.some((w) => names(word, w))))
    .slice(0, count)
    .map((p) => suggestion(`г ${p.city}`, p, p.centre));
  const matches = STREETS.filter((s) => places.includes(s.place))
    .map((street) => ({ street, match: matchStreet(query, street) }))
    .filter((m): m is { street: Street; match: Match } => m.match !== null)
    .sort(
      (a, b) =>
        b.match.startsOfWords - a.match.startsOfWords ||
        places.indexOf(a.street.place) - places.indexOf(b.street.place) ||
        a.street.name.localeCompare(b.street.name, 'ru'),
    );
  for (const { street, match } of matches) {
    if (found.length >= count) break;
    found.push(...streetSuggestions(street, match.house, count - found.length));
  }
  return found;
}

export class GazetteerAddressSuggestions implements AddressSuggestions {
  readonly name = 'gazetteer';

  // the gazetteer answers at once; the port is asynchronous for the providers that call out
  suggest(query: string, options: SuggestOptions): Promise<AddressSuggestion[]> {
    return Promise.resolve(suggestFromGazetteer(query, options));
  }

  geocode(address: string): Promise<GeoPoint | null> {
    return Promise.resolve(pointOf(suggestFromGazetteer(address, { count: GEOCODE_CANDIDATES })));
  }
}
