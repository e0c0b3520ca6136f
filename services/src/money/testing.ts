import type { PricedTariff, WalletCommand } from './wallet';

/** The moment and the tariffs of the wallet's specifications. */
export const AT = '2026-05-13T07:00:00.000Z';
export const placement: PricedTariff = { id: '1-1-sale', positionType: 1, sum: 20 };
export const highlight: PricedTariff = { id: '2-1-sale', positionType: 2, sum: 60 };
export const top: PricedTariff = { id: '3-1-sale', positionType: 3, sum: 180 };

/** The owner of agency-1 pays a day of placement for the listing «flat», now; `over` is what a spec is about. */
export const payTariff = (
  over: Partial<Extract<WalletCommand, { type: 'PayTariff' }>> = {},
): Extract<WalletCommand, { type: 'PayTariff' }> => ({
  type: 'PayTariff',
  agencyId: 'agency-1',
  publicationId: 'flat',
  chargeId: 'promotion-1:flat',
  tariff: placement,
  running: null,
  idempotencyKey: null,
  by: 'owner',
  at: AT,
  limit: null,
  ...over,
});
