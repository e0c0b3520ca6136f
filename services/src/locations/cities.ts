/** Location types of product.md section 3 */
export const LOCATION_TYPE = { CITY: 1, AREA: 2, SETTLEMENT: 3, VILLAGE: 4, REGION: 5 } as const;

export type Location = {
  id: string;
  name: string;
  fullName: string;
  type: number;
  priority: number;
  kladrCode: string;
  parentLocation: string | null;
  centre: { lat: number; lon: number };
  isMain: boolean;
};

const city = (id: string, name: string, kladrCode: string, lat: number, lon: number, priority: number, isMain = false, region?: string): Location => ({
  id, name, fullName: region ? `${name}, ${region}` : name, type: LOCATION_TYPE.CITY, priority, kladrCode, parentLocation: null, centre: { lat, lon }, isMain,
});

/** The cities the catalogue knows today; the full КЛАДР tree arrives with the locations issue. */
export const CITIES: Location[] = [
  city('1', 'Москва', '7700000000000', 55.751244, 37.618423, 100, true),
  city('2', 'Санкт-Петербург', '7800000000000', 59.938951, 30.315635, 90, true),
  city('3', 'Новосибирск', '5400000100000', 55.030199, 82.92043, 50, false, 'Новосибирская область'),
  city('4', 'Екатеринбург', '6600000100000', 56.838011, 60.597474, 50, false, 'Свердловская область'),
  city('5', 'Казань', '1600000100000', 55.796127, 49.106414, 50, false, 'Республика Татарстан'),
  city('6', 'Нижний Новгород', '5200000100000', 56.326797, 44.006516, 40, false, 'Нижегородская область'),
  city('7', 'Сочи', '2300000700000', 43.585472, 39.723098, 40, false, 'Краснодарский край'),
  city('8', 'Краснодар', '2300000100000', 45.035470, 38.975313, 40, false, 'Краснодарский край'),
  city('9', 'Калининград', '3900000100000', 54.710426, 20.452214, 30, false, 'Калининградская область'),
  city('10', 'Ярославль', '7600000100000', 57.626559, 39.893804, 30, false, 'Ярославская область'),
];

export const findCity = (id: string) => CITIES.find((c) => c.id === id) ?? null;
