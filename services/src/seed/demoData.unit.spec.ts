import { DEMO_COMPLEXES } from '../newBuildings';
import { DEMO_STREETS, demoPublications } from './demoData';
import { CITIES } from '../locations';

const publications = demoPublications(240).map((l) => l.details);
const cityName = (id: string) => CITIES.find((c) => c.id === id)!.name;

describe('demo listings are consistent', () => {
  it('describe each property type as what it is: a house as a house, a flat or studio as a flat', () => {
    const houses = publications.filter((l) => l.propertyType === 2);
    const flats = publications.filter((l) => l.propertyType === 1);
    expect(houses.length).toBeGreaterThan(3);
    for (const house of houses) {
      expect(house.title).toMatch(/^Дом/);
      expect(house.description).toMatch(/^Дом площадью/);
      expect(house.description).not.toMatch(/квартир|студи/i);
    }
    for (const flat of flats) {
      expect(flat.description).toMatch(/^(Студия|\d-комнатная квартира) площадью/);
      expect(flat.description).not.toMatch(/^Дом/);
    }
  });

  it('put every address on a street of its own city (or in a complex of that city)', () => {
    for (const l of publications) {
      const city = cityName(l.address.locationId);
      expect(l.address.fullAddress.startsWith(`${city}, `)).toBe(true);
      const complex = DEMO_COMPLEXES.find((c) => c.id === l.residentialComplexId);
      if (complex) {
        expect(complex.details.address.locationId).toBe(l.address.locationId);
        continue;
      }
      const street = l.address.fullAddress.slice(city.length + 2).replace(/, \d+(к\d)?$/, '');
      expect(DEMO_STREETS[l.address.locationId]).toContain(street);
    }
    // no street of one city appears under another that lacks it (Невский проспект only in St Petersburg)
    expect(
      publications
        .filter((l) => l.address.fullAddress.includes('Невский проспект'))
        .every((l) => l.address.locationId === '2'),
    ).toBe(true);
  });

  it('date a new-build flat by its complex', () => {
    const inComplexes = publications.filter((l) => l.residentialComplexId);
    expect(inComplexes.length).toBeGreaterThan(0);
    for (const l of inComplexes)
      expect(l.params.buildYear).toBe(
        DEMO_COMPLEXES.find((c) => c.id === l.residentialComplexId)!.details.deadline.year,
      );
  });
});
