/**
 * The bookings slice: daily-rent requests (`booking-<id>`), the listings' calendars
 * (`calendar-<publicationId>`), the use cases across them (accepting, cancelling) and the chat
 * messages, SMS and e-mails that follow. What other slices and the app may use of it is exported
 * here; nothing else of the folder is imported from outside.
 */
import type { SliceManifest } from '../core/slice';
import { acceptBookingWorkflow } from './acceptBooking';
import { bookingRoutes } from './api';
import { cancelBookingWorkflow } from './cancelBooking';
import { bookingReactors } from './reactors';

export const bookingsSlice: SliceManifest = {
  name: 'bookings',
  routes: () => [{ at: 'api', routes: bookingRoutes }],
  reactors: bookingReactors,
  /** the use cases across streams, for the background to resume after a crash */
  workflows: [acceptBookingWorkflow, cancelBookingWorkflow],
};
export { seedDemoBookings, seedDemoGuestBookings } from './demo';
/** a stay's dates are Moscow dates */
export { todayOf } from './dates';
export { requestBooking } from './requestBooking';
