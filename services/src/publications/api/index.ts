import { agencyRoutes } from './agency';
import { cabinetRoutes, moderationRoutes } from './cabinet';
import { publicRoutes } from './public';

/** Every publications route, in the order Express must see them (a fixed path before a parameter). */
export const publicationRoutes = [...publicRoutes, ...agencyRoutes, ...cabinetRoutes, ...moderationRoutes];
