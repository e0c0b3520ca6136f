import { messageKey, type MessageKey } from '../i18n/translate';

/** Publication statuses and the list's tabs, in the spec's order (product.md section 2, publications list). */
export const STATUS = { PUBLISHED: 1, DRAFT: 2, ARCHIVED: 3, DECLINED: 4, PUBLISHED_NOT_ACTIVE: 5 } as const;

/**
 * The list's tabs and the dashboard's counts: each names its tab and what an empty tab says
 * (message keys, translated where they show; MUI's tabs do not translate by themselves).
 */
export const STATUS_TABS = [
  {
    status: STATUS.PUBLISHED,
    label: messageKey('resources.publications.tabs.published'),
    empty: messageKey('resources.publications.empty.published'),
  },
  {
    status: STATUS.PUBLISHED_NOT_ACTIVE,
    label: messageKey('resources.publications.tabs.publishedNotActive'),
    empty: messageKey('resources.publications.empty.publishedNotActive'),
  },
  {
    status: STATUS.ARCHIVED,
    label: messageKey('resources.publications.tabs.archived'),
    empty: messageKey('resources.publications.empty.archived'),
  },
  {
    status: STATUS.DECLINED,
    label: messageKey('resources.publications.tabs.declined'),
    empty: messageKey('resources.publications.empty.declined'),
  },
  {
    status: STATUS.DRAFT,
    label: messageKey('resources.publications.tabs.draft'),
    empty: messageKey('resources.publications.empty.draft'),
  },
] as const;

/** A status's name (a message key: translate it, the chip and the field showing it are not react-admin's choices). */
export const STATUS_NAMES: Record<number, MessageKey> = {
  1: 'resources.publications.status.published',
  2: 'resources.publications.status.draft',
  3: 'resources.publications.status.archived',
  4: 'resources.publications.status.declined',
  5: 'resources.publications.status.publishedNotActive',
};

/** The choices of the selects below: their names are message keys, which react-admin's SelectInput and SelectField translate. */
type Choice<Id> = { id: Id; name: MessageKey };

export const DEAL_CHOICES: Choice<string>[] = [
  { id: 'sale', name: 'resources.publications.choices.dealCategory.sale' },
  { id: 'rent', name: 'resources.publications.choices.dealCategory.rent' },
  { id: 'dailyRent', name: 'resources.publications.choices.dealCategory.dailyRent' },
];

export const PROPERTY_TYPE_CHOICES: Choice<number>[] = [
  { id: 1, name: 'resources.publications.choices.propertyType.flat' },
  { id: 2, name: 'resources.publications.choices.propertyType.house' },
  { id: 3, name: 'resources.publications.choices.propertyType.cottage' },
  { id: 4, name: 'resources.publications.choices.propertyType.townhouse' },
  { id: 5, name: 'resources.publications.choices.propertyType.garage' },
  { id: 6, name: 'resources.publications.choices.propertyType.land' },
  { id: 7, name: 'resources.publications.choices.propertyType.room' },
  { id: 11, name: 'resources.publications.choices.propertyType.office' },
  { id: 12, name: 'resources.publications.choices.propertyType.freeUse' },
  { id: 14, name: 'resources.publications.choices.propertyType.warehouse' },
];

/** Select characteristics, stored as these codes (api.md section 9, filter characteristics 100 and 102). */
export const BATHROOM_CHOICES: Choice<number>[] = [
  { id: 1, name: 'resources.publications.choices.bathroomType.combined' },
  { id: 2, name: 'resources.publications.choices.bathroomType.separate' },
  { id: 3, name: 'resources.publications.choices.bathroomType.several' },
];
export const REPAIR_CHOICES: Choice<number>[] = [
  { id: 1, name: 'resources.publications.choices.repairType.none' },
  { id: 2, name: 'resources.publications.choices.repairType.cosmetic' },
  { id: 3, name: 'resources.publications.choices.repairType.euro' },
  { id: 4, name: 'resources.publications.choices.repairType.designer' },
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
