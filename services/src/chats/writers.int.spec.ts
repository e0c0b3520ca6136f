import { WrongExpectedRevisionError, type EventStore } from '@estate/events';
import request from 'supertest';
import { createAgency, createPublication } from '../../test/publications';
import { signIn, startTestApp } from '../../test/testApp';
import { chatStream } from './chat';
import { registerSiteUser } from '../../test/users';

/**
 * Many writers on one chat (issue 40, item 3): 50 send-message calls at once into one chat. The
 * log answers chats' reads and appends a turn of the event loop later, as a networked engine
 * (KurrentDB) does, so calls that arrive together really overlap; the embedded SQLite log answers
 * within the same turn, where they would seldom meet.
 */
type ChatLog = {
  /** the messages appended to chats' streams, in the order the log took the appends */
  appended: string[];
  /** appends to a chat's stream that lost a race on its revision */
  conflicts: number;
  /** while closed, reads of chats' streams wait */
  gate: Promise<void>;
};

function networkedChats(inner: EventStore, log: ChatLog): EventStore {
  const isChat = (streamId: string) => streamId.startsWith('chat-');
  const aTurnLater = () => new Promise((resolve) => setImmediate(resolve));
  return {
    name: inner.name,
    async readStream(streamId, ...rest) {
      if (isChat(streamId)) {
        await log.gate;
        await aTurnLater();
      }
      return inner.readStream(streamId, ...rest);
    },
    async append(streamId, events, expected) {
      if (!isChat(streamId)) return inner.append(streamId, events, expected);
      await aTurnLater();
      try {
        const result = await inner.append(streamId, events, expected);
        for (const e of events)
          if (e.type === 'ChatMessagePosted') log.appended.push((e.data as { messageId: string }).messageId);
        return result;
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError) log.conflicts++;
        throw error;
      }
    },
    readAll: (...args) => inner.readAll(...args),
    headPosition: () => inner.headPosition(),
    subscribe: (...args) => inner.subscribe(...args),
    close: () => inner.close(),
  };
}

const WRITERS = 50;
const LISTING = 'writers-flat';

/** an app whose chats' log is networked, with a chat between a visitor and a listing's agent */
async function chatApp(env: Record<string, string>) {
  const log: ChatLog = { appended: [], conflicts: 0, gate: Promise.resolve() };
  const t = await startTestApp({
    seed: false,
    env: { CHAT_MESSAGES_PER_MINUTE: '1000', ...env },
    overrides: { wrapEventStore: (store) => networkedChats(store, log) },
  });
  const agency = await createAgency(t.ctx, 'writers', '4040');
  await createPublication(t.ctx, agency.agent, { id: LISTING, price: 8_000_000, publishedDaysAgo: 1 });
  await registerSiteUser(t.ctx, { userId: 'writers-visitor', name: 'Ирина', phone: '79161234040' });
  await t.ctx.projections.whenCaughtUp();
  const visitor = await signIn(t, '79161234040');
  const agent = await signIn(t, agency.agentPhone);
  const send = (token: string, body: object) =>
    request(t.app).post('/api/chats/send-message').set('Authorization', `Bearer ${token}`).send(body);
  const first = await send(visitor, { adId: LISTING, text: 'Здравствуйте!', chatId: null }).expect(201);
  const chatId: string = first.body.data.chatId;
  log.appended = [];
  /** the chat's two members, in turn, each call its own text */
  const writer = (n: number) =>
    send(n % 2 ? agent : visitor, { adId: LISTING, text: `Сообщение ${n}`, chatId });
  /** the chat's messages as the list shows them, oldest first (two pages of 50) */
  const listed = async () => {
    const page = (offset: number) =>
      request(t.app)
        .get(`/api/chats/${chatId}/message-list?limit=50&offset=${offset}`)
        .set('Authorization', `Bearer ${visitor}`)
        .expect(200);
    const [older, newest] = [await page(2), await page(1)];
    return [...older.body.data, ...newest.body.data] as { id: string; text: string }[];
  };
  /** the messages' ids as the chat's stream holds them */
  const stored = async () =>
    (await t.ctx.eventStore.readStream(chatStream(chatId)))
      .filter((e) => e.type === 'ChatMessagePosted')
      .map((e) => (e.data as { messageId: string }).messageId);
  return { t, log, chatId, writer, listed, stored };
}

describe('50 send-message calls at once into one chat', () => {
  let app: Awaited<ReturnType<typeof chatApp>>;
  beforeAll(async () => {
    app = await chatApp({});
  });
  afterAll(() => app.t.close());

  it('all answer 201, none losing a race, and every message is stored once in the order the chat took them', async () => {
    const answers = await Promise.all(Array.from({ length: WRITERS }, (_, n) => app.writer(n)));
    expect(answers.map((a) => a.status)).toEqual(Array(WRITERS).fill(201));
    // the calls of this process took turns: none decided on a state another had already moved past
    expect(app.log.conflicts).toBe(0);
    const accepted = answers.map((a) => a.body.data.messageId as string);
    expect([...app.log.appended].sort()).toEqual([...accepted].sort());
    const stored = await app.stored();
    expect(stored.slice(1)).toEqual(app.log.appended);
    const listed = await app.listed();
    expect(listed.map((m) => m.id)).toEqual(stored);
    expect(new Set(listed.map((m) => m.text)).size).toBe(WRITERS + 1);
  });
});

describe('with STREAM_QUEUE_DEPTH=5, the same 50 calls while the chat is slow', () => {
  const DEPTH = 5;
  let app: Awaited<ReturnType<typeof chatApp>>;
  beforeAll(async () => {
    app = await chatApp({ STREAM_QUEUE_DEPTH: String(DEPTH) });
  });
  afterAll(() => app.t.close());

  it('answers 429 in the spec’s envelope beyond the depth at once, and 201 to the calls it kept, each stored once', async () => {
    let open!: () => void;
    app.log.gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let answered = 0;
    // the chat's reads wait until the calls beyond the queue have had their answers: they never wait for it
    const answers = await Promise.all(
      Array.from({ length: WRITERS }, (_, n) =>
        app.writer(n).then((answer) => {
          if (++answered === WRITERS - DEPTH) open();
          return answer;
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(DEPTH);
    expect(statuses.filter((s) => s === 429)).toHaveLength(WRITERS - DEPTH);
    expect(answers.filter((a) => a.status === 429).map((a) => a.body)).toEqual(
      Array(WRITERS - DEPTH).fill({
        errorCode: 108,
        message: 'Превышен лимит запросов, пожалуйста попробуйте позже.',
      }),
    );
    const accepted = answers.filter((a) => a.status === 201).map((a) => a.body.data.messageId as string);
    const stored = await app.stored();
    expect(stored.slice(1)).toEqual(app.log.appended);
    expect([...stored.slice(1)].sort()).toEqual([...accepted].sort());
    expect((await app.listed()).map((m) => m.id)).toEqual(stored);
  });
});
