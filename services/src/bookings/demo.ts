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

/**
 * The demo buyers' requests on an agency's daily-rent listings (after the two the demo user asks
 * for), for nights three to five weeks ahead: the first accepted by the agency's owner, the next
 * awaiting an answer. With the seed's correlation: nobody is told; the chats get their steps. A
 * request's own date is the seed's (its event's), so the funnel counts it on the seed's day.
 */
export async function seedDemoGuestBookings(
  ctx: AppContext,
  owner: { userId: string; agencyId: string },
  guests: { userId: string; name: string; phone: string }[],
) {
  const publications = await ctx.readStore
    .collection<CatalogueDocument>(CATALOGUE)
    .find(
      { agencyId: owner.agencyId, dealCategory: 'dailyRent', status: 1 },
      { sort: { _id: 1 }, skip: 2, limit: guests.length },
    );
  const day = (offset: number) => todayOf(new Date(ctx.clock().getTime() + offset * DAY));
  const actor = { userId: owner.userId, role: ROLES.AGENCY_OWNER, agencyId: owner.agencyId };
  for (const [i, publication] of publications.entries()) {
    const guest = guests[i];
    const { requestId } = await requestBooking(
      ctx,
      guest.userId,
      publication._id,
      {
        name: guest.name,
        phone: guest.phone,
        email: null,
        startDate: day(21 + i * 7),
        endDate: day(24 + i * 7),
        adultCount: Math.min(2, publication.guestsCount ?? 1),
        childCount: 0,
      },
      { meta: demo },
    );
    if (i === 0) await acceptBooking(ctx, actor, publication._id, requestId, { meta: demo });
  }
}
