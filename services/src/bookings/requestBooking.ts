import { randomUUID } from 'node:crypto';
import type { CatalogueDocument } from '@estate/projections';
import type { AppContext } from '../core/context';
import type { CommandContext } from '../core/decider';
import { DomainError } from '../core/errors';
import { chatIdOf } from '../chats';
import { hashToken } from '../identity';
import { isOpen } from './booking';
import { bookingOf, dailyRentPublication, isFree, runBooking } from './commands';
import { nightsBetween, todayOf } from './dates';
import { guestKeyOf } from './guestLinks';
import { derivedId } from '../core/ids';

export type BookingInput = {
  name: string;
  phone: string;
  email: string | null;
  startDate: string;
  endDate: string;
  adultCount: number;
  childCount: number;
};

/** How many times one phone may ask one listing for the same nights again after a refusal or a cancellation. */
const MAX_REQUESTS_PER_ASKING = 20;

/**
 * The id of the n-th request of a phone for a listing's nights: derived, not drawn, so the same
 * asking lands on the same `booking-<id>` stream, where the decider answers an open request again
 * instead of recording a second one. After it closes, the next asking goes to the next id.
 */
export function requestIdFor(
  publicationId: string,
  phone: string,
  startDate: string,
  endDate: string,
  n: number,
): string {
  return derivedId('booking', publicationId, phone, startDate, endDate, String(n));
}

export type RequestOutcome = { requestId: string; created: boolean; guestKey: string | null };

/**
 * A guest's request: one append on the request's own stream. The same listing, nights and phone
 * while an earlier request is open is that request again: nothing recorded, nobody told
 * (`created: false`). `beforeNew` runs only when a new request is about to be recorded (its
 * limits). A guest without an account gets a key to the request's own page; only its hash is
 * recorded. The request carries what the booking lists show of the listing (its snapshot), so the
 * bookings read model is built from the request alone. The chat message, the host's SMS and e-mail and the guest's link by SMS follow
 * `BookingRequested` (reactors.ts).
 */
export async function requestBooking(
  ctx: AppContext,
  guestUserId: string | null,
  publicationId: string,
  input: BookingInput,
  {
    beforeNew = () => Promise.resolve(),
    meta = {},
  }: {
    /** before a new request is recorded (the limits that count new requests only) */
    beforeNew?: () => Promise<void>;
    /** the demo's correlation, for one */
    meta?: CommandContext;
  } = {},
): Promise<RequestOutcome> {
  const publication = await dailyRentPublication(ctx, publicationId);
  const today = todayOf(ctx.clock());
  if (input.startDate < today)
    throw new DomainError('INVALID_DATA', undefined, { startDate: ['Дата заезда уже прошла'] });
  if (input.endDate <= input.startDate)
    throw new DomainError('INVALID_DATA', undefined, {
      endDate: ['Дата выезда должна быть позже даты заезда'],
    });
  const maxGuests = publication.guestsCount ?? 1;
  if (input.adultCount + input.childCount > maxGuests)
    throw new DomainError('INVALID_DATA', undefined, { adultCount: [`Не больше ${maxGuests} гостей`] });
  for (let n = 0; n < MAX_REQUESTS_PER_ASKING; n++) {
    const requestId = requestIdFor(publicationId, input.phone, input.startDate, input.endDate, n);
    const current = await bookingOf(ctx, requestId);
    if (current.exists && !isOpen(current.status)) continue; // closed: the guest may ask again, under the next id
    if (current.exists) return { requestId, created: false, guestKey: null };
    await beforeNew();
    if (!(await isFree(ctx, publicationId, input.startDate, input.endDate)))
      throw new DomainError('DATES_UNAVAILABLE');
    const nights = nightsBetween(input.startDate, input.endDate);
    const guestKey = guestUserId ? null : guestKeyOf(ctx.config, requestId);
    const result = await runBooking(
      ctx,
      requestId,
      {
        type: 'RequestBooking',
        requestId,
        publicationId,
        agencyId: publication.agencyId,
        authorId: publication.authorId,
        guest: { userId: guestUserId, name: input.name, phone: input.phone, email: input.email },
        startDate: input.startDate,
        endDate: input.endDate,
        adultCount: input.adultCount,
        childCount: input.childCount,
        nights,
        price: publication.price * nights,
        deposit: publication.deposit,
        // a guest with an account talks about the listing in one chat, the booking's steps included
        chatId: guestUserId ? chatIdOf(publicationId, guestUserId) : randomUUID(),
        guestKeyHash: guestKey ? hashToken(guestKey) : null,
        listing: {
          title: publication.title,
          // the card size of the first photo the site shows (a drawing of the demo has no sizes)
          image: shownImageOf(publication.images),
          fullAddress: publication.address.fullAddress,
          pricePerNight: publication.price,
        },
      },
      { actor: guestUserId ?? 'guest', ...meta },
    );
    await ctx.projections.whenCaughtUp(result.position);
    // none recorded: the same asking sent at the same moment, which the other call recorded
    if (result.events.length === 0) return { requestId, created: false, guestKey: null };
    return { requestId, created: true, guestKey };
  }
  throw new DomainError('ACTION_NOT_ALLOWED', 'Слишком много заявок на эти даты с этого номера');
}

/** The list's picture of a listing: the card size of its first photo with sizes made, or its first drawing. */
function shownImageOf(images: CatalogueDocument['images']): string | null {
  for (const image of images) {
    if (image.variants) return image.variants.card.jpg;
    if (image.path.startsWith('/storage/demo/')) return image.path;
  }
  return null;
}
