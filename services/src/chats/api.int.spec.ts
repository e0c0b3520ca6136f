import request from 'supertest';
import { createAgency, createPublication } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { registerSiteUser } from '../../test/users';

/**
 * The chat calls as api.md section 7 gives them. Every answer is also checked against its declared
 * schema (core/route.ts).
 */
let t: TestApp;
let agency: Awaited<ReturnType<typeof createAgency>>;
let visitor: string;
let agent: string;
let owner: string;
let stranger: string;
const LISTING = 'chat-flat';
const OTHER_LISTING = 'chat-other';

const as = (token: string, r: request.Test) => r.set('Authorization', `Bearer ${token}`);
const send = (token: string, body: object) =>
  as(token, request(t.app).post('/api/chats/send-message').send(body));
const list = (token: string, path = '/api/chats/1') => as(token, request(t.app).get(path));
const messages = (token: string, chatId: string, query = '') =>
  as(token, request(t.app).get(`/api/chats/${chatId}/message-list${query}`));

async function user(id: string, name: string, phone: string) {
  await registerSiteUser(t.ctx, { userId: id, name, phone });
}

beforeAll(async () => {
  t = await startTestApp({ seed: false, env: { CHAT_MESSAGES_PER_MINUTE: '25' } });
  agency = await createAgency(t.ctx, 'chat', '61');
  await createPublication(t.ctx, agency.agent, {
    id: LISTING,
    price: 9_500_000,
    rooms: 2,
    area: 54,
    publishedDaysAgo: 2,
  });
  await createPublication(t.ctx, agency.agent, { id: OTHER_LISTING, price: 7_000_000, publishedDaysAgo: 2 });
  await user('chat-visitor', 'Ольга', '79161230061');
  await user('chat-stranger', 'Посторонний', '79161230062');
  await t.ctx.projections.whenCaughtUp();
  visitor = await signIn(t, '79161230061');
  stranger = await signIn(t, '79161230062');
  agent = await signIn(t, agency.agentPhone);
  owner = await signIn(t, agency.ownerPhone);
});
afterAll(() => t.close());

describe('api.md: "POST /api/chats/send-message: adId, text, chatId (or null), replyMessageIds. Response data.chatId."', () => {
  let chatId: string;

  it('the first message about a listing begins the chat with its author; a second "first" message finds the same chat', async () => {
    const first = await send(visitor, {
      adId: LISTING,
      text: '  Здравствуйте! Квартира свободна?  ',
      chatId: null,
    }).expect(201);
    chatId = first.body.data.chatId;
    const again = await send(visitor, {
      adId: LISTING,
      text: 'Можно посмотреть в субботу?',
      chatId: null,
    }).expect(201);
    expect(again.body.data.chatId).toBe(chatId);
  });

  it('the author answers, replying to a message of the chat; the visitor sees it unread', async () => {
    const page = await messages(agent, chatId).expect(200);
    expect(page.body.data.map((m: { text: string }) => m.text)).toEqual([
      'Здравствуйте! Квартира свободна?',
      'Можно посмотреть в субботу?',
    ]);
    const question = page.body.data[1].id;
    await send(agent, {
      adId: LISTING,
      text: 'Да, в субботу в 12:00',
      chatId,
      replyMessageIds: [question],
    }).expect(201);

    const visitorList = await list(visitor).expect(200);
    expect(visitorList.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 30, total: 1 });
    expect(visitorList.body.data[0]).toMatchObject({
      id: chatId,
      uuid: chatId,
      lastMessageText: 'Да, в субботу в 12:00',
      unreadMessageCount: 1,
      chatMemberId: agency.agent.userId,
      chatMemberName: 'Агент chat',
      chatMemberAgencyName: 'Агентство chat',
      ad: {
        id: LISTING,
        price: 9_500_000,
        characteristics: { roomCount: 2, totalArea: 54 },
        categories: { dealCategory: 'sale', propertyType: 1 },
      },
    });
    const agentList = await list(agent, '/api/chats/1/my-listings').expect(200);
    expect(agentList.body.data[0]).toMatchObject({
      id: chatId,
      chatMemberName: 'Ольга',
      unreadMessageCount: 2,
    });
    expect((await list(agent, '/api/chats/1/my-questions').expect(200)).body.data).toEqual([]);
    expect((await list(visitor, '/api/chats/1/my-questions').expect(200)).body.data).toHaveLength(1);
    // the owner reads the chats of the agency's listings
    expect((await list(owner, '/api/chats/1/my-listings').expect(200)).body.data[0].id).toBe(chatId);
    const thread = await messages(visitor, chatId).expect(200);
    expect(thread.body.data[2]).toMatchObject({ replyMessageIds: [question], isMine: false, kind: 'text' });
  });

  it('PATCH read-messages: the reader’s unread count falls to 0, the other side’s stays', async () => {
    await as(agent, request(t.app).patch(`/api/chats/${chatId}/read-messages`)).expect(200);
    expect((await list(agent)).body.data[0].unreadMessageCount).toBe(0);
    expect((await list(visitor)).body.data[0].unreadMessageCount).toBe(1);
    await as(visitor, request(t.app).patch(`/api/chats/${chatId}/read-messages`)).expect(200);
    expect((await list(visitor)).body.data[0].unreadMessageCount).toBe(0);
  });

  it('pages the messages 15 at a time, the newest page first, each page in order', async () => {
    for (let i = 1; i <= 14; i++)
      await send(visitor, { adId: LISTING, text: `Вопрос ${i}`, chatId }).expect(201);
    const newest = await messages(visitor, chatId).expect(200);
    expect(newest.body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 15, total: 17 });
    expect(newest.body.data).toHaveLength(15);
    expect(newest.body.data.at(-1).text).toBe('Вопрос 14');
    const older = await messages(visitor, chatId, '?offset=2').expect(200);
    expect(older.body.data.map((m: { text: string }) => m.text)).toEqual([
      'Здравствуйте! Квартира свободна?',
      'Можно посмотреть в субботу?',
    ]);
  });

  it('refuses outsiders as if the chat did not exist (BOLA)', async () => {
    await messages(stranger, chatId).expect(404);
    await send(stranger, { adId: LISTING, text: 'Я тоже тут', chatId }).expect(404);
    await as(stranger, request(t.app).patch(`/api/chats/${chatId}/read-messages`)).expect(404);
    expect((await list(stranger)).body.data).toEqual([]);
    await messages(visitor, 'no-such-chat').expect(404);
    await request(t.app).get('/api/chats/1').expect(401);
  });

  it('refuses bad messages with the envelope', async () => {
    const empty = await send(visitor, { adId: LISTING, text: '   ', chatId }).expect(400);
    expect(empty.body).toMatchObject({ errorCode: 1, errors: { text: ['Введите сообщение'] } });
    const long = await send(visitor, { adId: LISTING, text: 'а'.repeat(2001), chatId }).expect(400);
    expect(long.body.errors.text[0]).toBe('Не больше 2 000 символов');
    const unknown = await send(visitor, { adId: 'no-such-listing', text: 'Есть?', chatId: null }).expect(404);
    expect(unknown.body.message).toBe('Объявление не найдено');
    await send(agent, { adId: LISTING, text: 'Сам себе', chatId: null }).expect(422);
    // a reply must name a message of the same chat
    const other = (await send(visitor, { adId: OTHER_LISTING, text: 'А эта?', chatId: null }).expect(201))
      .body.data.chatId;
    const otherMessage = (await messages(visitor, other)).body.data[0].id;
    const foreign = await send(visitor, {
      adId: LISTING,
      text: 'Ответ',
      chatId,
      replyMessageIds: [otherMessage],
    }).expect(400);
    expect(foreign.body.errors.replyMessageIds).toEqual(['Можно ответить только на сообщения этого чата']);
    await list(visitor, '/api/chats/1/everything').expect(400);
    await list(visitor, '/api/chats/zero').expect(400);
    // plain text: markup is kept as the characters typed, never made into HTML
    await send(visitor, { adId: LISTING, text: '<b>жирный</b>', chatId }).expect(201);
    expect((await messages(visitor, chatId)).body.data.at(-1).text).toBe('<b>жирный</b>');
  });

  it('refuses a message of only invisible characters, and trims them off the ends of a real one (issue 40)', async () => {
    const zeroWidth = await send(visitor, {
      adId: LISTING,
      text: '\u200B\u200D\u2060 \u200B',
      chatId,
    }).expect(400);
    expect(zeroWidth.body).toEqual({
      errorCode: 1,
      message: 'Некорректные данные',
      errors: { text: ['Введите сообщение'] },
    });
    const fillers = await send(visitor, { adId: LISTING, text: '\u3164\u2800\u200E', chatId }).expect(400);
    expect(fillers.body.errors).toEqual({
      text: ['Текст не может состоять только из пробелов и невидимых символов'],
    });
    await send(visitor, { adId: LISTING, text: '\u200BВы на связи?\u200B\n', chatId }).expect(201);
    expect((await messages(visitor, chatId)).body.data.at(-1).text).toBe('Вы на связи?');
  });

  it('answers 429 beyond the messages a user may send a minute', async () => {
    await user('chat-spammer', 'Спамер', '79161230063');
    await t.ctx.projections.whenCaughtUp();
    const spammer = await signIn(t, '79161230063');
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await send(spammer, { adId: LISTING, text: `Спам ${i}`, chatId: null })).status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(25);
    expect(statuses.slice(25)).toEqual([429, 429, 429, 429, 429]);
  });
});
