import { agencyRoutes, type PromotionTariffOf } from './agency';
import { cabinetRoutes, moderationRoutes } from './cabinet';
import { publicRoutes } from './public';

/**
 * Every publications route, in the order Express must see them (a fixed path before a parameter).
 * The agency's and the cabinet's lists show the running tariff by money's price list, which the app hands in.
 */
export const publicationRoutes = (tariffOf: PromotionTariffOf) => [
  ...publicRoutes,
  ...agencyRoutes(tariffOf),
  ...cabinetRoutes(tariffOf),
  ...moderationRoutes,
];
