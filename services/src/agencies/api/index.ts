import { confirmRoutes } from './confirm';
import { employeeRoutes } from './employees';
import { moderationRoutes } from './moderation';
import { profileRoutes } from './profile';
import { realtorRequestRoutes } from './realtorRequest';

/**
 * Every agencies call, one declaration each (core/route.ts), by use case: a user's realtor request,
 * its confirmation into an agency, the moderator's decision on it; the agency's profile and logo,
 * its employees.
 */
export const realtorRoutes = [...realtorRequestRoutes, ...confirmRoutes, ...moderationRoutes];
export const agencyRoutes = [...profileRoutes, ...employeeRoutes];
