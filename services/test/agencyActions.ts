import type { EventData } from '@estate/events';
import { handleAgency } from '../src/agencies/agency';
import { type bookingDecider, handleBooking } from '../src/bookings/booking';
import { type calendarDecider, handleCalendar } from '../src/bookings/calendar';
import { type chatDecider, handleChat } from '../src/chats/chat';
import type { Actor } from '../src/core/access';
import type { AppContext } from '../src/core/context';
import { registerUser } from '../src/identity/registration';
import { handlePhoto } from '../src/media';
import { type walletDecider, handleWallet } from '../src/money';
import { type publicationDecider, handlePublication } from '../src/publications';

/**
 * The agency's commands that the audit test runs straight through their deciders, with the actor a
 * request would give them: those whose HTTP calls need a provider, a file or a guest's phone check.
 */
export function agencyActions(ctx: AppContext, agencyId: string) {
  const as = (actor: string) => ({ actor });
  return {
    registerAgency: (owner: Actor, name: string) =>
      handleAgency(
        ctx.eventStore,
        agencyId,
        { type: 'RegisterAgency', agencyId, name, ownerId: owner.userId },
        as(owner.userId),
      ),
    changeAvatar: (owner: Actor) =>
      handleAgency(
        ctx.eventStore,
        agencyId,
        { type: 'ChangeAvatar', actor: owner, avatar: `/storage/agencies/${agencyId}/logo.png` },
        as(owner.userId),
      ),
    uploadPhoto: (by: Actor) =>
      handlePhoto(
        ctx.eventStore,
        [agencyId, 'a'.repeat(24)],
        {
          type: 'RecordUpload',
          photoId: 'a'.repeat(24),
          agencyId,
          path: `/storage/agencies/${agencyId}/photos/${'a'.repeat(24)}.jpg`,
          width: 1200,
          height: 800,
          uploadedBy: by.userId,
        },
        as(by.userId),
      ),
    wallet: (command: Parameters<typeof walletDecider.decide>[0], actor: string) =>
      handleWallet(ctx.eventStore, agencyId, command, as(actor)),
    publication: (id: string, command: Parameters<typeof publicationDecider.decide>[0], actor: string) =>
      handlePublication(ctx.eventStore, id, command, as(actor)),
    booking: (id: string, command: Parameters<typeof bookingDecider.decide>[0], actor: string) =>
      handleBooking(ctx.eventStore, id, command, as(actor)),
    calendar: (publicationId: string, command: Parameters<typeof calendarDecider.decide>[0], actor: string) =>
      handleCalendar(ctx.eventStore, publicationId, command, as(actor)),
    chat: (chatId: string, command: Parameters<typeof chatDecider.decide>[0], actor: string) =>
      handleChat(ctx.eventStore, chatId, command, as(actor)),
  };
}

export type BookingRequest = EventData<'BookingRequested'>;

/** A person registered as the product does (an agency's people join it by their role and agency). */
export const registerPerson = (
  ctx: AppContext,
  userId: string,
  name: string,
  phone: string,
  role: 1 | 2 | 3,
  agencyId: string | null,
) => registerUser(ctx, { type: 'RegisterUser', userId, name, phone, email: null, role, agencyId });
