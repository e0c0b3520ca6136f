import type { AddressSuggestion, AddressSuggestions } from './addresses';
import type { GeoPoint } from './distance';

/** An adapter to test, and what to stop when the suite is done (a local server). */
export type AddressesHarness = { addresses: AddressSuggestions; close?(): Promise<void> };

const values = (suggestions: AddressSuggestion[]) => suggestions.map((s) => s.value);
const cities = (suggestions: AddressSuggestion[]) => [...new Set(suggestions.map((s) => s.data.city))];

/** Whether the point lies in the box (south, west, north, east). */
const inBox = ({ lat, lon }: GeoPoint, [south, west, north, east]: number[]) =>
  lat >= south && lat <= north && lon >= west && lon <= east;
/** Whether the suggestion's coordinates parse and lie in the box. */
const within = (s: AddressSuggestion, box: number[]) =>
  inBox({ lat: Number(s.data.geo_lat), lon: Number(s.data.geo_lon) }, box);
const MOSCOW_BOX = [55.55, 37.3, 55.95, 37.9];
/** Покровка, from Покровские ворота to the Garden Ring */
const POKROVKA_BOX = [55.757, 37.642, 55.764, 37.659];

/**
 * The behaviour every address-suggestion adapter must show, on the streets of the shipped gazetteer
 * (the DaData adapter is run against a local stand-in that answers from it).
 */
export function addressSuggestionsContract(
  adapterName: string,
  open: () => AddressesHarness | Promise<AddressesHarness>,
) {
  describe(`address suggestions contract: ${adapterName}`, () => {
    let harness: AddressesHarness;
    let addresses: AddressSuggestions;
    beforeAll(async () => {
      harness = await open();
      addresses = harness.addresses;
    });
    afterAll(() => harness.close?.());

    it("suggests a city's streets by the start of their name, each with its city and coordinates as strings", async () => {
      const found = await addresses.suggest('Покров', { count: 10, city: 'Москва' });
      expect(values(found)).toContain('г Москва, ул Покровка');
      for (const s of found) {
        expect(s.data).toEqual({
          city: 'Москва',
          settlement: null,
          geo_lat: expect.stringMatching(/^\d+\.\d+$/) as unknown,
          geo_lon: expect.stringMatching(/^\d+\.\d+$/) as unknown,
        });
        expect(within(s, MOSCOW_BOX)).toBe(true);
      }
    });

    it('suggests the houses when a number follows the street, those whose number starts as typed', async () => {
      const found = await addresses.suggest('Москва Покровка 1', { count: 5 });
      expect(found.length).toBeGreaterThanOrEqual(3);
      expect(found.length).toBeLessThanOrEqual(5);
      expect(found[0].value).toBe('г Москва, ул Покровка, д 1');
      expect(values(found).every((v) => /^г Москва, ул Покровка, д 1\d*$/.test(v))).toBe(true);
      expect(found.every((s) => within(s, POKROVKA_BOX))).toBe(true);
    });

    it('reads an address as people write it: kinds in full or short, commas, «дом», a flat after the house', async () => {
      for (const query of [
        'Москва, улица Покровка, дом 10',
        'г. Москва, ул. Покровка, д. 10',
        'москва покровка 10 кв 5',
      ]) {
        const [first] = await addresses.suggest(query, { count: 3 });
        expect([query, first?.value]).toEqual([query, 'г Москва, ул Покровка, д 10']);
      }
    });

    it('keeps to the city or the region asked for', async () => {
      const anywhere = await addresses.suggest('Ленина', { count: 20 });
      expect(cities(anywhere).length).toBeGreaterThan(1);
      const inCity = await addresses.suggest('Ленина', { count: 20, city: 'Екатеринбург' });
      expect(values(inCity)).toContain('г Екатеринбург, пр-кт Ленина');
      expect(cities(inCity)).toEqual(['Екатеринбург']);
      const inRegion = await addresses.suggest('Ленина', { count: 20, region: 'Свердловская' });
      expect(cities(inRegion)).toEqual(['Екатеринбург']);
      expect(await addresses.suggest('Покровка', { count: 10, city: 'Казань' })).toEqual([]);
    });

    it('answers no more than asked, each suggestion with a city or a settlement', async () => {
      const found = await addresses.suggest('ул', { count: 3 });
      expect(found.length).toBeLessThanOrEqual(3);
      for (const query of ['Москва', 'Тверская', 'Невский 2', 'Ленина 1'])
        for (const s of await addresses.suggest(query, { count: 7 })) {
          expect(s.data.city || s.data.settlement).toBeTruthy();
        }
      expect((await addresses.suggest('Невский', { count: 2 })).length).toBeLessThanOrEqual(2);
    });

    it('finds nothing for words that name no place', async () => {
      expect(await addresses.suggest('щщщзззххх', { count: 10 })).toEqual([]);
      expect(await addresses.suggest('Москва Квазимодовская 5', { count: 10 })).toEqual([]);
    });

    it('geocodes an address to its house, and a number beyond the street to the street', async () => {
      const house = await addresses.geocode('Москва, ул. Покровка, 10');
      expect(house && inBox(house, POKROVKA_BOX)).toBe(true);
      const beyond = await addresses.geocode('Москва, ул. Покровка, 109');
      expect(beyond && inBox(beyond, POKROVKA_BOX)).toBe(true);
      expect(await addresses.geocode('Казань, ул Баумана, 5')).toEqual({
        lat: expect.closeTo(55.79, 1) as unknown,
        lon: expect.closeTo(49.12, 1) as unknown,
      });
    });

    it('geocodes nonsense to nothing', async () => {
      expect(await addresses.geocode('щщщзззххх 12')).toBeNull();
    });
  });
}
