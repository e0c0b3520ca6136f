/**
 * The bookings slice: daily-rent requests (`booking-<id>`), the listings' calendars
 * (`calendar-<publicationId>`), the use cases across them (accepting, cancelling) and the chat
 * messages, SMS and e-mails that follow. What other slices and the app may use of it is exported
 * here; nothing else of the folder is imported from outside.
 */
import { acceptBookingWorkflow } from './acceptBooking';
import { cancelBookingWorkflow } from './cancelBooking';

export { bookingRoutes } from './api';
/** the use cases across streams, for the background to resume after a crash */
export const bookingWorkflows = [acceptBookingWorkflow, cancelBookingWorkflow];
export { seedDemoBookings, seedDemoGuestBookings } from './demo';
export { bookingReactors } from './reactors';
/** a stay's dates are Moscow dates */
export { todayOf } from './dates';
export { requestBooking } from './requestBooking';
