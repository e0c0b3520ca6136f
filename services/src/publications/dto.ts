import { BATHROOM_TYPES, REPAIR_TYPES } from '@estate/events';
import type { CatalogueDocument } from '@estate/projections';

/** Russian names of property types (product.md section 3), by the numeric id the forms send. */
export const PROPERTY_TYPES: Record<number, string> = {
  1: 'Квартира',
  2: 'Дом, дача',
  3: 'Коттедж',
  4: 'Таунхаус',
  5: 'Гараж',
  6: 'Участок',
  7: 'Комната',
  8: 'Готовый бизнес',
  9: 'Здание',
  10: 'Коммерческая земля',
  11: 'Офис',
  12: 'Помещение свободного назначения',
  13: 'Производство',
  14: 'Склад',
  15: 'Торговая площадь',
};

const CHARACTERISTIC_NAMES = {
  totalArea: ['TotalArea', 'Общая площадь'],
  livingArea: ['LivingArea', 'Жилая площадь'],
  kitchenArea: ['KitchenArea', 'Площадь кухни'],
  floor: ['FloorNumber', 'Этаж'],
  floorsCount: ['FloorsCount', 'Этажей в доме'],
  roomCount: ['FlatRoomsCount', 'Количество комнат'],
  buildYear: ['BuildYear', 'Год постройки'],
  deposit: ['Deposit', 'Залог'],
  clientFee: ['ClientFee', 'Комиссия, %'],
  guestsCount: ['GuestsCount', 'Гостей'],
  ceilingHeight: ['CeilingHeight', 'Высота потолков, м'],
  bathroomType: ['BathroomType', 'Санузел'],
  repairType: ['RepairType', 'Ремонт'],
  hasBalcony: ['HasBalcony', 'Балкон или лоджия'],
  hasParking: ['HasParking', 'Парковка'],
  hasLift: ['HasLift', 'Лифт'],
  hasFurniture: ['HasFurniture', 'Мебель'],
  petsAllowed: ['PetsAllowed', 'Можно с животными'],
} as const;
type CharacteristicKey = keyof typeof CHARACTERISTIC_NAMES;
/** [key, field, Russian name], listed once rather than for every listing of every page */
const CHARACTERISTICS = Object.entries(CHARACTERISTIC_NAMES).map(
  ([key, [field, name]]) => [key as CharacteristicKey, field, name] as const,
);

/** The option a select or yes/no characteristic shows (characteristicSelectValue); numbers show themselves. */
const SELECT_NAMES: Partial<Record<CharacteristicKey, Record<number, string>>> = {
  bathroomType: BATHROOM_TYPES,
  repairType: REPAIR_TYPES,
};
const YES_NO: Record<number, string> = { 1: 'Да', 0: 'Нет' };

/** The publication as the public API and the cabinet show it (spec: product.md section 3, Publication). */
export function toPublicationDto(doc: CatalogueDocument, options: { isTop?: boolean } = {}) {
  const characteristics = [];
  for (const [key, characteristicField, characteristicFieldName] of CHARACTERISTICS) {
    const stored = doc[key] as number | boolean | null | undefined;
    if (stored == null) continue;
    // yes/no is shown as the filter's radio value: 1 Да, 0 Нет
    const value = typeof stored === 'boolean' ? Number(stored) : stored;
    const options = typeof stored === 'boolean' ? YES_NO : SELECT_NAMES[key];
    characteristics.push({
      characteristicField,
      characteristicFieldName,
      value,
      ...(options ? { characteristicSelectValue: options[value] ?? null } : {}),
    });
  }
  const told = <K extends CharacteristicKey>(key: K) => doc[key] ?? null;
  return {
    id: doc._id,
    status: doc.status,
    dealCategory: doc.dealCategory,
    propertyType: doc.propertyType,
    propertyTypeName: PROPERTY_TYPES[doc.propertyType] ?? 'Объект',
    title: doc.title,
    description: doc.description,
    price: doc.price,
    actualPrice: doc.actualPrice,
    pricePerDay: doc.dealCategory === 'dailyRent' ? doc.price : null,
    deposit: doc.deposit,
    clientFee: doc.clientFee,
    roomCount: doc.roomCount,
    totalArea: doc.totalArea,
    livingArea: doc.livingArea,
    kitchenArea: doc.kitchenArea,
    floor: doc.floor,
    floorsCount: doc.floorsCount,
    buildYear: doc.buildYear,
    guestsCount: doc.guestsCount,
    ceilingHeight: told('ceilingHeight'),
    bathroomType: told('bathroomType'),
    repairType: told('repairType'),
    hasBalcony: told('hasBalcony'),
    hasParking: told('hasParking'),
    hasLift: told('hasLift'),
    hasFurniture: told('hasFurniture'),
    petsAllowed: told('petsAllowed'),
    images: doc.images,
    locationId: doc.locationId,
    address: doc.address,
    /** a new-build flat: its residential complex and the year the complex is handed over */
    residentialComplexId: doc.residentialComplexId,
    deadlineYear: doc.deadlineYear ?? null,
    characteristics,
    /** no phone: it is shown only by the reveal call (`POST /api/publications/{id}/phone-view`), which counts it for the agency */
    author: { id: doc.author.id, name: doc.author.name, avatar: doc.author.avatar },
    agency: doc.agency,
    isTop: options.isTop ?? false,
    /** the moderator's reason, while declined (only staff ever see a declined listing) */
    declineReason: doc.status === 4 ? doc.declineReason : null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    publishedAt: doc.publishedAt,
  };
}
export type PublicationDto = ReturnType<typeof toPublicationDto>;
