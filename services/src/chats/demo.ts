import { randomUUID } from 'node:crypto';
import { CATALOGUE, type CatalogueDocument } from '@estate/projections';
import type { AppContext } from '../core/context';
import { handleCommand } from '../core/decider';
import { DEMO_CORRELATION } from '../core/demo';
import { chatDecider, chatStream } from './chat';
import { chatStartOf } from './listing';

/** the demo's conversations: the visitor asks about a listing, its author answers */
const CONVERSATIONS: { from: 'visitor' | 'author'; text: string }[][] = [
  [
    { from: 'visitor', text: 'Здравствуйте! Квартира ещё продаётся?' },
    { from: 'author', text: 'Здравствуйте! Да, продаётся. Когда вам удобно посмотреть?' },
    { from: 'visitor', text: 'В субботу после обеда можно?' },
  ],
  [
    { from: 'visitor', text: 'Добрый день. Возможен ли торг?' },
    { from: 'author', text: 'Добрый день! Небольшой торг возможен при быстрой сделке.' },
  ],
];

/**
 * Two chats of the demo user about the first agency's listings for sale, written through the chat's
 * commands with the seed's correlation (they tell nobody); the booking requests' chats come with
 * the demo bookings.
 */
export async function seedDemoChats(ctx: AppContext, visitorId: string) {
  const listings = await ctx.readStore
    .collection<CatalogueDocument>(CATALOGUE)
    .find({ agencyId: 'demo-agency-1', dealCategory: 'sale', status: 1 }, { sort: { _id: 1 }, limit: 2 });
  for (const [i, listing] of listings.entries()) {
    const start = chatStartOf(listing, visitorId);
    const { chatId } = start;
    for (const [n, message] of CONVERSATIONS[i].entries()) {
      const authorId = message.from === 'visitor' ? visitorId : listing.authorId;
      await handleCommand(
        ctx.eventStore,
        chatStream(chatId),
        chatDecider,
        {
          type: 'SendMessage',
          chatId,
          messageId: randomUUID(),
          authorId,
          text: message.text,
          replyMessageIds: [],
          start: n === 0 ? start : null,
        },
        { actor: authorId, correlationId: DEMO_CORRELATION },
      );
    }
  }
}
