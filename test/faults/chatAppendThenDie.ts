/**
 * A process that records a chat message and dies before anything follows it (test/faults/
 * chatNotices.int.spec.ts starts it): it opens the data folder as the single process does (ROLE=all,
 * embedded adapters), stops its reactors — "after the append and before any reaction" — records a
 * visitor's first message about a listing as the send call does, prints the chat's id, and is
 * killed with SIGKILL (no shutdown, nothing flushed).
 */
import { randomUUID } from 'node:crypto';
import { ROLES } from '@estate/events';
import { CATALOGUE, type CatalogueDocument } from '@estate/projections';
import { buildContext } from '../../services/src/bootstrap';
import { chatDecider, chatStartOf, chatStream } from '../../services/src/chats';
import { loadConfig } from '../../services/src/core/config';
import { handleCommand } from '../../services/src/core/decider';
import { createLogger } from '../../services/src/core/logger';
import type { ReactorRunner } from '../../services/src/core/reactors/reactor';
import { registerUser } from '../../services/src/identity';
import { createAgency, createPublication } from '../../services/test/publications';

async function main() {
  const ctx = await buildContext(loadConfig(), createLogger('silent'));
  await createAgency(ctx, 'chatfault', '89');
  const host = { userId: 'host-chatfault', role: ROLES.AGENT, agencyId: 'agency-chatfault' };
  for (const [userId, name, phone, email, role, agencyId] of [
    [host.userId, 'Анна', process.env.HOST_PHONE!, process.env.HOST_EMAIL!, ROLES.AGENT, host.agencyId],
    ['visitor-chatfault', 'Ольга', process.env.VISITOR_PHONE!, null, ROLES.USER, null],
  ] as const)
    await registerUser(ctx, { type: 'RegisterUser', userId, name, phone, email, role, agencyId });
  await createPublication(ctx, host, { id: 'loft', price: 12_000_000, publishedDaysAgo: 3 });
  const listing = (await ctx.readStore.collection<CatalogueDocument>(CATALOGUE).findOne({ _id: 'loft' }))!;
  // the reactors had started from the head of the log; from here on nothing follows the facts
  await (ctx.reactors as ReactorRunner).stop();
  const start = chatStartOf(listing, 'visitor-chatfault');
  const { chatId } = start;
  await handleCommand(
    ctx.eventStore,
    chatStream(chatId),
    chatDecider,
    {
      type: 'SendMessage',
      chatId,
      messageId: randomUUID(),
      authorId: 'visitor-chatfault',
      text: 'Здравствуйте! Можно посмотреть квартиру сегодня?',
      replyMessageIds: [],
      start,
    },
    { actor: 'visitor-chatfault' },
  );
  process.stdout.write(`${JSON.stringify({ chatId })}\n`, () => process.kill(process.pid, 'SIGKILL'));
}

void main();
