import { STAFF } from '../core/access';
import { DomainError } from '../core/errors';
import { defineRoute } from '../core/route';
import { clientIp } from '../identity';
import { cityOf, findLocation, LOCATION_TYPE, type Location } from '../locations';
import type { AddressArea } from './addresses';
import { addressSuggestionsAnswer, coordinatesAnswer, nearestStationsAnswer } from './dto';
import { addressSuggestionsQuery, coordinatesBody, nearestStationsQuery } from './inputs';
import { nearestStations } from './metro';

const tags = ['Адреса'];

/** the id was well formed, but the tree holds no such place: a field error, as any bad input */
function knownLocation(id: string): Location {
  const location = findLocation(id);
  if (!location) throw new DomainError('INVALID_DATA', undefined, { locationId: ['Такого места нет'] });
  return location;
}

function regionOf(location: Location): Location | null {
  if (location.type === LOCATION_TYPE.REGION) return location;
  const parent = location.parentLocation ? findLocation(location.parentLocation) : null;
  return parent ? regionOf(parent) : null;
}

/**
 * The provider's filter for a place of the tree: the city it lies in, else (a settlement of a
 * region, a region) its region, named without its kind as DaData's filter takes it («Московская»).
 */
function areaOf(locationId: string | undefined): AddressArea {
  if (locationId === undefined) return {};
  const location = knownLocation(locationId);
  const city = cityOf(location);
  if (city) return { city: city.name };
  const region = regionOf(location);
  if (!region) return {};
  return { region: region.name.replace(/\s*(Республика|область|край|автономный округ)\s*/gi, ' ').trim() };
}

export const suggestAddresses = defineRoute({
  method: 'get',
  path: '/api/address-suggestions',
  tags,
  summary: 'Подсказки адресов по началу ввода (в городе или регионе места locationId)',
  description:
    'Для сотрудников агентств и модераторов (адрес объявления). Ответ — подсказки в формате DaData: value и data { city, settlement, geo_lat, geo_lon }; остаются только подсказки с городом или населённым пунктом. Каждый запрос тратит квоту платного сервиса, поэтому с одного IP — не больше ADDRESS_LIMIT_PER_IP запросов в минуту (429).',
  // each call spends the paid provider's quota: only those who write listings' addresses ask
  auth: STAFF,
  query: addressSuggestionsQuery,
  errors: [401, 403, 429, 503],
  response: addressSuggestionsAnswer,
  async handle({ ctx, query, req }) {
    const area = areaOf(query.locationId);
    await ctx.limits.consume('addressSuggestionsPerIp', clientIp(req));
    return { data: await ctx.addresses.suggest(query.query, { count: query.count, ...area }) };
  },
});

export const coordinatesOfAddress = defineRoute({
  method: 'post',
  path: '/api/coordinates',
  tags,
  summary: 'Координаты адреса',
  description:
    'Для сотрудников агентств и модераторов. По тем же данным, что и подсказки; 404, если адрес не найден. Считается в тот же лимит запросов с IP, что и подсказки.',
  auth: STAFF,
  body: coordinatesBody,
  errors: [401, 403, 404, 429, 503],
  response: coordinatesAnswer,
  async handle({ ctx, body, req }) {
    await ctx.limits.consume('addressSuggestionsPerIp', clientIp(req));
    const point = await ctx.addresses.geocode(body.address);
    if (!point) throw new DomainError('NOT_FOUND', 'Адрес не найден');
    return { data: point };
  },
});

export const nearestMetro = defineRoute({
  method: 'get',
  path: '/api/metro/nearest',
  tags,
  summary: 'Ближайшие станции метро к точке в городе места locationId',
  description:
    'Время — минуты пешком (pedestrian_time: true) до станций в 5 км пути, иначе на транспорте; путь — прямая × 1,3, пешком 5 км/ч, транспорт 20 км/ч и 5 минут ожидания; станции дальше 10 км пути не предлагаются. В городе без метро — пустой список.',
  auth: 'public',
  query: nearestStationsQuery,
  response: nearestStationsAnswer,
  handle({ query }) {
    const city = cityOf(knownLocation(query.locationId));
    const point = { lat: query.lat, lon: query.lon };
    return { data: city ? nearestStations(point, city.id, query.count) : [] };
  },
});

export const geoRoutes = [suggestAddresses, coordinatesOfAddress, nearestMetro];
