import { BATHROOM_TYPES, REPAIR_TYPES } from '@estate/events';
import type { CatalogueDocument } from '@estate/projections';
import { categoryOfPublication, propertyTypeById } from '../categories';
import type { PublicationDto } from './dto';

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

/** Characteristics the card puts first (newCharacteristics' isBest): rooms, area and floor; guests for daily rent. */
const BEST = new Set(['FlatRoomsCount', 'TotalArea', 'FloorData', 'GuestsCount']);
/** Values in roubles: the client writes ' ₽' after them (newCharacteristics' showCurrency). */
const IN_ROUBLES = new Set(['Deposit', 'Price', 'PricePerDay']);
const NBSP = '\u00a0';
/** made once per precision: making an Intl.NumberFormat costs a hundred times its format, and a page formats hundreds of values */
const formats = new Map<number, Intl.NumberFormat>();
const number = (value: number, digits = 0) => {
  let format = formats.get(digits);
  if (!format)
    formats.set(digits, (format = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: digits })));
  return format.format(value).replace(/\s/g, '\u202f');
};
/** How a characteristic's value reads (newCharacteristics' characteristicValue), without the currency. */
const VALUE_TEXT: Record<string, (value: number) => string> = {
  TotalArea: (v) => `${number(v, 1)}${NBSP}м²`,
  LivingArea: (v) => `${number(v, 1)}${NBSP}м²`,
  KitchenArea: (v) => `${number(v, 1)}${NBSP}м²`,
  CeilingHeight: (v) => `${number(v, 2)}${NBSP}м`,
  BuildYear: (v) => String(v),
  FlatRoomsCount: (v) => (v === 0 ? 'Студия' : String(v)),
  ClientFee: (v) => `${number(v, 1)}${NBSP}%`,
};

type Characteristic = PublicationDto['characteristics'][number];

/**
 * The characteristics in the spec's second shape (product.md section 3, newCharacteristics): each
 * with its value as text, whether the card puts it first, whether it is an amount in roubles; the
 * price (a night's price for daily rent) and the floor as 'этаж из этажей' (FloorData) join them.
 */
function newCharacteristicsOf(doc: CatalogueDocument, characteristics: Characteristic[]) {
  const extra: Characteristic[] = [
    doc.dealCategory === 'dailyRent'
      ? { characteristicField: 'PricePerDay', characteristicFieldName: 'Цена за сутки', value: doc.price }
      : { characteristicField: 'Price', characteristicFieldName: 'Цена', value: doc.price },
  ];
  const all = [...characteristics, ...extra];
  // each field named, not spread: spreading characteristics of two shapes took most of a page's answer
  const rows = all.map((c) => ({
    characteristicField: c.characteristicField,
    characteristicFieldName: c.characteristicFieldName,
    value: c.value,
    characteristicSelectValue: c.characteristicSelectValue ?? null,
    characteristicValue:
      c.characteristicSelectValue ??
      (VALUE_TEXT[c.characteristicField] ?? ((v: number) => number(v, 2)))(c.value),
    isBest: BEST.has(c.characteristicField),
    showCurrency: IN_ROUBLES.has(c.characteristicField),
  }));
  if (doc.floor != null)
    rows.push({
      characteristicField: 'FloorData',
      characteristicFieldName: 'Этаж',
      value: doc.floor,
      characteristicSelectValue: null,
      characteristicValue: doc.floorsCount ? `${doc.floor} из ${doc.floorsCount}` : String(doc.floor),
      isBest: true,
      showCurrency: false,
    });
  return rows;
}

/** The publication as the public API and the cabinet show it (spec: product.md section 3, Publication). */
/** The seed's drawings: no upload, so no sizes, and always shown. */
const DEMO_DRAWING = /^\/storage\/demo\//;

/**
 * The photos a reader sees: the site only those whose sizes are made (a photo still being resized
 * would load the whole original), the agency's staff every one, to arrange them while they are made.
 */
const photosFor = (images: CatalogueDocument['images'], allPhotos: boolean) =>
  (images ?? []).flatMap((image) => {
    const variants = image.variants ?? null;
    return allPhotos || variants || DEMO_DRAWING.test(image.path) ? [{ path: image.path, variants }] : [];
  });

/**
 * A listing as the API answers it. `allPhotos`: the cabinet's reads, which show photos whose sizes
 * are still being made.
 */
export function toPublicationDto(
  doc: CatalogueDocument,
  options: { isTop?: boolean; allPhotos?: boolean } = {},
): PublicationDto {
  const characteristics: Characteristic[] = [];
  for (const [key, characteristicField, characteristicFieldName] of CHARACTERISTICS) {
    const stored = doc[key];
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
  const category = categoryOfPublication(
    doc.dealCategory,
    doc.propertyType,
    doc.residentialComplexId !== null,
  );
  return {
    id: doc._id,
    status: doc.status,
    dealCategory: doc.dealCategory,
    propertyType: doc.propertyType,
    propertyTypeName: propertyTypeById(doc.propertyType)?.name ?? 'Объект',
    saleCategory: doc.dealCategory === 'sale' ? category : null,
    rentCategory: doc.dealCategory === 'rent' ? category : null,
    dailyRentCategory: doc.dealCategory === 'dailyRent' ? category : null,
    adsType: doc.promotion?.positionType ?? null,
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
    images: photosFor(doc.images, options.allPhotos ?? false),
    locationId: doc.locationId,
    address: doc.address,
    residentialComplexId: doc.residentialComplexId,
    deadlineYear: doc.deadlineYear ?? null,
    characteristics,
    newCharacteristics: newCharacteristicsOf(doc, characteristics),
    author: { id: doc.author.id, name: doc.author.name, avatar: doc.author.avatar },
    agency: doc.agency,
    isTop: options.isTop ?? false,
    declineReason: doc.status === 4 ? doc.declineReason : null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    publishedAt: doc.publishedAt,
  };
}

// the JSON of a listing as a card shows it, per stored document: the embedded read store's documents
// are frozen and replaced on every change, so a document object is its version (MongoDB's are read
// afresh, not frozen, and are not kept)
const cardJson = [new WeakMap<CatalogueDocument, string>(), new WeakMap<CatalogueDocument, string>()];

/** `JSON.stringify(toPublicationDto(doc, { isTop }))`, made once per stored version of the document. */
export function publicationJson(doc: CatalogueDocument, isTop = false): string {
  const kept = cardJson[isTop ? 1 : 0];
  let text = kept.get(doc);
  if (text === undefined) {
    text = JSON.stringify(toPublicationDto(doc, { isTop }));
    if (Object.isFrozen(doc)) kept.set(doc, text);
  }
  return text;
}
