import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { DomainError } from '../core/errors';
import { parse } from '../core/http';
import { locationByIp } from './byIp';
import { CITIES, LOCATION_TYPE } from './cities';
import {
  ALL_RUSSIA,
  byPriority,
  CRIMEA_ROOT_IDS,
  DEFAULT_CITY_ID,
  findLocation,
  LOCATIONS,
  MAIN_LOCATION_IDS,
  normalizeName,
  searchLocations,
  subtree,
  toLocationDto,
} from './tree';

const TAG = 'Локации';

type LocationDto = ReturnType<typeof toLocationDto> | typeof ALL_RUSSIA;

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
const idParam = z.object({
  id: z.string().regex(/^(\d{1,10}|null)$/, 'Идентификатор места — число или null'),
});

const notFound = () => new DomainError('NOT_FOUND', 'Местоположение не найдено');

function quickChoice() {
  const mainCities: LocationDto[] = [
    ALL_RUSSIA,
    ...MAIN_LOCATION_IDS.map((id) => toLocationDto(findLocation(id)!)),
  ];
  const secondCities = LOCATIONS.filter(
    (l) => l.type === LOCATION_TYPE.CITY && !MAIN_LOCATION_IDS.includes(l.id),
  )
    .sort(byPriority)
    .map(toLocationDto);
  return { mainCities, secondCities };
}

export function locationRoutes(ctx: AppContext): Router {
  const router = Router();
  const route = (path: string, summary: string, answer: string, notFoundToo = false) =>
    ctx.openApi.route({
      method: 'get',
      path,
      tags: [TAG],
      summary,
      responses: {
        200: { description: answer },
        400: { description: 'errorCode 1: некорректный параметр' },
        ...(notFoundToo ? { 404: { description: 'errorCode 100: нет такого места' } } : {}),
      },
    });

  route(
    '/api/locations',
    'Города и регионы: быстрый выбор или поиск по названию (?search= или ?name=)',
    'без текста: data — города каталога, mainCities и secondCities; с текстом: data — найденные места',
  );
  router.get('/api/locations', (req, res) => {
    const query = parse(listQuery, req.query);
    const text = (query.search ?? query.name ?? '').trim();
    if (!text) {
      res.json({ data: [...CITIES].sort(byPriority).map(toLocationDto), ...quickChoice() });
      return;
    }
    const found: LocationDto[] = searchLocations(text, query.limit).map(toLocationDto);
    if (normalizeName(ALL_RUSSIA.name).includes(normalizeName(text))) found.unshift(ALL_RUSSIA);
    res.json({ data: found.slice(0, query.limit) });
  });

  route('/api/locations/crimea', 'Крым: Республика Крым и Севастополь с их городами', 'data: места Крыма');
  router.get('/api/locations/crimea', (_req, res) => {
    res.json({ data: CRIMEA_ROOT_IDS.flatMap((id) => subtree(findLocation(id)!)).map(toLocationDto) });
  });

  route(
    '/api/location-settings',
    'Местоположение по умолчанию и центр карты',
    'data: defaultLocation, allRussia, mapCenter { lat, lon }',
  );
  router.get('/api/location-settings', (_req, res) => {
    res.json({
      data: {
        defaultLocation: toLocationDto(findLocation(DEFAULT_CITY_ID)!),
        allRussia: ALL_RUSSIA,
        mapCenter: { lat: 55.751244, lon: 37.618423 },
      },
    });
  });

  route(
    '/api/user-location-by-ip',
    'Местоположение посетителя по IP (?ip=, иначе адрес запроса)',
    'data: место; meta: { ip, kind }',
  );
  router.get('/api/user-location-by-ip', (req, res) => {
    // never fails: whatever the ip holds, the visitor gets a place to start from
    const asked = typeof req.query.ip === 'string' ? req.query.ip.trim().slice(0, 64) : '';
    const ip = asked || req.ip || '';
    const { location, kind } = locationByIp(ip);
    res.json({ data: toLocationDto(location), meta: { ip: ip || null, kind } });
  });

  route(
    '/api/locations/{id}',
    'Место по id (null — вся Россия)',
    'data: место и parent — родительское место или null',
    true,
  );
  router.get('/api/locations/:id', (req, res) => {
    const { id } = parse(idParam, req.params);
    if (id === 'null') {
      res.json({ data: { ...ALL_RUSSIA, parent: null } });
      return;
    }
    const location = findLocation(id);
    if (!location) throw notFound();
    const parent = location.parentLocation ? findLocation(location.parentLocation) : null;
    res.json({ data: { ...toLocationDto(location), parent: parent ? toLocationDto(parent) : null } });
  });

  return router;
}
