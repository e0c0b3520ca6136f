import { siteSettings } from '@estate/projections';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { defineRoute } from '../core/route';
import { locationByIp } from './byIp';
import { CITIES } from './cities';
import {
  locationAnswer,
  locationByIpAnswer,
  locationListAnswer,
  locationSettingsAnswer,
  placeSuggestionsAnswer,
  type PlaceDto,
} from './dto';
import { suggestPlaces, type MetroByCity } from './suggestions';
import {
  ALL_RUSSIA,
  byPriority,
  CRIMEA_ROOT_IDS,
  DEFAULT_CITY_ID,
  findLocation,
  LISTED_CITIES,
  MAIN_LOCATION_IDS,
  normalizeName,
  searchLocations,
  subtree,
  toLocationDto,
} from './tree';

const tags = ['Локации'];

/** ?search= or ?name= (the spec does not show the parameter); blank text counts as none. */
const listQuery = z.object({
  search: z.string().max(100, 'Не больше 100 символов').optional(),
  name: z.string().max(100, 'Не больше 100 символов').optional(),
  limit: z.coerce
    .number({ message: 'Укажите число' })
    .int('Укажите целое число')
    .min(1, 'Не меньше 1')
    .max(50, 'Не больше 50')
    .default(20),
});

const notFound = () => new DomainError('NOT_FOUND', 'Местоположение не найдено');

function quickChoice() {
  const mainCities: PlaceDto[] = [
    ALL_RUSSIA,
    ...MAIN_LOCATION_IDS.map((id) => toLocationDto(findLocation(id)!)),
  ];
  const secondCities = LISTED_CITIES.filter((l) => !MAIN_LOCATION_IDS.includes(l.id))
    .sort(byPriority)
    .map(toLocationDto);
  return { mainCities, secondCities };
}

export const listLocations = defineRoute({
  method: 'get',
  path: '/api/locations',
  tags,
  summary: 'Города и регионы: быстрый выбор или поиск по названию (?search= или ?name=)',
  description:
    'Без текста: data — города каталога, mainCities и secondCities; с текстом: data — найденные места.',
  auth: 'public',
  query: listQuery,
  response: locationListAnswer,
  handle({ query }) {
    const text = (query.search ?? query.name ?? '').trim();
    if (!text) return { data: [...CITIES].sort(byPriority).map(toLocationDto), ...quickChoice() };
    const found: PlaceDto[] = searchLocations(text, query.limit).map(toLocationDto);
    if (normalizeName(ALL_RUSSIA.name).includes(normalizeName(text))) found.unshift(ALL_RUSSIA);
    return { data: found.slice(0, query.limit) };
  },
});

export const crimeaLocations = defineRoute({
  method: 'get',
  path: '/api/locations/crimea',
  tags,
  summary: 'Крым: Республика Крым и Севастополь с их городами',
  auth: 'public',
  response: locationListAnswer,
  handle() {
    return { data: CRIMEA_ROOT_IDS.flatMap((id) => subtree(findLocation(id)!)).map(toLocationDto) };
  },
});

/**
 * The default place and the map's centre: what a moderator set in the site's settings (the content
 * slice's `settings` stream), else Москва and api.md's default centre.
 */
async function locationSettingsOf(ctx: AppContext) {
  const set = (await siteSettings(ctx.readStore))?.location;
  return {
    location: (set && findLocation(set.defaultLocationId)) || findLocation(DEFAULT_CITY_ID)!,
    mapCenter: set?.mapCenter ?? { lat: 55.751244, lon: 37.618423 },
  };
}

export const locationSettings = defineRoute({
  method: 'get',
  path: '/api/location-settings',
  tags,
  summary: 'Местоположение по умолчанию и центр карты',
  auth: 'public',
  response: locationSettingsAnswer,
  async handle({ ctx }) {
    const { location, mapCenter } = await locationSettingsOf(ctx);
    return { data: { defaultLocation: toLocationDto(location), allRussia: ALL_RUSSIA, mapCenter } };
  },
});

export const locationOfVisitor = defineRoute({
  method: 'get',
  path: '/api/user-location-by-ip',
  tags,
  summary: 'Местоположение посетителя по IP (?ip=, иначе адрес запроса)',
  description:
    'По базе GeoIP City (GEOIP_DATABASE; в разработке — поставляемая GeoLite2 2019 года), сопоставленной с деревом мест: meta.match — city (город базы есть в дереве), region (база называет только регион), nearest (города нет в дереве: ближайшее место дерева, meta.distanceKm). Частный, неверный или неизвестный адрес — место по умолчанию из настроек сайта (Москва). Не отвечает ошибкой.',
  auth: 'public',
  query: z.object({ ip: z.string().optional() }),
  response: locationByIpAnswer,
  async handle({ ctx, query, req }) {
    // never fails: whatever the ip holds, the visitor gets a place to start from
    const ip = query.ip?.trim().slice(0, 64) || req.ip || '';
    const found = locationByIp(ctx, ip);
    const location = found.location ?? (await locationSettingsOf(ctx)).location;
    return {
      data: toLocationDto(location),
      meta: {
        ip: ip || null,
        kind: found.kind,
        source: found.location ? ('ip' as const) : ('default' as const),
        ...(found.location && found.match ? { match: found.match } : {}),
        ...(found.location && found.distanceKm !== undefined ? { distanceKm: found.distanceKm } : {}),
      },
    };
  },
});

const placeSuggestions = (metroByCity: MetroByCity) =>
  defineRoute({
    method: 'get',
    path: '/api/place-suggestions',
    tags,
    summary: 'Поиск места в каталоге: город, метро, район, улица (в пределах выбранного места locationId)',
    description:
      'Места дерева внутри locationId (без него или null — по всей России), станции метро и улицы (через сервис подсказок адресов; при исчерпанном лимите запросов с IP или недоступном сервисе — без улиц). Текст — от 1 символа; limit — до 20.',
    auth: 'public',
    query: z.object({
      query: z.string().trim().min(1, 'Введите текст').max(100, 'Не больше 100 символов'),
      locationId: z
        .string()
        .regex(/^(\d{1,10}|null)$/, 'Идентификатор места — число или null')
        .optional(),
      limit: z.coerce
        .number({ message: 'Укажите число' })
        .int('Укажите целое число')
        .min(1, 'Не меньше 1')
        .max(20, 'Не больше 20')
        .default(10),
    }),
    errors: [404],
    response: placeSuggestionsAnswer,
    async handle({ ctx, query, req }) {
      const id = query.locationId && query.locationId !== 'null' ? query.locationId : null;
      const scope = id === null ? null : findLocation(id);
      if (id !== null && !scope) throw notFound();
      return { data: await suggestPlaces(ctx, metroByCity, req.ip ?? '', query.query, scope, query.limit) };
    },
  });

export const locationById = defineRoute({
  method: 'get',
  path: '/api/locations/{id}',
  tags,
  summary: 'Место по id (null — вся Россия) с родительским местом',
  auth: 'public',
  params: z.object({ id: z.string().regex(/^(\d{1,10}|null)$/, 'Идентификатор места — число или null') }),
  errors: [404],
  response: locationAnswer,
  handle({ params }) {
    if (params.id === 'null') return { data: { ...ALL_RUSSIA, parent: null } };
    const location = findLocation(params.id);
    if (!location) throw notFound();
    const parent = location.parentLocation ? findLocation(location.parentLocation) : null;
    return { data: { ...toLocationDto(location), parent: parent ? toLocationDto(parent) : null } };
  },
});

/** In the order Express must try them: the fixed paths before `{id}`. The place search shows the metro stations the app hands in. */
export const locationRoutes = (metroByCity: MetroByCity) => [
  listLocations,
  crimeaLocations,
  locationSettings,
  locationOfVisitor,
  placeSuggestions(metroByCity),
  locationById,
];
