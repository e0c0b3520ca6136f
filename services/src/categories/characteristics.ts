import { BATHROOM_TYPES, REPAIR_TYPES } from '@estate/events';
import type { CatalogueFlagField, CatalogueNumberField } from '@estate/projections';
import type { Deal } from './dealCategories';
import type { PropertyKind } from './propertyTypes';

/** The characteristic fields of a publication (product.md section 3), as listings show them. */
export const CHARACTERISTIC_FIELDS = [
  { cianName: 'TotalArea', name: 'Общая площадь', measure: 'м²' },
  { cianName: 'LivingArea', name: 'Жилая площадь', measure: 'м²' },
  { cianName: 'KitchenArea', name: 'Площадь кухни', measure: 'м²' },
  { cianName: 'FloorNumber', name: 'Этаж', measure: null },
  { cianName: 'FloorsCount', name: 'Этажей в доме', measure: null },
  { cianName: 'FloorData', name: 'Этаж / этажность', measure: 'эт' },
  { cianName: 'FlatRoomsCount', name: 'Количество комнат', measure: null },
  { cianName: 'BuildYear', name: 'Год постройки', measure: null },
  { cianName: 'ClientFee', name: 'Комиссия агента', measure: '%' },
  { cianName: 'Deposit', name: 'Залог', measure: '₽' },
  { cianName: 'PricePerDay', name: 'Цена за сутки', measure: '₽' },
  { cianName: 'Price', name: 'Цена', measure: '₽' },
  { cianName: 'GuestsCount', name: 'Количество гостей', measure: null },
] as const;
export type CharacteristicCianName = (typeof CHARACTERISTIC_FIELDS)[number]['cianName'];

/**
 * The catalogue field each characteristic filter reads (the publications search maps cianName →
 * field with it): every one of the 18 filter characteristics, and the price under both its names.
 * Yes/no characteristics are stored as booleans, the others as numbers.
 */
export const CHARACTERISTIC_CATALOGUE_FIELDS = {
  TotalArea: 'totalArea',
  LivingArea: 'livingArea',
  KitchenArea: 'kitchenArea',
  FloorNumber: 'floor',
  FloorsCount: 'floorsCount',
  FlatRoomsCount: 'roomCount',
  BuildYear: 'buildYear',
  Deposit: 'deposit',
  ClientFee: 'clientFee',
  GuestsCount: 'guestsCount',
  Price: 'price',
  PricePerDay: 'price',
  CeilingHeight: 'ceilingHeight',
  BathroomType: 'bathroomType',
  RepairType: 'repairType',
  HasBalcony: 'hasBalcony',
  HasParking: 'hasParking',
  HasLift: 'hasLift',
  HasFurniture: 'hasFurniture',
  PetsAllowed: 'petsAllowed',
} as const satisfies Record<string, CatalogueNumberField | CatalogueFlagField>;

/** api.md section 9: the 18 fixed filter characteristic ids, in the spec's order. */
export const FIXED_FILTER_CHARACTERISTIC_IDS = [
  8, 32, 9, 35, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 46, 37, 39, 16,
] as const;
export type FilterCharacteristicId = (typeof FIXED_FILTER_CHARACTERISTIC_IDS)[number];

export const FILTER_TYPE = { VALUE_LIST: 1, RANGE: 2 } as const;
export type CharacteristicSelect = { id: number; name: string; value: number | null };

export type FilterCharacteristic = {
  id: FilterCharacteristicId;
  cianName: string;
  name: string;
  type: 'float' | 'integer' | 'boolean';
  filterType: (typeof FILTER_TYPE)[keyof typeof FILTER_TYPE];
  measure: string | null;
  isMainFilter: boolean;
  characteristicFieldSelects: CharacteristicSelect[];
  deals: Deal[];
  kinds: PropertyKind[];
};

/** a select stored as its code: the option's id and value are the code */
const options = (names: Record<number, string>): CharacteristicSelect[] =>
  Object.entries(names).map(([code, name]) => ({ id: Number(code), name, value: Number(code) }));
/** api.md section 9: radio options Да, Нет, Неважно ('Неважно' filters nothing) */
const YES_NO_ANY: CharacteristicSelect[] = [
  { id: 1, name: 'Да', value: 1 },
  { id: 2, name: 'Нет', value: 0 },
  { id: 3, name: 'Неважно', value: null },
];
/** roomCount 0 is a studio; the largest value also means "or more" in the search */
const ROOMS: CharacteristicSelect[] = [
  { id: 1, name: 'Студия', value: 0 },
  { id: 2, name: '1', value: 1 },
  { id: 3, name: '2', value: 2 },
  { id: 4, name: '3', value: 3 },
  { id: 5, name: '4+', value: 4 },
];

const ALL_DEALS: Deal[] = ['sale', 'rent', 'dailyRent', 'newBuildings'];
const LONG_TERM: Deal[] = ['sale', 'rent', 'newBuildings'];
const LIVING: PropertyKind[] = ['flat', 'room', 'house'];
const BUILT: PropertyKind[] = ['flat', 'room', 'house', 'commercial'];
const ALL_KINDS: PropertyKind[] = ['flat', 'room', 'house', 'land', 'garage', 'commercial'];

type Spec = Omit<FilterCharacteristic, 'characteristicFieldSelects' | 'isMainFilter'> &
  Partial<Pick<FilterCharacteristic, 'characteristicFieldSelects' | 'isMainFilter'>>;
const range = (spec: Omit<Spec, 'filterType'>) => ({ filterType: FILTER_TYPE.RANGE, ...spec }) as Spec;
const list = (spec: Omit<Spec, 'filterType'>) => ({ filterType: FILTER_TYPE.VALUE_LIST, ...spec }) as Spec;
const radio = (spec: Omit<Spec, 'filterType' | 'type'>) =>
  list({ type: 'boolean', characteristicFieldSelects: YES_NO_ANY, ...spec });

const SPECS: Spec[] = [
  range({
    id: 8,
    cianName: 'TotalArea',
    name: 'Общая площадь',
    type: 'float',
    measure: 'м²',
    isMainFilter: true,
    deals: ALL_DEALS,
    kinds: ALL_KINDS,
  }),
  range({
    id: 32,
    cianName: 'LivingArea',
    name: 'Жилая площадь',
    type: 'float',
    measure: 'м²',
    deals: LONG_TERM,
    kinds: ['flat', 'house'],
  }),
  range({
    id: 9,
    cianName: 'KitchenArea',
    name: 'Площадь кухни',
    type: 'float',
    measure: 'м²',
    deals: LONG_TERM,
    kinds: ['flat', 'house'],
  }),
  list({
    id: 35,
    cianName: 'FlatRoomsCount',
    name: 'Количество комнат',
    type: 'integer',
    measure: null,
    isMainFilter: true,
    characteristicFieldSelects: ROOMS,
    deals: ALL_DEALS,
    kinds: ['flat', 'house'],
  }),
  range({
    id: 96,
    cianName: 'FloorNumber',
    name: 'Этаж',
    type: 'integer',
    measure: null,
    deals: ALL_DEALS,
    kinds: ['flat', 'room', 'commercial'],
  }),
  range({
    id: 97,
    cianName: 'FloorsCount',
    name: 'Этажей в доме',
    type: 'integer',
    measure: null,
    deals: LONG_TERM,
    kinds: BUILT,
  }),
  range({
    id: 98,
    cianName: 'BuildYear',
    name: 'Год постройки',
    type: 'integer',
    measure: null,
    deals: LONG_TERM,
    kinds: BUILT,
  }),
  range({
    id: 99,
    cianName: 'CeilingHeight',
    name: 'Высота потолков',
    type: 'float',
    measure: 'м',
    deals: ['sale', 'newBuildings'],
    kinds: ['flat', 'house', 'commercial'],
  }),
  list({
    id: 100,
    cianName: 'BathroomType',
    name: 'Санузел',
    type: 'integer',
    measure: null,
    characteristicFieldSelects: options(BATHROOM_TYPES),
    deals: ALL_DEALS,
    kinds: LIVING,
  }),
  radio({
    id: 101,
    cianName: 'HasBalcony',
    name: 'Балкон или лоджия',
    measure: null,
    deals: ALL_DEALS,
    kinds: ['flat', 'room'],
  }),
  list({
    id: 102,
    cianName: 'RepairType',
    name: 'Ремонт',
    type: 'integer',
    measure: null,
    characteristicFieldSelects: options(REPAIR_TYPES),
    deals: ['sale', 'rent', 'dailyRent'],
    kinds: BUILT,
  }),
  radio({
    id: 103,
    cianName: 'HasParking',
    name: 'Парковка',
    measure: null,
    deals: ALL_DEALS,
    kinds: ['flat', 'house', 'commercial'],
  }),
  radio({
    id: 104,
    cianName: 'HasLift',
    name: 'Лифт',
    measure: null,
    deals: ALL_DEALS,
    kinds: ['flat', 'room', 'commercial'],
  }),
  radio({
    id: 105,
    cianName: 'HasFurniture',
    name: 'Мебель',
    measure: null,
    deals: ['rent', 'dailyRent'],
    kinds: BUILT,
  }),
  range({
    id: 46,
    cianName: 'Deposit',
    name: 'Залог',
    type: 'integer',
    measure: '₽',
    deals: ['rent', 'dailyRent'],
    kinds: ALL_KINDS,
  }),
  range({
    id: 37,
    cianName: 'ClientFee',
    name: 'Комиссия агента',
    type: 'float',
    measure: '%',
    deals: ['rent'],
    kinds: ALL_KINDS,
  }),
  range({
    id: 39,
    cianName: 'GuestsCount',
    name: 'Количество гостей',
    type: 'integer',
    measure: null,
    isMainFilter: true,
    deals: ['dailyRent'],
    kinds: ['flat', 'house'],
  }),
  radio({
    id: 16,
    cianName: 'PetsAllowed',
    name: 'Можно с животными',
    measure: null,
    deals: ['rent', 'dailyRent'],
    kinds: LIVING,
  }),
];

/** The 18 filter characteristics, one per fixed id, in the spec's order. */
export const FILTER_CHARACTERISTICS: FilterCharacteristic[] = SPECS.map((s) => ({
  isMainFilter: false,
  characteristicFieldSelects: [],
  ...s,
}));

/** A filter characteristic as the API answers it (without the applicability lists). */
export const toCharacteristicDto = ({ deals: _deals, kinds: _kinds, ...dto }: FilterCharacteristic) => dto;

export const characteristicsFor = (deal: Deal, kind: PropertyKind | null = null) =>
  FILTER_CHARACTERISTICS.filter((c) => c.deals.includes(deal) && (kind === null || c.kinds.includes(kind)));
