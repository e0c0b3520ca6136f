import { LOCATION_TYPE, REGION, type Location } from './cities';

const region = (
  id: string,
  name: string,
  kladrCode: string,
  lat: number,
  lon: number,
  priority: number,
): Location => ({
  id,
  name,
  fullName: name,
  type: LOCATION_TYPE.REGION,
  priority,
  kladrCode,
  parentLocation: null,
  centre: { lat, lon },
  isMain: false,
});

/** Subjects of the federation around the catalogue cities (centre: the administrative centre). */
export const REGIONS: Location[] = [
  region(REGION.MOSCOW_OBLAST, 'Московская область', '5000000000000', 55.815792, 37.380031, 95),
  region(REGION.LENINGRAD_OBLAST, 'Ленинградская область', '4700000000000', 59.938951, 30.315635, 85),
  region(REGION.NOVOSIBIRSK, 'Новосибирская область', '5400000000000', 55.030199, 82.92043, 45),
  region(REGION.SVERDLOVSK, 'Свердловская область', '6600000000000', 56.838011, 60.597474, 45),
  region(REGION.TATARSTAN, 'Республика Татарстан', '1600000000000', 55.796127, 49.106414, 45),
  region(REGION.NIZHNY_NOVGOROD, 'Нижегородская область', '5200000000000', 56.326797, 44.006516, 35),
  region(REGION.KRASNODAR_KRAI, 'Краснодарский край', '2300000000000', 45.03547, 38.975313, 35),
  region(REGION.KALININGRAD, 'Калининградская область', '3900000000000', 54.710426, 20.452214, 25),
  region(REGION.YAROSLAVL, 'Ярославская область', '7600000000000', 57.626559, 39.893804, 25),
  region(REGION.CRIMEA, 'Республика Крым', '9100000000000', 44.952117, 34.102417, 30),
];

const regionName = (id: string | null) => REGIONS.find((r) => r.id === id)?.name;

const town = (
  id: string,
  name: string,
  parent: string | null,
  lat: number,
  lon: number,
  priority = 20,
  kladrCode: string | null = null,
): Location => ({
  id,
  name,
  fullName: parent ? `${name}, ${regionName(parent)}` : name,
  type: LOCATION_TYPE.CITY,
  priority,
  kladrCode,
  parentLocation: parent,
  centre: { lat, lon },
  isMain: false,
});

/** Cities of the regions that are not (yet) catalogue cities: a region search covers them. */
export const REGION_CITIES: Location[] = [
  town('11', 'Химки', REGION.MOSCOW_OBLAST, 55.888939, 37.43039),
  town('12', 'Мытищи', REGION.MOSCOW_OBLAST, 55.910483, 37.736402),
  town('13', 'Красногорск', REGION.MOSCOW_OBLAST, 55.831099, 37.330192),
  town('14', 'Балашиха', REGION.MOSCOW_OBLAST, 55.796339, 37.938199),
  town('15', 'Подольск', REGION.MOSCOW_OBLAST, 55.431136, 37.544997),
  town('25', 'Королёв', REGION.MOSCOW_OBLAST, 55.922212, 37.854629),
  town('26', 'Щёлково', REGION.MOSCOW_OBLAST, 55.920875, 37.991622),
  town('16', 'Гатчина', REGION.LENINGRAD_OBLAST, 59.565157, 30.128153),
  town('17', 'Всеволожск', REGION.LENINGRAD_OBLAST, 60.020426, 30.637774),
  town('18', 'Мурино', REGION.LENINGRAD_OBLAST, 60.0443, 30.457),
  town('19', 'Симферополь', REGION.CRIMEA, 44.952117, 34.102417, 25, '9100000100000'),
  town('20', 'Ялта', REGION.CRIMEA, 44.495194, 34.166301),
  town('21', 'Евпатория', REGION.CRIMEA, 45.190629, 33.367634),
  // a federal city, like Moscow and St Petersburg: no parent region
  town('22', 'Севастополь', null, 44.616687, 33.525432, 25, '9200000000000'),
  town('23', 'Новороссийск', REGION.KRASNODAR_KRAI, 44.723771, 37.768813),
  town('24', 'Анапа', REGION.KRASNODAR_KRAI, 44.894965, 37.31617),
];
