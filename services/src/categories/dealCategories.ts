import {
  PROPERTY_TYPE,
  PROPERTY_TYPES,
  propertyTypeById,
  type PropertyKind,
  type PropertyType,
} from './propertyTypes';

/** The deal of a path: the spec writes daily rent as daily-rent in paths and dailyRent in filters. */
export const DEALS = ['sale', 'rent', 'dailyRent', 'newBuildings'] as const;
export type Deal = (typeof DEALS)[number];
/** A Map, not an object: a deal named like an Object.prototype property (`constructor`, `__proto__`) must find nothing. */
export const DEAL_ALIASES: ReadonlyMap<string, Deal> = new Map([
  ['sale', 'sale'],
  ['rent', 'rent'],
  ['daily-rent', 'dailyRent'],
  ['dailyRent', 'dailyRent'],
  ['new-buildings', 'newBuildings'],
  ['newBuildings', 'newBuildings'],
]);
export const DEAL_NAMES: Record<Deal, string> = {
  sale: 'Продажа',
  rent: 'Аренда',
  dailyRent: 'Посуточно',
  newBuildings: 'Новостройки',
};

export type DealSubcategory = {
  name: string;
  cianName: string;
  /** null only for the 'all…' pseudo-category */
  propertyType: PropertyType | null;
  /** the deal a listing of this category is published under (new-build flats are sold or let) */
  dealCategory: 'sale' | 'rent' | 'dailyRent';
  isNewBuilding: boolean;
  /** what the filter form starts with: propertyType 1 (product.md section 3) */
  selected: boolean;
  kind: PropertyKind | null;
};

const suffix = { sale: 'Sale', rent: 'Rent', dailyRent: 'Rent' } as const;

function category(
  deal: 'sale' | 'rent' | 'dailyRent',
  propertyType: PropertyType,
  isNewBuilding = false,
): DealSubcategory {
  const info = propertyTypeById(propertyType)!;
  const stem = isNewBuilding
    ? 'newBuildingFlat'
    : deal === 'dailyRent'
      ? `daily${info.cianName[0].toUpperCase()}${info.cianName.slice(1)}`
      : info.cianName;
  const name = isNewBuilding ? 'Квартира в новостройке' : info.name;
  return {
    name,
    cianName: `${stem}${suffix[deal]}`,
    propertyType,
    dealCategory: deal,
    isNewBuilding,
    selected: propertyType === PROPERTY_TYPE.FLAT && !isNewBuilding,
    kind: info.kind,
  };
}

/** Selecting it deselects the others and vice versa (product.md section 3); the client does that. */
const allOf = (deal: Deal, name: string): DealSubcategory => ({
  name,
  cianName: `all${deal[0].toUpperCase()}${deal.slice(1)}`,
  propertyType: null,
  dealCategory: deal === 'newBuildings' ? 'sale' : deal,
  isNewBuilding: deal === 'newBuildings',
  selected: false,
  kind: null,
});

const every = (deal: 'sale' | 'rent') =>
  PROPERTY_TYPES.flatMap((t) =>
    t.id === PROPERTY_TYPE.FLAT ? [category(deal, t.id), category(deal, t.id, true)] : [category(deal, t.id)],
  );

export const DEAL_CATEGORIES: Record<Deal, DealSubcategory[]> = {
  sale: [allOf('sale', 'Вся недвижимость'), ...every('sale')],
  rent: [allOf('rent', 'Вся недвижимость'), ...every('rent')],
  dailyRent: [
    allOf('dailyRent', 'Все варианты'),
    category('dailyRent', PROPERTY_TYPE.FLAT),
    category('dailyRent', PROPERTY_TYPE.HOUSE),
  ],
  newBuildings: [
    allOf('newBuildings', 'Все квартиры в новостройках'),
    { ...category('sale', PROPERTY_TYPE.FLAT, true), selected: true },
    category('rent', PROPERTY_TYPE.FLAT, true),
  ],
};

/** A listing's category as its payload names it (product.md section 3: saleCategory, rentCategory, dailyRentCategory). */
export type PublicationCategory = { name: string; cianName: string; propertyType: PropertyType };

/**
 * The category a listing of this deal and property type stands in: a flat in a residential complex
 * is the new-build category of its deal. Null for a type the deal does not offer.
 */
export function categoryOfPublication(
  deal: 'sale' | 'rent' | 'dailyRent',
  propertyType: number,
  inResidentialComplex: boolean,
): PublicationCategory | null {
  const isNewBuilding = inResidentialComplex && propertyType === PROPERTY_TYPE.FLAT && deal !== 'dailyRent';
  const found = [...DEAL_CATEGORIES[deal], ...DEAL_CATEGORIES.newBuildings].find(
    (c) => c.dealCategory === deal && c.propertyType === propertyType && c.isNewBuilding === isNewBuilding,
  );
  return found && found.propertyType !== null
    ? { name: found.name, cianName: found.cianName, propertyType: found.propertyType }
    : null;
}
