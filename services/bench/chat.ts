/**
 * `npm run bench:chat` (issue 15): one API process (the app, its chat sockets on its own HTTP
 * server) holding 5,000 WebSocket connections — a visitor and a listing's author for each of 2,500
 * chats — with the memory they take; then messages at 500 a second, each sent by a visitor through
 * `POST /api/chats/send-message`, timed from the call's answer to its arrival on the author's
 * socket. The ceiling, in the same run: a bare `ws` server sending the same number of messages at
 * the same rate to the same number of connections, timed from its send to the arrival.
 *
 * The clients run in this process too (2 cores here), in both measures alike. BENCH_PAIRS (2,500),
 * BENCH_RATE (500 a second) and BENCH_SECONDS (10) change the load.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { ROLES } from '@estate/events';
import { WebSocket, WebSocketServer } from 'ws';
import { ChatSockets, CHAT_SOCKET_PATH } from '../src/chats';
import { registerUser, startSession } from '../src/identity';
import { createPublication } from '../test/publications';
import { startTestApp } from '../test/testApp';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 2500);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
const line = (label: string, latencies: number[], sent: number, seconds: number) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(42)} ${(sent / seconds).toFixed(0).padStart(5)} messages/s, delivered ${latencies.length}/${sent}, ` +
      `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`,
  );
  return percentile(sorted, 99);
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** opens sockets in batches; each resolves on its first frame (the server's `ready`) */
async function openAll(
  urls: { url: string; headers?: Record<string, string> }[],
  onMessage: (i: number, data: string) => void,
) {
  const sockets: WebSocket[] = [];
  for (let at = 0; at < urls.length; at += 250)
    await Promise.all(
      urls.slice(at, at + 250).map(
        ({ url, headers }, k) =>
          new Promise<void>((resolve, reject) => {
            const i = at + k;
            const ws = new WebSocket(url, { headers, perMessageDeflate: false });
            sockets[i] = ws;
            let first = true;
            ws.on('message', (raw) => {
              if (first) {
                first = false;
                resolve();
                return;
              }
              onMessage(i, String(raw));
            });
            ws.on('error', reject);
          }),
      ),
    );
  return sockets;
}

/** sends `RATE` a second for `SECONDS`, spread over 10 ms ticks; answers how many were sent */
async function atRate(send: (n: number) => void) {
  const perTick = RATE / 100;
  let sent = 0;
  const start = performance.now();
  for (let tick = 0; tick < SECONDS * 100; tick++) {
    const due = Math.round((tick + 1) * perTick) - Math.round(tick * perTick);
    for (let k = 0; k < due; k++) send(sent++);
    const next = start + (tick + 1) * 10;
    const wait = next - performance.now();
    if (wait > 0) await pause(wait);
  }
  return { sent, seconds: (performance.now() - start) / 1000 };
}

async function main() {
  console.log(`bench:chat — ${PAIRS * 2} sockets (${PAIRS} chats), ${RATE} messages/s for ${SECONDS} s`);
  const app = await startTestApp({
    seed: false,
    env: { CHAT_MESSAGES_PER_MINUTE: '1000000', LOG_LEVEL: 'silent' },
  });
  const http = createServer(app.app);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const sockets = new ChatSockets(app.ctx);
  await sockets.attach(http);

  // the people: a visitor and a listing's author per chat, each signed in
  const prepared = performance.now();
  const visitors: string[] = [];
  const authors: string[] = [];
  for (let i = 0; i < PAIRS; i++) {
    const phone = (n: number) => `7956${String(i).padStart(6, '0')}${n}`;
    const author = { userId: `bench-author-${i}`, role: ROLES.AGENT, agencyId: 'agency-bench' };
    await registerUser(app.ctx, {
      type: 'RegisterUser',
      userId: author.userId,
      name: `Автор ${i}`,
      phone: phone(1),
      email: null,
      role: ROLES.AGENT,
      agencyId: 'agency-bench',
    });
    await registerUser(app.ctx, {
      type: 'RegisterUser',
      userId: `bench-visitor-${i}`,
      name: `Посетитель ${i}`,
      phone: phone(2),
      email: null,
      role: ROLES.USER,
      agencyId: null,
    });
    await createPublication(app.ctx, author, {
      id: `bench-flat-${i}`,
      price: 5_000_000 + i,
      publishedDaysAgo: 1,
    });
    authors.push((await startSession(app.ctx, author.userId)).token);
    visitors.push((await startSession(app.ctx, `bench-visitor-${i}`)).token);
  }
  await app.ctx.projections.whenCaughtUp();
  const post = (token: string, body: object) =>
    fetch(`${base}/api/chats/send-message`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }).then(async (res) => {
      if (res.status !== 201) throw new Error(`send-message answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { data: { chatId: string } }).data.chatId;
    });
  // each chat begun before the measure
  const chatIds: string[] = [];
  for (let at = 0; at < PAIRS; at += 20)
    await Promise.all(
      Array.from({ length: Math.min(20, PAIRS - at) }, async (_, k) => {
        chatIds[at + k] = await post(visitors[at + k], {
          adId: `bench-flat-${at + k}`,
          text: 'Здравствуйте!',
          chatId: null,
        });
      }),
    );
  await app.ctx.reactors.whenCaughtUp();
  console.log(`  prepared ${PAIRS} chats in ${((performance.now() - prepared) / 1000).toFixed(1)} s`);

  // the connections, and what they take
  global.gc?.();
  const before = process.memoryUsage();
  const held = (m: NodeJS.MemoryUsage) => m.heapUsed + m.external;
  const arrived = new Map<string, number>();
  const ws = `${base.replace('http', 'ws')}${CHAT_SOCKET_PATH}`;
  const clients = await openAll(
    [...authors, ...visitors].map((token) => ({ url: ws, headers: { Authorization: `Bearer ${token}` } })),
    (i, data) => {
      // the authors' sockets (the first PAIRS) time the visitors' messages
      if (i >= PAIRS) return;
      const frame = JSON.parse(data) as { type: string; message?: { text: string } };
      if (frame.type === 'message' && frame.message) arrived.set(frame.message.text, performance.now());
    },
  );
  global.gc?.();
  const after = process.memoryUsage();
  console.log(
    `  ${clients.length} sockets open: RSS ${mb(after.rss)} (+${mb(after.rss - before.rss)}), heap and buffers ` +
      `+${mb(held(after) - held(before))}: ${((held(after) - held(before)) / clients.length / 1024).toFixed(1)} kB a connection (server and client sides)`,
  );

  // the measure: a visitor's message, from the call's answer to its arrival on the author's socket
  const answered = new Map<string, number>();
  const started = new Map<string, number>();
  const pending: Promise<unknown>[] = [];
  const { sent, seconds } = await atRate((n) => {
    const i = n % PAIRS;
    const text = `m-${n}-${randomUUID().slice(0, 8)}`;
    started.set(text, performance.now());
    pending.push(
      post(visitors[i], { adId: `bench-flat-${i}`, text, chatId: chatIds[i] }).then(() =>
        answered.set(text, performance.now()),
      ),
    );
  });
  await Promise.allSettled(pending);
  await pause(1000);
  // a push usually arrives before the call's answer, which waits for the read models: 0 then
  const latencies = [...answered].flatMap(([text, at]) =>
    arrived.has(text) ? [Math.max(0, arrived.get(text)! - at)] : [],
  );
  const early = [...answered].filter(([text, at]) => (arrived.get(text) ?? Infinity) < at).length;
  const p99 = line('the app: send-message answer → author socket', latencies, sent, seconds);
  console.log(`    ${early} of ${answered.size} arrived before the call's answer`);
  const endToEnd = [...started].flatMap(([text, at]) => (arrived.has(text) ? [arrived.get(text)! - at] : []));
  const callP99 = line('the app: send-message call → author socket', endToEnd, sent, seconds);
  const rss = process.memoryUsage().rss;
  for (const c of clients) c.terminate();
  http.closeAllConnections();
  await sockets.close();
  await new Promise((resolve) => http.close(resolve));
  await app.close();

  // the ceiling: a bare ws server, the same connections and rate, send → arrival
  const bare = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise((resolve) => bare.on('listening', resolve));
  const bareHeld: WebSocket[] = [];
  bare.on('connection', (socket) => {
    bareHeld.push(socket);
    socket.send(JSON.stringify({ type: 'ready' }));
  });
  const bareArrived = new Map<string, number>();
  const bareUrl = `ws://127.0.0.1:${(bare.address() as { port: number }).port}`;
  const bareClients = await openAll(
    Array.from({ length: PAIRS * 2 }, () => ({ url: bareUrl })),
    (_i, data) => bareArrived.set((JSON.parse(data) as { text: string }).text, performance.now()),
  );
  const sentAt = new Map<string, number>();
  const bareRun = await atRate((n) => {
    const text = `b-${n}`;
    sentAt.set(text, performance.now());
    bareHeld[n % bareHeld.length].send(JSON.stringify({ type: 'message', text, chatId: randomUUID() }));
  });
  await pause(1000);
  const bareLatencies = [...sentAt].flatMap(([text, at]) =>
    bareArrived.has(text) ? [bareArrived.get(text)! - at] : [],
  );
  const ceiling = line('ceiling: bare ws send → socket', bareLatencies, bareRun.sent, bareRun.seconds);
  for (const c of bareClients) c.terminate();
  bare.close();
  console.log(
    `  goal: p99 < 100 ms from the answer — ${p99 < 100 ? 'met' : 'NOT met'} (${p99.toFixed(1)} ms; the ceiling's ${ceiling.toFixed(1)} ms); ` +
      `from the call, the stricter figure — ${callP99 < 100 ? 'met' : 'NOT met'} (${callP99.toFixed(1)} ms); RSS at the end of the app's run ${mb(rss)}`,
  );
  process.exit(0);
}

await main();
