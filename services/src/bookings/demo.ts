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

type DemoGuest = { userId: string; name: string; phone: string; email: string | null };

/**
 * Requests on an agency's published daily-rent listings (in the order of their ids, after `skip`),
 * the i-th guest's on the i-th listing, for three nights from `firstNight` days ahead and a week
 * later for each next one: the first accepted by the agency's owner, the rest awaiting an answer.
 */
async function requestDemoNights(
  ctx: AppContext,
  owner: { userId: string; agencyId: string },
  guests: DemoGuest[],
  { skip, firstNight }: { skip: number; firstNight: number },
) {
  const publications = await ctx.readStore
    .collection<CatalogueDocument>(CATALOGUE)
    .find(
      { agencyId: owner.agencyId, dealCategory: 'dailyRent', status: 1 },
      { sort: { _id: 1 }, skip, limit: guests.length },
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
        email: guest.email,
        startDate: day(firstNight + i * 7),
        endDate: day(firstNight + 3 + i * 7),
        adultCount: Math.min(2, publication.guestsCount ?? 1),
        childCount: 0,
      },
      { meta: demo },
    );
    if (i === 0) await acceptBooking(ctx, actor, publication._id, requestId, { meta: demo });
  }
}

/** Two requests from the demo user on the first agency's daily-rent listings: one accepted, one awaiting an answer. */
export async function seedDemoBookings(
  ctx: AppContext,
  guest: { userId: string; name: string; phone: string; email: string },
) {
  const owner = { userId: 'demo-owner-1', agencyId: 'demo-agency-1' };
  await requestDemoNights(ctx, owner, [guest, guest], { skip: 0, firstNight: 10 });
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
  await requestDemoNights(
    ctx,
    owner,
    guests.map((guest) => ({ ...guest, email: null })),
    { skip: 2, firstNight: 21 },
  );
}
