/**
 * Property types (product.md section 3) by the numeric id listings store. Ids 1 (flat) and 2
 * (house/dacha) are used by stored listings; the others are the ids the cabinet form sends.
 */
export const PROPERTY_TYPE = {
  FLAT: 1,
  HOUSE: 2,
  COTTAGE: 3,
  TOWNHOUSE: 4,
  GARAGE: 5,
  LAND: 6,
  ROOM: 7,
  BUSINESS: 8,
  BUILDING: 9,
  COMMERCIAL_LAND: 10,
  OFFICE: 11,
  FREE_PURPOSE: 12,
  INDUSTRY: 13,
  WAREHOUSE: 14,
  SHOPPING_AREA: 15,
} as const;
export type PropertyType = (typeof PROPERTY_TYPE)[keyof typeof PROPERTY_TYPE];

/** Which characteristics make sense for a property: a garage has no rooms, land no floors. */
export type PropertyKind = 'flat' | 'room' | 'house' | 'land' | 'garage' | 'commercial';

type PropertyTypeInfo = { id: PropertyType; name: string; cianName: string; kind: PropertyKind };

const type = (id: PropertyType, name: string, cianName: string, kind: PropertyKind): PropertyTypeInfo => ({
  id,
  name,
  cianName,
  kind,
});

/** cianName is the category's stem: `flat` + `Sale` = flatSale, as the CIAN feed names them. */
export const PROPERTY_TYPES: PropertyTypeInfo[] = [
  type(PROPERTY_TYPE.FLAT, 'Квартира', 'flat', 'flat'),
  type(PROPERTY_TYPE.HOUSE, 'Дом, дача', 'house', 'house'),
  type(PROPERTY_TYPE.COTTAGE, 'Коттедж', 'cottage', 'house'),
  type(PROPERTY_TYPE.TOWNHOUSE, 'Таунхаус', 'townhouse', 'house'),
  type(PROPERTY_TYPE.GARAGE, 'Гараж', 'garage', 'garage'),
  type(PROPERTY_TYPE.LAND, 'Участок', 'land', 'land'),
  type(PROPERTY_TYPE.ROOM, 'Комната', 'room', 'room'),
  type(PROPERTY_TYPE.BUSINESS, 'Готовый бизнес', 'business', 'commercial'),
  type(PROPERTY_TYPE.BUILDING, 'Здание', 'building', 'commercial'),
  type(PROPERTY_TYPE.COMMERCIAL_LAND, 'Коммерческая земля', 'commercialLand', 'land'),
  type(PROPERTY_TYPE.OFFICE, 'Офис', 'office', 'commercial'),
  type(PROPERTY_TYPE.FREE_PURPOSE, 'Помещение свободного назначения', 'freeAppointmentObject', 'commercial'),
  type(PROPERTY_TYPE.INDUSTRY, 'Производство', 'industry', 'commercial'),
  type(PROPERTY_TYPE.WAREHOUSE, 'Склад', 'warehouse', 'commercial'),
  type(PROPERTY_TYPE.SHOPPING_AREA, 'Торговая площадь', 'shoppingArea', 'commercial'),
];

export const propertyTypeById = (id: number) => PROPERTY_TYPES.find((t) => t.id === id) ?? null;
