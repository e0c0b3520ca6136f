import { WebSocket } from 'ws';
import { createAgency, createPublication } from '../../test/publications';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { createHttpServer } from '../core/server';
import { ChatSockets, CHAT_SOCKET_PATH, SIGNED_OUT_CLOSE } from './live';
import { opensQuietPeriod } from './notify';
import { registerSiteUser } from '../../test/users';
import { messageText } from './messageText';

/**
 * Issue 15, item 3: the chats' live pushes over WebSocket on the app's own server — a message sent
 * by one member reaches every open socket of both, with the unread counts; a socket that reconnects
 * and names the last position it saw is caught up on what it missed. Issue 40, item 1: an upgrade a
 * foreign page starts is refused, and a socket lives no longer than its session.
 */
let t: TestApp;
let url: string;
let sockets: ChatSockets;
let http: ReturnType<typeof createHttpServer>;
let visitor: string;
let agent: string;
let agentId: string;
let agentPhone: string;
let owner: string;
const LISTING = 'live-flat';

type Frame = {
  type: string;
  chatId?: string;
  position?: number;
  unreadMessageCount?: number;
  message?: { text: string };
};

/** a socket with the frames it received, and a wait for the next frame that matches */
async function connect(headers: Record<string, string>) {
  const ws = new WebSocket(`${url.replace('http', 'ws')}${CHAT_SOCKET_PATH}`, { headers });
  const frames: Frame[] = [];
  const waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  ws.on('message', (raw) => {
    const frame = JSON.parse(messageText(raw)) as Frame;
    frames.push(frame);
    for (const w of [...waiters])
      if (w.match(frame)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(frame);
      }
  });
  const next = (match: (f: Frame) => boolean, seen = 0) =>
    new Promise<Frame>((resolve, reject) => {
      const found = frames.slice(seen).find(match);
      if (found) return resolve(found);
      const timer = setTimeout(() => reject(new Error(`no frame after ${JSON.stringify(frames)}`)), 10_000);
      waiters.push({ match, resolve: (f) => (clearTimeout(timer), resolve(f)) });
    });
  await next((f) => f.type === 'ready');
  return { ws, frames, next };
}
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const cookie = (token: string) => ({ Cookie: `auth-token=${encodeURIComponent(token)}` });
/** the code a socket is closed with */
const closeOf = (ws: WebSocket) => new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));

async function send(token: string, body: object) {
  const res = await fetch(`${url}/api/chats/send-message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(token) },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { chatId: string } }).data.chatId;
}

beforeAll(async () => {
  http = createHttpServer();
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  t = await startTestApp({ seed: false, env: { PUBLIC_URL: url, CHAT_QUIET_SECONDS: '2' } });
  http.on('request', t.app);
  sockets = new ChatSockets(t.ctx);
  await sockets.attach(http);
  const agency = await createAgency(t.ctx, 'live', '71');
  agentId = agency.agent.userId;
  agentPhone = agency.agentPhone;
  await createPublication(t.ctx, agency.agent, { id: LISTING, price: 6_200_000, publishedDaysAgo: 1 });
  await registerSiteUser(t.ctx, { userId: 'live-visitor', name: 'Ирина', phone: '79161230071' });
  await t.ctx.projections.whenCaughtUp();
  visitor = await signIn(t, '79161230071');
  agent = await signIn(t, agency.agentPhone);
  owner = await signIn(t, agency.ownerPhone);
});
afterAll(async () => {
  http.closeAllConnections();
  await sockets.close();
  await new Promise((resolve) => http.close(resolve));
  await t.close();
});

describe('the chats over WebSocket', () => {
  let chatId: string;

  it('delivers a message to every open socket of both members, with each one’s unread count', async () => {
    const agentTab = await connect(bearer(agent));
    const agentOtherTab = await connect(bearer(agent));
    const visitorTab = await connect(bearer(visitor));
    chatId = await send(visitor, { adId: LISTING, text: 'Добрый день! Торг уместен?', chatId: null });
    const arrived = await agentTab.next((f) => f.type === 'message');
    expect(arrived).toMatchObject({
      type: 'message',
      chatId,
      unreadMessageCount: 1,
      message: { text: 'Добрый день! Торг уместен?', client: { id: 'live-visitor' } },
    });
    await agentOtherTab.next((f) => f.type === 'message' && f.chatId === chatId);
    expect(await visitorTab.next((f) => f.type === 'message')).toMatchObject({ unreadMessageCount: 0 });

    // the agent reads it: both see the read, the agent's count back to 0
    await fetch(`${url}/api/chats/${chatId}/read-messages`, { method: 'PATCH', headers: bearer(agent) });
    expect(await agentTab.next((f) => f.type === 'read')).toMatchObject({
      readerId: agentId,
      unreadMessageCount: 0,
    });
    await visitorTab.next((f) => f.type === 'read');
    for (const tab of [agentTab, agentOtherTab, visitorTab]) tab.ws.close();
  });

  it('pushes the agency’s chats to its owner too, with the listing side’s unread count', async () => {
    const ownerTab = await connect(bearer(owner));
    await send(visitor, { adId: LISTING, text: 'Вопрос для агентства', chatId });
    expect(
      await ownerTab.next((f) => f.type === 'message' && f.message?.text === 'Вопрос для агентства'),
    ).toMatchObject({
      chatId,
      unreadMessageCount: 1,
    });
    ownerTab.ws.close();
    await fetch(`${url}/api/chats/${chatId}/read-messages`, { method: 'PATCH', headers: bearer(agent) });
  });

  it('catches a reconnecting socket up on what it missed, from the last position it saw', async () => {
    const first = await connect(bearer(agent));
    const seen = (await first.next((f) => f.type === 'ready')).position!;
    first.ws.close();
    await send(visitor, { adId: LISTING, text: 'Вы тут?', chatId });
    await send(visitor, { adId: LISTING, text: 'Перезвоните, пожалуйста', chatId });
    await t.ctx.reactors.whenCaughtUp();

    const again = await connect(bearer(agent));
    again.ws.send(JSON.stringify({ type: 'since', position: seen }));
    await again.next((f) => f.type === 'caught-up');
    const missed = again.frames.filter((f) => f.type === 'message').map((f) => f.message!.text);
    expect(missed).toEqual(['Вы тут?', 'Перезвоните, пожалуйста']);
    again.ws.close();
  });

  it('takes the session token as the first message, and closes a socket whose token is not live', async () => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}${CHAT_SOCKET_PATH}`);
    const ready = new Promise<Frame>((resolve) =>
      ws.on('message', (raw) => resolve(JSON.parse(messageText(raw)) as Frame)),
    );
    await new Promise((resolve) => ws.on('open', resolve));
    ws.send(JSON.stringify({ type: 'auth', token: visitor }));
    expect((await ready).type).toBe('ready');
    ws.close();

    const stranger = new WebSocket(`${url.replace('http', 'ws')}${CHAT_SOCKET_PATH}`);
    await new Promise((resolve) => stranger.on('open', resolve));
    const closed = new Promise<number>((resolve) => stranger.on('close', (code) => resolve(code)));
    stranger.send(JSON.stringify({ type: 'auth', token: 'not-a-session' }));
    expect(await closed).toBe(4401);
  });
});

describe('a member away from the chat', () => {
  const smsTo = async (phone: string) =>
    (
      (await (await fetch(`${url}/api/dev/sms?phone=${phone}`)).json()) as { data: { text: string }[] }
    ).data.filter((m) => m.text.startsWith('Новое сообщение'));
  /** the SMS a phone has been sent, once the reactors and the queue have done their work */
  const settled = async (phone: string, expected: number) => {
    await t.ctx.reactors.whenCaughtUp();
    for (let i = 0; i < 50 && (await smsTo(phone)).length < expected; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 200));
    return smsTo(phone);
  };

  it('opens a quiet period with the first unread message, then once a period', () => {
    const quarter = 15 * 60;
    const opens = (times: string[], at: string) =>
      opensQuietPeriod(
        times.map((t) => `2026-01-01T${t}:00Z`),
        `2026-01-01T${at}:00Z`,
        quarter,
      );
    expect(opens([], '10:00')).toBe(true);
    expect(opens(['10:00'], '10:05')).toBe(false);
    expect(opens(['10:00', '10:05'], '10:16')).toBe(true);
    expect(opens(['10:00', '10:16'], '10:20')).toBe(false);
  });

  it('is told by SMS once per quiet period, and not at all while a socket is open', async () => {
    await registerSiteUser(t.ctx, { userId: 'live-away', name: 'Пётр', phone: '79161230072' });
    await t.ctx.projections.whenCaughtUp();
    const away = await signIn(t, '79161230072');
    const chat = await send(away, { adId: LISTING, text: 'Здравствуйте, есть вопрос', chatId: null });
    for (const text of ['Слушаю вас', 'Что хотели узнать?', 'Напишите, пожалуйста'])
      await send(agent, { adId: LISTING, text, chatId: chat });
    const first = await settled('79161230072', 1);
    expect(first).toHaveLength(1);
    expect(first[0].text).toContain(`/chat?chatId=${chat}`);

    // the test's quiet period is 2 s (CHAT_QUIET_SECONDS); the log's times are the machine's
    await new Promise((resolve) => setTimeout(resolve, 2100));
    await send(agent, { adId: LISTING, text: 'Вы ещё здесь?', chatId: chat });
    expect(await settled('79161230072', 2)).toHaveLength(2);

    // reading ends the streak; with a socket open nothing is sent
    await fetch(`${url}/api/chats/${chat}/read-messages`, { method: 'PATCH', headers: bearer(away) });
    const tab = await connect(bearer(away));
    await send(agent, { adId: LISTING, text: 'Жду ответа', chatId: chat });
    await tab.next((f) => f.type === 'message' && f.message?.text === 'Жду ответа');
    expect(await settled('79161230072', 3)).toHaveLength(2);
    tab.ws.close();
  });
});

describe('who may hold a socket, and for how long (issue 40, item 1)', () => {
  /** an upgrade the server answers without a socket: its status and body */
  const refusedUpgrade = (headers: Record<string, string>) =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const ws = new WebSocket(`${url.replace('http', 'ws')}${CHAT_SOCKET_PATH}`, { headers });
      ws.on('open', () => reject(new Error('the socket was opened')));
      ws.on('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += String(chunk)));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(body) }));
      });
    });

  it('refuses an upgrade a foreign page starts with the visitor’s cookie, and accepts the site’s own', async () => {
    const foreignPages: Record<string, string>[] = [
      { Origin: 'http://evil.example' },
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const foreign of foreignPages)
      expect(await refusedUpgrade({ ...cookie(visitor), ...foreign })).toEqual({
        status: 403,
        body: { errorCode: 102, message: 'Запрос с другого сайта отклонён' },
      });

    // the site's own page: its PUBLIC_URL as the Origin, the same cookie
    const own = await connect({ ...cookie(visitor), Origin: url });
    expect(own.frames[0]).toMatchObject({ type: 'ready', userId: 'live-visitor' });
    own.ws.close();
  });

  it('closes the sockets of a session when it is signed out, on every process, and only that session’s', async () => {
    await registerSiteUser(t.ctx, { userId: 'live-leaving', name: 'Мария', phone: '79161230073' });
    await t.ctx.projections.whenCaughtUp();
    const phone = await signIn(t, '79161230073');
    const laptop = await signIn(t, '79161230073');
    // a second API process: another server with its own sockets, on the same log and bus
    const otherHttp = createHttpServer();
    await new Promise<void>((resolve) => otherHttp.listen(0, '127.0.0.1', resolve));
    const otherSockets = new ChatSockets(t.ctx);
    await otherSockets.attach(otherHttp);
    const otherAddress = otherHttp.address();
    const otherUrl = `ws://127.0.0.1:${typeof otherAddress === 'object' && otherAddress ? otherAddress.port : 0}`;
    try {
      const here = await connect(cookie(phone));
      const there = new WebSocket(`${otherUrl}${CHAT_SOCKET_PATH}`, { headers: cookie(phone) });
      await new Promise((resolve) => there.once('message', resolve));
      const laptopTab = await connect(cookie(laptop));
      const hereClosed = closeOf(here.ws);
      const thereClosed = closeOf(there);

      const out = await fetch(`${url}/api/auth/logout`, { method: 'POST', headers: bearer(phone) });
      expect(out.status).toBe(200);
      expect(await hereClosed).toBe(SIGNED_OUT_CLOSE);
      expect(await thereClosed).toBe(SIGNED_OUT_CLOSE);

      // the other session's socket still gets its pushes
      const chat = await send(laptop, { adId: LISTING, text: 'Я с ноутбука', chatId: null });
      expect(await laptopTab.next((f) => f.type === 'message')).toMatchObject({ chatId: chat });
      expect(laptopTab.ws.readyState).toBe(WebSocket.OPEN);
      laptopTab.ws.close();
    } finally {
      otherHttp.closeAllConnections();
      await otherSockets.close();
      await new Promise((resolve) => otherHttp.close(resolve));
    }
  });

  // last in the file: the clock moves a month on, past every session of the suite
  it('closes a socket whose session has expired, at the client’s ping or before the next push, which it never gets', async () => {
    await registerSiteUser(t.ctx, { userId: 'live-idle', name: 'Семён', phone: '79161230074' });
    await t.ctx.projections.whenCaughtUp();
    const idle = await signIn(t, '79161230074');
    const chat = await send(idle, { adId: LISTING, text: 'Ещё продаётся?', chatId: null });
    const pinged = await connect(bearer(idle));
    const pushed = await connect(bearer(idle));
    const pingedClosed = closeOf(pinged.ws);
    const pushedClosed = closeOf(pushed.ws);

    // a month and a day unused: past the session's 30-day idle end
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    pinged.ws.ping();
    expect(await pingedClosed).toBe(SIGNED_OUT_CLOSE);

    const agentAgain = await signIn(t, agentPhone);
    await send(agentAgain, { adId: LISTING, text: 'Да, продаётся', chatId: chat });
    expect(await pushedClosed).toBe(SIGNED_OUT_CLOSE);
    expect(pushed.frames.filter((f) => f.type === 'message')).toEqual([]);
  });
});
