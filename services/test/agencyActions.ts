import type { EventData } from '@estate/events';
import { agencyDecider, agencyStream } from '../src/agencies/agency';
import { bookingDecider, bookingStream } from '../src/bookings/booking';
import { calendarDecider, calendarStream } from '../src/bookings/calendar';
import { chatDecider, chatStream } from '../src/chats/chat';
import type { Actor } from '../src/core/access';
import type { AppContext } from '../src/core/context';
import { handleCommand } from '../src/core/decider';
import { registerUser } from '../src/identity/registration';
import { photoDecider, photoStream } from '../src/media';
import { walletDecider, walletStream } from '../src/money';
import { publicationDecider, publicationStream } from '../src/publications';

/**
 * The agency's commands that the audit test runs straight through their deciders, with the actor a
 * request would give them: those whose HTTP calls need a provider, a file or a guest's phone check.
 */
export function agencyActions(ctx: AppContext, agencyId: string) {
  const as = (actor: string) => ({ actor });
  return {
    registerAgency: (owner: Actor, name: string) =>
      handleCommand(
        ctx.eventStore,
        agencyStream(agencyId),
        agencyDecider,
        { type: 'RegisterAgency', agencyId, name, ownerId: owner.userId },
        as(owner.userId),
      ),
    changeAvatar: (owner: Actor) =>
      handleCommand(
        ctx.eventStore,
        agencyStream(agencyId),
        agencyDecider,
        { type: 'ChangeAvatar', actor: owner, avatar: `/storage/agencies/${agencyId}/logo.png` },
        as(owner.userId),
      ),
    uploadPhoto: (by: Actor) =>
      handleCommand(
        ctx.eventStore,
        photoStream(agencyId, 'a'.repeat(24)),
        photoDecider,
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
      handleCommand(ctx.eventStore, walletStream(agencyId), walletDecider, command, as(actor)),
    publication: (id: string, command: Parameters<typeof publicationDecider.decide>[0], actor: string) =>
      handleCommand(ctx.eventStore, publicationStream(id), publicationDecider, command, as(actor)),
    booking: (id: string, command: Parameters<typeof bookingDecider.decide>[0], actor: string) =>
      handleCommand(ctx.eventStore, bookingStream(id), bookingDecider, command, as(actor)),
    calendar: (publicationId: string, command: Parameters<typeof calendarDecider.decide>[0], actor: string) =>
      handleCommand(ctx.eventStore, calendarStream(publicationId), calendarDecider, command, as(actor)),
    chat: (chatId: string, command: Parameters<typeof chatDecider.decide>[0], actor: string) =>
      handleCommand(ctx.eventStore, chatStream(chatId), chatDecider, command, as(actor)),
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
