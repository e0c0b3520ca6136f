/**
 * A process that records booking facts and dies before anything follows them (test/faults/
 * bookingNotices.int.spec.ts starts it): it opens the data folder as the single process does (ROLE=all,
 * embedded adapters), stops its reactors — "after the append and before any reaction" — records a
 * guest's request, the host's acceptance, a rejection and a cancellation through the slice's use
 * cases, prints what it recorded, and is killed with SIGKILL (no shutdown, nothing flushed).
 */
import { ROLES } from '@estate/events';
import { buildContext } from '../../services/src/bootstrap';
import { loadConfig } from '../../services/src/core/config';
import { createLogger } from '../../services/src/core/logger';
import type { ReactorRunner } from '../../services/src/core/reactors/reactor';
import { registerUser } from '../../services/src/identity';
import { acceptBooking } from '../../services/src/bookings/acceptBooking';
import { cancelBookingByLink } from '../../services/src/bookings/cancelBooking';
import { rejectBooking } from '../../services/src/bookings/commands';
import { requestBooking } from '../../services/src/bookings';
import { createAgency, createPublication } from '../../services/test/publications';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function main() {
  const ctx = await buildContext(loadConfig(), createLogger('silent'));
  await createAgency(ctx, 'fault', '88');
  const host = { userId: 'host-fault', role: ROLES.AGENT, agencyId: 'agency-fault' };
  await registerUser(ctx, {
    type: 'RegisterUser',
    userId: host.userId,
    name: 'Анна',
    phone: process.env.HOST_PHONE!,
    email: process.env.HOST_EMAIL!,
    role: ROLES.AGENT,
    agencyId: host.agencyId,
  });
  await createPublication(ctx, host, {
    id: 'dacha',
    deal: 'dailyRent',
    price: 2_000,
    guests: 2,
    publishedDaysAgo: 3,
  });
  // the reactors had started from the head of the log; from here on nothing follows the facts
  await (ctx.reactors as ReactorRunner).stop();
  const asking = (from: number, to: number) => ({
    name: 'Ольга',
    phone: process.env.GUEST_PHONE!,
    email: process.env.GUEST_EMAIL!,
    startDate: day(from),
    endDate: day(to),
    adultCount: 1,
    childCount: 0,
  });
  const accepted = await requestBooking(ctx, null, 'dacha', asking(10, 12));
  await acceptBooking(ctx, host, 'dacha', accepted.requestId);
  const rejected = await requestBooking(ctx, null, 'dacha', asking(20, 21));
  await rejectBooking(ctx, host, rejected.requestId, 'Ремонт');
  const cancelled = await requestBooking(ctx, null, 'dacha', asking(30, 31));
  await cancelBookingByLink(ctx, cancelled.requestId, cancelled.guestKey!, 'Поменялись планы');
  process.stdout.write(`${JSON.stringify({ accepted, rejected, cancelled })}\n`, () =>
    process.kill(process.pid, 'SIGKILL'),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
