import { CITIES, LOCATION_TYPE, REGION, type Location, type LocationType } from './cities';
import { REGION_CITIES, REGIONS } from './regions';

const fullNameIn = (places: Location[], id: string) => places.find((l) => l.id === id)?.fullName ?? '';

const district = (id: string, cityId: string, name: string, lat: number, lon: number): Location => ({
  id, name, fullName: `${fullNameIn(CITIES, cityId)}, ${name}`, type: LOCATION_TYPE.AREA, priority: 10, kladrCode: null, parentLocation: cityId, centre: { lat, lon }, isMain: false,
});

/** City districts (type 2) of the larger catalogue cities. */
export const DISTRICTS: Location[] = [
  district('201', '1', 'Центральный административный округ', 55.754000, 37.620000),
  district('202', '1', 'Северный административный округ', 55.838000, 37.525000),
  district('203', '1', 'Северо-Восточный административный округ', 55.855000, 37.633000),
  district('204', '1', 'Восточный административный округ', 55.787000, 37.775000),
  district('205', '1', 'Юго-Восточный административный округ', 55.692000, 37.754000),
  district('206', '1', 'Южный административный округ', 55.623000, 37.680000),
  district('207', '1', 'Юго-Западный административный округ', 55.663000, 37.551000),
  district('208', '1', 'Западный административный округ', 55.728000, 37.443000),
  district('209', '1', 'Северо-Западный административный округ', 55.829000, 37.451000),
  district('210', '1', 'Зеленоградский административный округ', 55.987000, 37.194000),
  district('211', '1', 'Новомосковский административный округ', 55.566000, 37.423000),
  district('221', '2', 'Адмиралтейский район', 59.917000, 30.305000),
  district('222', '2', 'Василеостровский район', 59.942000, 30.251000),
  district('223', '2', 'Выборгский район', 60.046000, 30.333000),
  district('224', '2', 'Калининский район', 59.993000, 30.390000),
  district('225', '2', 'Московский район', 59.852000, 30.321000),
  district('226', '2', 'Невский район', 59.897000, 30.469000),
  district('227', '2', 'Петроградский район', 59.966000, 30.311000),
  district('228', '2', 'Приморский район', 60.000000, 30.256000),
  district('229', '2', 'Центральный район', 59.933000, 30.360000),
  district('241', '3', 'Центральный район', 55.031000, 82.920000),
  district('242', '3', 'Ленинский район', 55.006000, 82.876000),
  district('243', '3', 'Советский район', 54.850000, 83.100000),
  district('251', '4', 'Ленинский район', 56.820000, 60.590000),
  district('252', '4', 'Верх-Исетский район', 56.841000, 60.550000),
  district('253', '4', 'Академический район', 56.790000, 60.520000),
  district('261', '5', 'Вахитовский район', 55.790000, 49.130000),
  district('262', '5', 'Приволжский район', 55.760000, 49.180000),
  district('263', '5', 'Советский район', 55.790000, 49.210000),
  district('271', '7', 'Центральный район', 43.585000, 39.723000),
  district('272', '7', 'Адлерский район', 43.430000, 39.920000),
  district('273', '7', 'Хостинский район', 43.520000, 39.860000),
  district('274', '7', 'Лазаревский район', 43.908000, 39.333000),
  district('281', '8', 'Прикубанский округ', 45.070000, 38.980000),
  district('282', '8', 'Карасунский округ', 45.020000, 39.050000),
];

const settlement = (id: string, kind: string, name: string, type: LocationType, parent: string, lat: number, lon: number): Location => ({
  id, name, fullName: `${fullNameIn([...CITIES, ...REGION_CITIES, ...REGIONS, ...DISTRICTS], parent)}, ${kind} ${name}`, type, priority: 5, kladrCode: null, parentLocation: parent, centre: { lat, lon }, isMain: false,
});

/** Settlements around the main cities: type 3 посёлки, type 4 деревни and сёла. */
export const SETTLEMENTS: Location[] = [
  settlement('301', 'посёлок', 'Коммунарка', LOCATION_TYPE.SETTLEMENT, '211', 55.570000, 37.483000),
  settlement('302', 'рабочий посёлок', 'Томилино', LOCATION_TYPE.SETTLEMENT, REGION.MOSCOW_OBLAST, 55.657000, 37.929000),
  settlement('303', 'деревня', 'Путилково', LOCATION_TYPE.VILLAGE, REGION.MOSCOW_OBLAST, 55.869000, 37.392000),
  settlement('304', 'посёлок', 'Шушары', LOCATION_TYPE.SETTLEMENT, '2', 59.808000, 30.383000),
  settlement('305', 'посёлок', 'Парголово', LOCATION_TYPE.SETTLEMENT, '223', 60.080000, 30.260000),
  settlement('306', 'деревня', 'Новое Девяткино', LOCATION_TYPE.VILLAGE, REGION.LENINGRAD_OBLAST, 60.061000, 30.478000),
  settlement('307', 'рабочий посёлок', 'Кольцово', LOCATION_TYPE.SETTLEMENT, REGION.NOVOSIBIRSK, 54.938000, 83.184000),
  settlement('308', 'село', 'Высокая Гора', LOCATION_TYPE.VILLAGE, REGION.TATARSTAN, 55.911000, 49.305000),
  settlement('309', 'посёлок', 'Красная Поляна', LOCATION_TYPE.SETTLEMENT, '272', 43.680000, 40.205000),
  settlement('310', 'село', 'Дивноморское', LOCATION_TYPE.VILLAGE, REGION.KRASNODAR_KRAI, 44.503000, 38.134000),
];
