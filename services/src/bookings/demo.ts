import { ROLES } from '@estate/events';
import { CATALOGUE, type CatalogueDocument } from '@estate/projections';
import type { AppContext } from '../core/context';
import { DEMO_CORRELATION } from '../core/demo';
import { acceptBooking } from './acceptBooking';
import { todayOf } from './dates';
import { requestBooking } from './requestBooking';

const DAY = 24 * 60 * 60_000;
/** the demo's facts tell nobody (the booking notices skip them); their chat messages are posted */
const demo = { correlationId: DEMO_CORRELATION };

/** Two requests from the demo user on the first agency's daily-rent listings: one accepted, one awaiting an answer. */
export async function seedDemoBookings(
  ctx: AppContext,
  guest: { userId: string; name: string; phone: string; email: string },
) {
  const publications = await ctx.readStore
    .collection<CatalogueDocument>(CATALOGUE)
    .find(
      { agencyId: 'demo-agency-1', dealCategory: 'dailyRent', status: 1 },
      { sort: { _id: 1 }, limit: 2 },
    );
  const day = (offset: number) => todayOf(new Date(ctx.clock().getTime() + offset * DAY));
  const owner = { userId: 'demo-owner-1', role: ROLES.AGENCY_OWNER, agencyId: 'demo-agency-1' };
  for (const [i, publication] of publications.entries()) {
    const guests = Math.min(2, publication.guestsCount ?? 1);
    const { requestId } = await requestBooking(
      ctx,
      guest.userId,
      publication._id,
      {
        name: guest.name,
        phone: guest.phone,
        email: guest.email,
        startDate: day(10 + i * 7),
        endDate: day(13 + i * 7),
        adultCount: guests,
        childCount: 0,
      },
      { meta: demo },
    );
    if (i === 0) await acceptBooking(ctx, owner, publication._id, requestId, { meta: demo });
  }
}
