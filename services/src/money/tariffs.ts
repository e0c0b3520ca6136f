import { CITIES, cityOf, findLocation } from '../locations';

/** product.md: premium subscription cards — monthly, six months and a year (the spec's sample values). */
export const PREMIUM_TARIFFS = [
  { id: 'month', duration: 1, price: 5_000, priceBenefit: 20 },
  { id: 'half-year', duration: 6, price: 24_996, priceBenefit: 17 },
  { id: 'year', duration: 12, price: 48_000, priceBenefit: 15 },
] as const;

/** Promotion position types: 1 placement, 2 highlighted, 3 top — the higher, the earlier among the top places. */
const POSITIONS = {
  1: {
    title: 'Размещение',
    base: 10,
    advantages: ['Объявление в каталоге', 'Статистика просмотров'],
    iconPath: '/storage/demo/tariff-1.svg',
  },
  2: {
    title: 'Выделение',
    base: 30,
    advantages: ['Выделение цветом', 'Место среди лучших', 'Статистика просмотров'],
    iconPath: '/storage/demo/tariff-2.svg',
  },
  3: {
    title: 'Топ',
    base: 90,
    advantages: ['Первое место в выдаче', 'Место среди лучших', 'Выделение цветом'],
    iconPath: '/storage/demo/tariff-3.svg',
  },
} as const;
/** Prices follow demand: the capitals cost more, daily rent less (it turns over faster). */
const CITY_FACTOR: Record<string, number> = { '1': 2, '2': 1.5 };
const DEAL_FACTOR: Record<string, number> = { sale: 1, rent: 0.8, dailyRent: 0.5, 'new-buildings': 1.2 };

export type PublicationTariff = {
  id: string;
  title: string;
  positionType: 1 | 2 | 3;
  pricePerDay: number;
  descriptionList: string[];
  advantages: string[];
  iconPath: string;
};

/** The catalogue city whose prices a place pays: a district or settlement pays its city's; '0' elsewhere. */
function tariffCity(locationId: string): string {
  const location = findLocation(locationId);
  const city = location ? cityOf(location) : null;
  return city && CITIES.some((c) => c.id === city.id) ? city.id : '0';
}

/** "Placement from 10 rubles per day": a tariff id names its position, city and deal, so paying by id needs no lookup table. */
export function publicationTariffs(
  locationId: string,
  dealCategory: string,
  positionTypes: (1 | 2 | 3)[] = [1, 2, 3],
): PublicationTariff[] {
  const city = tariffCity(locationId);
  return positionTypes.map((positionType) => {
    const position = POSITIONS[positionType];
    const pricePerDay = Math.max(
      10,
      Math.round(position.base * (CITY_FACTOR[city] ?? 1) * (DEAL_FACTOR[dealCategory] ?? 1)),
    );
    return {
      id: `${positionType}-${city}-${dealCategory}`,
      title: position.title,
      positionType,
      pricePerDay,
      descriptionList: [...position.advantages],
      advantages: [...position.advantages],
      iconPath: position.iconPath,
    };
  });
}

export function findPublicationTariff(tariffId: string): PublicationTariff | null {
  const match = /^([123])-(\d+)-(sale|rent|dailyRent|new-buildings)$/.exec(tariffId);
  if (!match) return null;
  return publicationTariffs(match[2], match[3], [Number(match[1]) as 1 | 2 | 3])[0];
}

/** What a listing's promotion is priced by: its deal, and for a flat of a residential complex on sale, the new-builds' prices. */
export function tariffDealOf(publication: {
  dealCategory: string;
  residentialComplexId: string | null;
}): string {
  return publication.residentialComplexId && publication.dealCategory === 'sale'
    ? 'new-buildings'
    : publication.dealCategory;
}

/**
 * The listing's own tariffs: priced by the city its place lies in and by its deal, never by what a
 * tariff id says (an id naming another city or deal is refused by the payment).
 */
export function tariffsOfPublication(publication: {
  locationId: string;
  dealCategory: string;
  residentialComplexId: string | null;
}): PublicationTariff[] {
  return publicationTariffs(publication.locationId, tariffDealOf(publication));
}

/** The listing's running promotion as the agency list shows it: the position, its name, icon and the listing's price per day. */
export function adTariffOf(publication: {
  locationId: string;
  dealCategory: string;
  residentialComplexId: string | null;
  promotion: { positionType: 1 | 2 | 3; until: string; tariffId?: string } | null;
}) {
  const { promotion } = publication;
  if (!promotion) return null;
  const tariff = tariffsOfPublication(publication).find((t) => t.positionType === promotion.positionType)!;
  return {
    positionType: promotion.positionType,
    tariffId: promotion.tariffId ?? null,
    until: promotion.until,
    title: tariff.title,
    iconPath: tariff.iconPath,
    pricePerDay: tariff.pricePerDay,
  };
}
