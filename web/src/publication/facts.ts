import { formatNumber, UNIT_SEPARATOR } from '@estate/client';
import type { Publication } from '../api/types';

/** 'Лучшие': a listing in a top place (promoted, or taken as a top one by the search it came from). */
export const isBest = (p: Publication) => p.isTop || p.adsType !== null;

/** The price of a square metre (sale and rent, with the total area known), as «123 456 ₽/м²». */
export function pricePerMetre(p: Publication): string | null {
  if (p.dealCategory === 'dailyRent' || !p.totalArea || p.totalArea <= 0) return null;
  return `${formatNumber(Math.round(p.price / p.totalArea))}${UNIT_SEPARATOR}₽/м²`;
}
