import type { DealCategory, PublicationDetails } from '@estate/events';
import { DEMO_COMPLEXES } from '../newBuildings';
import { nearestStations } from '../geo';
import { CITIES } from '../locations';

/** A small deterministic generator (mulberry32): the same demo data on every machine. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => Math.floor(next() * (max - min + 1)) + min,
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
  };
}
type Random = ReturnType<typeof random>;

/** Streets of each demo city (by city id): an address stands on a street of its own city. */
export const DEMO_STREETS: Record<string, string[]> = {
  '1': [
    'ул. Профсоюзная',
    'Ленинский проспект',
    'ул. Маросейка',
    'Кутузовский проспект',
    'ул. Братиславская',
    'проспект Мира',
    'Тверская ул.',
    'ул. Покровка',
  ],
  '2': [
    'Невский проспект',
    'наб. реки Фонтанки',
    'Лиговский проспект',
    'ул. Рубинштейна',
    'Московский проспект',
    'ул. Марата',
    'Большой проспект П.С.',
  ],
  '3': ['Красный проспект', 'ул. Ленина', 'ул. Кирова', 'ул. Фрунзе', 'ул. Гоголя'],
  '4': ['проспект Ленина', 'ул. Малышева', 'ул. 8 Марта', 'ул. Вайнера', 'ул. Радищева'],
  '5': ['ул. Баумана', 'ул. Пушкина', 'проспект Победы', 'ул. Чистопольская', 'ул. Карла Маркса'],
  '6': ['ул. Большая Покровская', 'ул. Рождественская', 'проспект Гагарина', 'ул. Белинского'],
  '7': ['Курортный проспект', 'ул. Навагинская', 'ул. Роз', 'ул. Войкова', 'ул. Несебрская'],
  '8': ['ул. Красная', 'ул. Северная', 'ул. Ставропольская', 'ул. Кубанская Набережная'],
  '9': ['Ленинский проспект', 'ул. Театральная', 'Московский проспект', 'ул. Горького'],
  '10': ['ул. Свободы', 'Московский проспект', 'ул. Кирова', 'проспект Ленина'],
};
const VIEWS = ['на парк', 'во двор', 'на реку', 'на город', 'на лес'];
const REPAIR = [
  'с евроремонтом',
  'с дизайнерским ремонтом',
  'с косметическим ремонтом',
  'без ремонта, под свою отделку',
  'с ремонтом 2023 года',
];
/** the repair type (REPAIR_TYPES) each description's wording means */
const REPAIR_TYPE = [3, 4, 2, 1, 3];

const roomsWord = (n: number) =>
  n % 10 === 1 && n % 100 !== 11
    ? 'комната'
    : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20)
      ? 'комнаты'
      : 'комнат';

/** A description that fits the property: a house is described as a house, a flat as a flat (two draws either way, so the rest of the data stays as it was). */
function description(rnd: Random, deal: DealCategory, rooms: number, area: number, house: boolean) {
  const repair = rnd.pick(REPAIR);
  const view = rnd.pick(VIEWS);
  if (house) {
    const base = `Дом площадью ${area} м², ${rooms} ${roomsWord(rooms)}, ${repair}. Окна ${view}, свой участок с садом, отдельный въезд и место для машины.`;
    if (deal === 'sale')
      return `${base} Газ, свет и вода подведены, дом и земля в собственности более 5 лет, без обременений. Возможна ипотека.`;
    if (deal === 'rent') return `${base} Сдаётся на длительный срок семье, мебель и техника остаются.`;
    return `${base} Мангал и беседка во дворе, чистое бельё и полотенца, Wi-Fi, заселение в любое время.`;
  }
  const base = `${rooms === 0 ? 'Студия' : `${rooms}-комнатная квартира`} площадью ${area} м² ${repair}. Окна ${view}, тихий район, рядом школы, магазины и парк.`;
  if (deal === 'sale')
    return `${base} Одна взрослая собственница, более 5 лет в собственности, без обременений. Быстрый выход на сделку, возможна ипотека.`;
  if (deal === 'rent')
    return `${base} Вся мебель и техника остаются. Сдаётся на длительный срок семье или специалисту без животных.`;
  return `${base} Чистое бельё и полотенца, Wi-Fi, бесконтактное заселение в любое время. Документы для командировки.`;
}

function priceFor(rnd: Random, deal: DealCategory, cityId: string, area: number) {
  const capital = cityId === '1' ? 1.9 : cityId === '2' ? 1.3 : 0.75;
  if (deal === 'sale') return Math.round((area * rnd.int(180, 320) * 1000 * capital) / 10_000) * 10_000;
  if (deal === 'rent') return Math.round((area * rnd.int(700, 1300) * capital) / 1000) * 1000;
  return Math.round((rnd.int(1800, 4500) * capital + area * 20) / 100) * 100;
}

export type DemoPublication = { details: PublicationDetails; draft: boolean };

/** Realistic listings across sale, rent and daily rent in the catalogue's cities. */
export function demoPublications(count: number, seed = 2006): DemoPublication[] {
  const rnd = random(seed);
  // the characteristics added later draw from their own sequence, so the rest stays as it was
  const more = random(seed * 7 + 1);
  const publications: DemoPublication[] = [];
  for (let i = 0; i < count; i++) {
    const deal: DealCategory = i % 2 === 0 ? 'sale' : i % 4 === 1 ? 'rent' : 'dailyRent';
    const city = i % 10 < 5 ? CITIES[0] : i % 10 < 8 ? CITIES[1] : rnd.pick(CITIES.slice(2));
    const house = deal !== 'rent' && rnd.next() < 0.08;
    const rooms = house ? rnd.int(3, 6) : rnd.pick([0, 1, 1, 2, 2, 2, 3, 3, 4, 5]);
    const totalArea = house
      ? rnd.int(90, 260)
      : rooms === 0
        ? rnd.int(19, 32)
        : rnd.int(28, 36) + rooms * rnd.int(14, 22);
    const kitchenArea = house ? rnd.int(12, 25) : rooms === 0 ? null : rnd.int(6, 18);
    const floorsCount = house ? rnd.int(1, 3) : rnd.pick([5, 9, 12, 14, 17, 22, 25, 33]);
    const street = rnd.pick(DEMO_STREETS[city.id]);
    const geo = {
      lat: +(city.centre.lat + (rnd.next() - 0.5) * 0.2).toFixed(6),
      lon: +(city.centre.lon + (rnd.next() - 0.5) * 0.3).toFixed(6),
    };
    // the stations as a listing saved in the cabinet gets them: the nearest to its point
    const stations = nearestStations(geo, city.id, 3).map(({ name, time, pedestrian_time }) => ({
      name,
      time,
      pedestrian_time,
    }));
    const imageBase = rnd.int(1, 400);
    const price = priceFor(rnd, deal, city.id, totalArea);
    const title = house
      ? `Дом, ${totalArea} м²`
      : rooms === 0
        ? `Студия, ${totalArea} м²`
        : `${rooms}-комн. квартира, ${totalArea} м²`;
    // every sixth sale flat is a new-build flat in a complex of its city
    const complexes = DEMO_COMPLEXES.filter((c) => c.details.address.locationId === city.id);
    const complex =
      deal === 'sale' && !house && i % 6 === 0 && complexes.length ? complexes[i % complexes.length] : null;
    const text = description(rnd, deal, rooms, totalArea, house);
    const newBuildYear = (drawn: number) => complex?.details.deadline.year ?? drawn;
    publications.push({
      draft: i % 17 === 5,
      details: {
        dealCategory: deal,
        propertyType: house ? 2 : 1,
        title,
        description: text,
        price,
        address: {
          locationId: city.id,
          locationName: city.name,
          fullAddress: complex
            ? `${complex.details.address.fullAddress}, ${complex.details.name}`
            : `${city.name}, ${street}, ${rnd.int(1, 120)}${rnd.next() < 0.2 ? 'к' + rnd.int(1, 4) : ''}`,
          geo,
          metro: { stations },
        },
        params: {
          roomCount: rooms,
          totalArea,
          livingArea: house ? totalArea - 30 : rooms === 0 ? null : Math.round(totalArea * 0.55),
          kitchenArea,
          floor: house ? null : rnd.int(1, floorsCount),
          floorsCount,
          // a new-build flat is as new as its complex (the year is drawn anyway, so the rest stays as it was)
          buildYear: newBuildYear(rnd.int(1958, 2025)),
          deposit:
            deal === 'rent'
              ? rnd.next() < 0.25
                ? 0
                : price
              : deal === 'dailyRent'
                ? rnd.pick([0, 3000, 5000])
                : null,
          clientFee: deal === 'rent' ? rnd.pick([0, 50, 100]) : null,
          guestsCount: deal === 'dailyRent' ? Math.max(2, rooms * 2) : null,
          ceilingHeight:
            more.next() < 0.15
              ? null
              : house
                ? more.pick([2.7, 3, 3.2])
                : more.pick([2.5, 2.64, 2.7, 2.8, 3, 3.2]),
          bathroomType: house || rooms >= 3 ? more.pick([2, 3]) : more.pick([1, 1, 2]),
          repairType: REPAIR_TYPE[REPAIR.findIndex((r) => text.includes(r))] ?? null,
          hasBalcony: house ? null : more.next() < 0.7,
          hasParking: house ? true : more.next() < 0.35,
          hasLift: house ? null : floorsCount > 5 || more.next() < 0.2,
          hasFurniture: deal === 'dailyRent' ? true : deal === 'rent' ? more.next() < 0.8 : null,
          petsAllowed: deal === 'sale' ? null : more.next() < 0.3,
        },
        images: [0, 1, 2, 3].map((k) => ({ path: `/storage/demo/${imageBase + k}.svg` })),
        residentialComplexId: complex?.id ?? null,
      },
    });
  }
  return publications;
}
