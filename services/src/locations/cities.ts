/** Location types of product.md section 3 */
export const LOCATION_TYPE = { CITY: 1, AREA: 2, SETTLEMENT: 3, VILLAGE: 4, REGION: 5 } as const;
export type LocationType = (typeof LOCATION_TYPE)[keyof typeof LOCATION_TYPE];

export type Location = {
  id: string;
  name: string;
  fullName: string;
  type: LocationType;
  /** higher first in lists and search answers */
  priority: number;
  /** КЛАДР code; null where we do not know the real one */
  kladrCode: string | null;
  parentLocation: string | null;
  centre: { lat: number; lon: number };
  isMain: boolean;
};

/** Region ids of the locations tree (regions.ts), named here so the catalogue cities can point at them. */
export const REGION = {
  MOSCOW_OBLAST: '101',
  LENINGRAD_OBLAST: '102',
  NOVOSIBIRSK: '103',
  SVERDLOVSK: '104',
  TATARSTAN: '105',
  NIZHNY_NOVGOROD: '106',
  KRASNODAR_KRAI: '107',
  KALININGRAD: '108',
  YAROSLAVL: '109',
  CRIMEA: '110',
} as const;

const REGION_NAMES: Record<string, string> = {
  [REGION.NOVOSIBIRSK]: 'Новосибирская область',
  [REGION.SVERDLOVSK]: 'Свердловская область',
  [REGION.TATARSTAN]: 'Республика Татарстан',
  [REGION.NIZHNY_NOVGOROD]: 'Нижегородская область',
  [REGION.KRASNODAR_KRAI]: 'Краснодарский край',
  [REGION.KALININGRAD]: 'Калининградская область',
  [REGION.YAROSLAVL]: 'Ярославская область',
};

// Moscow and St Petersburg are federal cities: subjects of their own, so no parent region
const city = (
  id: string,
  name: string,
  kladrCode: string,
  lat: number,
  lon: number,
  priority: number,
  isMain = false,
  region: string | null = null,
): Location => ({
  id,
  name,
  fullName: region ? `${name}, ${REGION_NAMES[region]}` : name,
  type: LOCATION_TYPE.CITY,
  priority,
  kladrCode,
  parentLocation: region,
  centre: { lat, lon },
  isMain,
});

/** The cities listings are placed in; their ids and coordinates are used by stored listings and must not change. */
export const CITIES: Location[] = [
  city('1', 'Москва', '7700000000000', 55.751244, 37.618423, 100, true),
  city('2', 'Санкт-Петербург', '7800000000000', 59.938951, 30.315635, 90, true),
  city('3', 'Новосибирск', '5400000100000', 55.030199, 82.92043, 50, false, REGION.NOVOSIBIRSK),
  city('4', 'Екатеринбург', '6600000100000', 56.838011, 60.597474, 50, false, REGION.SVERDLOVSK),
  city('5', 'Казань', '1600000100000', 55.796127, 49.106414, 50, false, REGION.TATARSTAN),
  city('6', 'Нижний Новгород', '5200000100000', 56.326797, 44.006516, 40, false, REGION.NIZHNY_NOVGOROD),
  city('7', 'Сочи', '2300000700000', 43.585472, 39.723098, 40, false, REGION.KRASNODAR_KRAI),
  city('8', 'Краснодар', '2300000100000', 45.03547, 38.975313, 40, false, REGION.KRASNODAR_KRAI),
  city('9', 'Калининград', '3900000100000', 54.710426, 20.452214, 30, false, REGION.KALININGRAD),
  city('10', 'Ярославль', '7600000100000', 57.626559, 39.893804, 30, false, REGION.YAROSLAVL),
];

export const findCity = (id: string) => CITIES.find((c) => c.id === id) ?? null;
