import { actionRoutes } from './actions';
import { calendarRoutes } from './calendar';
import { listRoutes } from './lists';
import { requestRoutes } from './requests';

/**
 * Every daily-rent booking call, one declaration each (core/route.ts), by use case: the lists, a
 * guest's request and the request's own page, what the host and the guest do with a request, and
 * the listing's calendar with its iCal feed. In this order: Express tries them as listed.
 */
export const bookingRoutes = [...listRoutes, ...requestRoutes, ...calendarRoutes, ...actionRoutes];
