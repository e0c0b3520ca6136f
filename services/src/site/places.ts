import { toLatin } from '../core/transliterate';
import type { DealCategory } from '@estate/events';
import { z } from 'zod';
import { defineRoute } from '../core/route';
import { DomainError } from '../core/errors';
import { METRO_BY_CITY } from '../geo';
import { CITIES, cityIdsWithin, findLocation, LOCATION_TYPE, type Location } from '../locations';

/**
 * Landing pages by place (docs/decisions.md): /{deal}/gorod/{city},
 * /{deal}/gorod/{city}/rayon/{district} and /{deal}/gorod/{city}/metro/{station}, where {deal} is the catalogue's address (prodazha, rent,
 * daily-rent) and the slugs are the places' names in Latin letters. Each lists the deal's catalogue
 * of that place under its own title.
 */
export const DEAL_PATHS: Record<DealCategory, string> = {
  sale: '/prodazha',
  rent: '/rent',
  dailyRent: '/daily-rent',
};
const DEAL_NAMES: Record<DealCategory, string> = { sale: 'Продажа', rent: 'Аренда', dailyRent: 'Посуточно' };
const TITLE_VERBS: Record<DealCategory, string> = {
  sale: 'Купить квартиру',
  rent: 'Снять квартиру',
  dailyRent: 'Снять посуточно',
};
const DESCRIPTIONS: Record<DealCategory, (place: string) => string> = {
  sale: (place) => `Объявления о продаже квартир и домов ${place}: цены, фото, адреса и телефоны продавцов`,
  rent: (place) => `Аренда квартир и домов ${place} на длительный срок: цены, фото и адреса`,
  dailyRent: (place) => `Квартиры посуточно ${place}: свободные даты, цены за ночь, фото и адреса`,
};

/** «в Казани»: the prepositional case of the catalogue's cities (their names do not decline by one rule). */
const IN_CITY: Record<string, string> = {
  Москва: 'в Москве',
  'Санкт-Петербург': 'в Санкт-Петербурге',
  Новосибирск: 'в Новосибирске',
  Екатеринбург: 'в Екатеринбурге',
  Казань: 'в Казани',
  'Нижний Новгород': 'в Нижнем Новгороде',
  Сочи: 'в Сочи',
  Краснодар: 'в Краснодаре',
  Калининград: 'в Калининграде',
  Ярославль: 'в Ярославле',
};
const inPlace = (city: Location) => IN_CITY[city.name] ?? `в г. ${city.name}`;

/** 'Нижний Новгород' → 'nizhniy-novgorod', 'Центральный административный округ' → 'tsentralnyy-administrativnyy-okrug'. */
export const placeSlug = (name: string) =>
  toLatin(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/**
 * «У метро»: the listings within this distance of the station (a straight line; about a 20 minutes'
 * walk by the road factor and walking speed of geo/metro.ts).
 */
export const STATION_RADIUS_KM = 1.5;

type Station = { name: string; slug: string; lat: number; lon: number };

/**
 * A city's stations by name, A to Я: a transfer's halls of the same name on several lines are one
 * station (the first hall's point), as a visitor names it.
 */
function stationsOf(cityId: string): Station[] {
  const byName = new Map<string, Station>();
  for (const line of METRO_BY_CITY.get(cityId) ?? [])
    for (const [name, lat, lon] of line.stations)
      if (!byName.has(name)) byName.set(name, { name, slug: placeSlug(name), lat, lon });
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name, 'ru'));
}

type LandingPlace = {
  city: Location;
  slug: string;
  districts: { district: Location; slug: string }[];
  stations: Station[];
};

/** The landing cities (the catalogue's cities) with their districts and metro stations, built once. */
let places: LandingPlace[] | null = null;
export function landingPlaces(): LandingPlace[] {
  places ??= CITIES.filter((c) => c.type === LOCATION_TYPE.CITY).map((city) => ({
    city,
    slug: placeSlug(city.name),
    districts: (cityIdsWithin(city.id) ?? [])
      .map((id) => findLocation(id))
      .filter(
        (l): l is Location => l !== null && l.type === LOCATION_TYPE.AREA && l.parentLocation === city.id,
      )
      .map((district) => ({ district, slug: placeSlug(district.name) })),
    stations: stationsOf(city.id),
  }));
  return places;
}

export const landingPath = (deal: DealCategory, city: string, district?: string) =>
  `${DEAL_PATHS[deal]}/gorod/${city}${district ? `/rayon/${district}` : ''}`;
export const stationLandingPath = (deal: DealCategory, city: string, station: string) =>
  `${DEAL_PATHS[deal]}/gorod/${city}/metro/${station}`;

/** Every landing page's path, for the sitemap. */
export const allLandingPaths = () =>
  (Object.keys(DEAL_PATHS) as DealCategory[]).flatMap((deal) =>
    landingPlaces().flatMap(({ slug, districts, stations }) => [
      landingPath(deal, slug),
      ...districts.map((d) => landingPath(deal, slug, d.slug)),
      ...stations.map((s) => stationLandingPath(deal, slug, s.slug)),
    ]),
  );

const landingAnswer = z.object({
  data: z.object({
    locationId: z.string(),
    title: z.string(),
    description: z.string(),
    crumbs: z.array(z.tuple([z.string(), z.string()])),
    children: z.array(z.object({ name: z.string(), path: z.string() })),
    /** a city's metro stations that have their own landing */
    stations: z.array(z.object({ name: z.string(), path: z.string() })),
    /** a station's landing: the listings within `radius` km of its point */
    near: z.object({ lat: z.number(), lon: z.number(), radius: z.number() }).nullable(),
  }),
});

type LandingParams = {
  deal: 'sale' | 'rent' | 'dailyRent';
  city: string;
  district?: string;
  station?: string;
};

function landingOf(params: LandingParams): z.input<typeof landingAnswer> {
  const place = landingPlaces().find((p) => p.slug === params.city);
  const district = params.district ? place?.districts.find((d) => d.slug === params.district) : undefined;
  const station = params.station ? place?.stations.find((s) => s.slug === params.station) : undefined;
  if (!place || (params.district && !district) || (params.station && !station))
    throw new DomainError('NOT_FOUND', 'Такого места нет');
  const deal = params.deal;
  const where = inPlace(place.city);
  const cityPath = landingPath(deal, place.slug);
  const title = district
    ? `${TITLE_VERBS[deal]} ${where}: ${district.district.name}`
    : station
      ? `${TITLE_VERBS[deal]} у метро ${station.name} ${where}`
      : `${TITLE_VERBS[deal]} ${where}`;
  const crumb: [string, string] | null = district
    ? [district.district.name, landingPath(deal, place.slug, district.slug)]
    : station
      ? [`м. ${station.name}`, stationLandingPath(deal, place.slug, station.slug)]
      : null;
  const cityPage = !district && !station;
  return {
    data: {
      locationId: (district?.district ?? place.city).id,
      title,
      description: DESCRIPTIONS[deal](
        district
          ? `${where}, ${district.district.name}`
          : station
            ? `у метро ${station.name} ${where}`
            : where,
      ),
      crumbs: [[place.city.name, cityPath] as [string, string], ...(crumb ? [crumb] : [])],
      children: cityPage
        ? place.districts.map((d) => ({ name: d.district.name, path: landingPath(deal, place.slug, d.slug) }))
        : [],
      stations: cityPage
        ? place.stations.map((s) => ({ name: s.name, path: stationLandingPath(deal, place.slug, s.slug) }))
        : [],
      near: station ? { lat: station.lat, lon: station.lon, radius: STATION_RADIUS_KM } : null,
    },
  };
}

const deal = z.enum(['sale', 'rent', 'dailyRent']);
const slug = z.string().max(100);

/** A landing page's place, title and crumbs by its slugs (the site's render asks for it in-process). */
export const landingRoute = defineRoute({
  method: 'get',
  path: '/api/site/landings/{deal}/{city}',
  tags: ['Сайт'],
  summary: 'Посадочная страница города: место, заголовок, хлебные крошки, районы',
  auth: 'public',
  params: z.object({ deal, city: slug }),
  errors: [404],
  response: landingAnswer,
  handle: ({ params }) => landingOf(params),
});

/** The same for a district of the city (OpenAPI has no optional path parameter: a route of its own). */
export const districtLandingRoute = defineRoute({
  method: 'get',
  path: '/api/site/landings/{deal}/{city}/{district}',
  tags: ['Сайт'],
  summary: 'Посадочная страница района города: место, заголовок, хлебные крошки',
  auth: 'public',
  params: z.object({ deal, city: slug, district: slug }),
  errors: [404],
  response: landingAnswer,
  handle: ({ params }) => landingOf(params),
});

/** The same for a metro station of the city: its listings within walking distance. */
export const stationLandingRoute = defineRoute({
  method: 'get',
  path: '/api/site/landings/{deal}/{city}/metro/{station}',
  tags: ['Сайт'],
  summary: 'Посадочная страница станции метро: место, точка и радиус поиска, заголовок, хлебные крошки',
  auth: 'public',
  params: z.object({ deal, city: slug, station: slug }),
  errors: [404],
  response: landingAnswer,
  handle: ({ params }) => landingOf(params),
});

export { DEAL_NAMES };
