import { CITIES, LOCATION_TYPE, REGION, type Location, type LocationType } from './cities';
import { REGION_CITIES, REGIONS } from './regions';

const fullNameIn = (places: Location[], id: string) => places.find((l) => l.id === id)?.fullName ?? '';

const district = (id: string, cityId: string, name: string, lat: number, lon: number): Location => ({
  id,
  name,
  fullName: `${fullNameIn(CITIES, cityId)}, ${name}`,
  type: LOCATION_TYPE.AREA,
  priority: 10,
  kladrCode: null,
  parentLocation: cityId,
  centre: { lat, lon },
  isMain: false,
});

/** City districts (type 2) of the larger catalogue cities. */
export const DISTRICTS: Location[] = [
  district('201', '1', 'Центральный административный округ', 55.754, 37.62),
  district('202', '1', 'Северный административный округ', 55.838, 37.525),
  district('203', '1', 'Северо-Восточный административный округ', 55.855, 37.633),
  district('204', '1', 'Восточный административный округ', 55.787, 37.775),
  district('205', '1', 'Юго-Восточный административный округ', 55.692, 37.754),
  district('206', '1', 'Южный административный округ', 55.623, 37.68),
  district('207', '1', 'Юго-Западный административный округ', 55.663, 37.551),
  district('208', '1', 'Западный административный округ', 55.728, 37.443),
  district('209', '1', 'Северо-Западный административный округ', 55.829, 37.451),
  district('210', '1', 'Зеленоградский административный округ', 55.987, 37.194),
  district('211', '1', 'Новомосковский административный округ', 55.566, 37.423),
  district('221', '2', 'Адмиралтейский район', 59.917, 30.305),
  district('222', '2', 'Василеостровский район', 59.942, 30.251),
  district('223', '2', 'Выборгский район', 60.046, 30.333),
  district('224', '2', 'Калининский район', 59.993, 30.39),
  district('225', '2', 'Московский район', 59.852, 30.321),
  district('226', '2', 'Невский район', 59.897, 30.469),
  district('227', '2', 'Петроградский район', 59.966, 30.311),
  district('228', '2', 'Приморский район', 60.0, 30.256),
  district('229', '2', 'Центральный район', 59.933, 30.36),
  district('241', '3', 'Центральный район', 55.031, 82.92),
  district('242', '3', 'Ленинский район', 55.006, 82.876),
  district('243', '3', 'Советский район', 54.85, 83.1),
  district('251', '4', 'Ленинский район', 56.82, 60.59),
  district('252', '4', 'Верх-Исетский район', 56.841, 60.55),
  district('253', '4', 'Академический район', 56.79, 60.52),
  district('261', '5', 'Вахитовский район', 55.79, 49.13),
  district('262', '5', 'Приволжский район', 55.76, 49.18),
  district('263', '5', 'Советский район', 55.79, 49.21),
  district('271', '7', 'Центральный район', 43.585, 39.723),
  district('272', '7', 'Адлерский район', 43.43, 39.92),
  district('273', '7', 'Хостинский район', 43.52, 39.86),
  district('274', '7', 'Лазаревский район', 43.908, 39.333),
  district('281', '8', 'Прикубанский округ', 45.07, 38.98),
  district('282', '8', 'Карасунский округ', 45.02, 39.05),
];

const settlement = (
  id: string,
  kind: string,
  name: string,
  type: LocationType,
  parent: string,
  lat: number,
  lon: number,
): Location => ({
  id,
  name,
  fullName: `${fullNameIn([...CITIES, ...REGION_CITIES, ...REGIONS, ...DISTRICTS], parent)}, ${kind} ${name}`,
  type,
  priority: 5,
  kladrCode: null,
  parentLocation: parent,
  centre: { lat, lon },
  isMain: false,
});

/** Settlements around the main cities: type 3 посёлки, type 4 деревни and сёла. */
export const SETTLEMENTS: Location[] = [
  settlement('301', 'посёлок', 'Коммунарка', LOCATION_TYPE.SETTLEMENT, '211', 55.57, 37.483),
  settlement(
    '302',
    'рабочий посёлок',
    'Томилино',
    LOCATION_TYPE.SETTLEMENT,
    REGION.MOSCOW_OBLAST,
    55.657,
    37.929,
  ),
  settlement('303', 'деревня', 'Путилково', LOCATION_TYPE.VILLAGE, REGION.MOSCOW_OBLAST, 55.869, 37.392),
  settlement('304', 'посёлок', 'Шушары', LOCATION_TYPE.SETTLEMENT, '2', 59.808, 30.383),
  settlement('305', 'посёлок', 'Парголово', LOCATION_TYPE.SETTLEMENT, '223', 60.08, 30.26),
  settlement(
    '306',
    'деревня',
    'Новое Девяткино',
    LOCATION_TYPE.VILLAGE,
    REGION.LENINGRAD_OBLAST,
    60.061,
    30.478,
  ),
  settlement(
    '307',
    'рабочий посёлок',
    'Кольцово',
    LOCATION_TYPE.SETTLEMENT,
    REGION.NOVOSIBIRSK,
    54.938,
    83.184,
  ),
  settlement('308', 'село', 'Высокая Гора', LOCATION_TYPE.VILLAGE, REGION.TATARSTAN, 55.911, 49.305),
  settlement('309', 'посёлок', 'Красная Поляна', LOCATION_TYPE.SETTLEMENT, '272', 43.68, 40.205),
  settlement('310', 'село', 'Дивноморское', LOCATION_TYPE.VILLAGE, REGION.KRASNODAR_KRAI, 44.503, 38.134),
];
