/** Publication statuses and the list's tabs, in the spec's order (product.md section 2, publications list). */
export const STATUS = { PUBLISHED: 1, DRAFT: 2, ARCHIVED: 3, DECLINED: 4, PUBLISHED_NOT_ACTIVE: 5 } as const;

export const STATUS_TABS = [
  { status: STATUS.PUBLISHED, label: 'Активные', empty: 'Нет активных объявлений' },
  { status: STATUS.PUBLISHED_NOT_ACTIVE, label: 'Неактивные', empty: 'Нет неактивных объявлений' },
  { status: STATUS.ARCHIVED, label: 'Архив', empty: 'Нет объявлений в архиве' },
  { status: STATUS.DECLINED, label: 'Отклонённые', empty: 'Нет отклонённых объявлений' },
  { status: STATUS.DRAFT, label: 'Черновики', empty: 'Нет черновиков' },
] as const;

export const STATUS_NAMES: Record<number, string> = {
  1: 'Активно',
  2: 'Черновик',
  3: 'В архиве',
  4: 'Отклонено',
  5: 'Неактивно',
};

export const DEAL_CHOICES = [
  { id: 'sale', name: 'Продажа' },
  { id: 'rent', name: 'Аренда' },
  { id: 'dailyRent', name: 'Посуточно' },
];

export const PROPERTY_TYPE_CHOICES = [
  { id: 1, name: 'Квартира' },
  { id: 2, name: 'Дом, дача' },
  { id: 3, name: 'Коттедж' },
  { id: 4, name: 'Таунхаус' },
  { id: 5, name: 'Гараж' },
  { id: 6, name: 'Участок' },
  { id: 7, name: 'Комната' },
  { id: 11, name: 'Офис' },
  { id: 12, name: 'Помещение свободного назначения' },
  { id: 14, name: 'Склад' },
];

/** Select characteristics, stored as these codes (api.md section 9, filter characteristics 100 and 102). */
export const BATHROOM_CHOICES = [
  { id: 1, name: 'Совмещённый' },
  { id: 2, name: 'Раздельный' },
  { id: 3, name: 'Несколько' },
];
export const REPAIR_CHOICES = [
  { id: 1, name: 'Без ремонта' },
  { id: 2, name: 'Косметический' },
  { id: 3, name: 'Евроремонт' },
  { id: 4, name: 'Дизайнерский' },
];
/** Yes/no characteristics of a listing. */
export const FLAG_FIELDS = ['hasBalcony', 'hasParking', 'hasLift', 'hasFurniture', 'petsAllowed'] as const;

/** The characteristics the editor offers (and the list and the show page name), by their source. */
export type Characteristic =
  | 'roomCount'
  | 'totalArea'
  | 'livingArea'
  | 'kitchenArea'
  | 'floor'
  | 'floorsCount'
  | 'buildYear'
  | 'ceilingHeight'
  | 'bathroomType'
  | 'repairType'
  | 'deposit'
  | 'clientFee'
  | 'guestsCount'
  | (typeof FLAG_FIELDS)[number];

const DWELLINGS = new Set([1, 2, 3, 4, 7]); // flat, house, cottage, townhouse, room
const HOUSES = new Set([2, 3, 4]);
const LAND = 6;
const GARAGE = 5;

/**
 * What fits a listing of this deal and property type: a flat has rooms and a floor, a house its
 * floors but no floor of its own, a plot of land only its area; a deposit and furniture belong to
 * a rent, guests to a daily rent, the agent's fee to a sale or a long rent. Unknown: everything.
 */
export function characteristicsOf(
  deal: string | undefined,
  propertyType: number | undefined,
): Set<Characteristic> {
  const fields = new Set<Characteristic>(['totalArea']);
  const type = propertyType ?? 1;
  const rent = deal === 'rent' || deal === 'dailyRent';
  if (type !== LAND) fields.add('buildYear').add('repairType').add('hasParking');
  if (DWELLINGS.has(type)) {
    for (const f of ['roomCount', 'livingArea', 'kitchenArea', 'bathroomType', 'hasBalcony'] as const)
      fields.add(f);
    fields.add('ceilingHeight');
  } else if (type !== LAND && type !== GARAGE) fields.add('ceilingHeight'); // offices, premises, warehouses
  if (type !== LAND && !HOUSES.has(type)) fields.add('floor');
  if (type !== LAND) fields.add('floorsCount');
  if (DWELLINGS.has(type) && !HOUSES.has(type)) fields.add('hasLift');
  if (rent) fields.add('deposit').add('hasFurniture').add('petsAllowed');
  if (deal === 'dailyRent') fields.add('guestsCount');
  if (deal !== 'dailyRent') fields.add('clientFee');
  return fields;
}
export const ALL_CHARACTERISTICS: Characteristic[] = [
  'roomCount',
  'totalArea',
  'livingArea',
  'kitchenArea',
  'floor',
  'floorsCount',
  'buildYear',
  'ceilingHeight',
  'bathroomType',
  'repairType',
  'deposit',
  'clientFee',
  'guestsCount',
  ...FLAG_FIELDS,
];
