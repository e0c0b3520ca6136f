import { randomUUID } from 'node:crypto';
import { CATALOGUE, type CatalogueDocument } from '@estate/projections';
import type { AppContext } from '../core/context';
import { DEMO_CORRELATION } from '../core/demo';
import { derivedId } from '../core/ids';
import { countNewChat } from './api';
import { handleChat } from './chat';
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
      await handleChat(
        ctx.eventStore,
        chatId,
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

/**
 * A demo visitor asks about a listing as the site's first message does (and its author may answer),
 * with the seed's correlation: it tells nobody. The new chat counts as a response at the app's
 * clock, which the demo's history moves back. Message ids are derived, so a seed run again posts
 * nothing twice. Answers whether the chat is new.
 */
export async function askAboutListing(
  ctx: AppContext,
  visitorId: string,
  listing: CatalogueDocument,
  question: string,
  answer: string | null,
): Promise<boolean> {
  const start = chatStartOf(listing, visitorId);
  const { chatId } = start;
  const send = (authorId: string, text: string, n: number) =>
    handleChat(
      ctx.eventStore,
      chatId,
      {
        type: 'SendMessage',
        chatId,
        messageId: derivedId('demo-chat', chatId, String(n)),
        authorId,
        text,
        replyMessageIds: [],
        start: n === 0 ? start : null,
      },
      { actor: authorId, correlationId: DEMO_CORRELATION },
    );
  const asked = await send(visitorId, question, 0);
  await countNewChat(ctx, asked.events, visitorId);
  if (answer) await send(listing.authorId, answer, 1);
  return asked.events.some((e) => e.type === 'ChatStarted');
}
