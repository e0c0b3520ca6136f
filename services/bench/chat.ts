/**
 * `npm run bench:chat` (issue 15): one API process (the app, its chat sockets on its own HTTP
 * server) holding 5,000 WebSocket connections — a visitor and a listing's author for each of 2,500
 * chats — with the memory they take; then messages at 500 a second, each sent by a visitor through
 * `POST /api/chats/send-message`, timed from the call's answer (and from the call) to its arrival
 * on the author's socket. The ceiling, in the same run: a bare `ws` server relaying the same number
 * of messages at the same rate between the same number of connections, from the visitor's socket
 * to the author's.
 *
 * Before the sockets, many writers on one chat (issue 40): 50 send-message calls at once into one
 * chat, timed from the call to its answer, in rounds; the ceiling, in the same run: the same calls
 * one after the other (a single writer) into another chat. Between rounds the reactors catch up,
 * for both alike.
 *
 * The people (sockets and callers) run in a child process (chatClients.ts), in both measures
 * alike, so the server's process does only the server's work; the machine's 2 cores are shared by
 * the two. BENCH_PAIRS (2,500), BENCH_RATE (500 a second) and BENCH_SECONDS (10) change the load;
 * BENCH_WRITERS (50) and BENCH_WRITER_ROUNDS (5) the writers' case.
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { ROLES } from '@estate/events';
import { WebSocketServer, type WebSocket } from 'ws';
import { ChatSockets, CHAT_SOCKET_PATH } from '../src/chats';
import { registerUser, startSession } from '../src/identity';
import { createPublication } from '../test/publications';
import { startTestApp } from '../test/testApp';
import type { Command, Figures, Report, WriterCall, WriterFigures } from './chatClients';
import { messageText } from '../src/chats/messageText';
import { profileTo } from './profile';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 2500);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WRITERS = Number(process.env.BENCH_WRITERS ?? 50);
const WRITER_ROUNDS = Number(process.env.BENCH_WRITER_ROUNDS ?? 5);
/** the writers' goal: p99 from the call to its answer */
const WRITERS_P99_GOAL_MS = 200;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
const line = (label: string, latencies: number[], figures: Figures) => {
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(
    `  ${label.padEnd(42)} ${(figures.sent / figures.seconds).toFixed(0).padStart(5)} messages/s, delivered ${latencies.length}/${figures.sent}, ` +
      `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`,
  );
  return percentile(sorted, 99);
};

/** the writers' rounds in one line: answers a second over the rounds' time, and the calls' p50/p99 */
const writersLine = (label: string, rounds: WriterFigures[]) => {
  const answered = rounds.flatMap((r) => r.answered).sort((a, b) => a - b);
  const seconds = rounds.reduce((sum, r) => sum + r.seconds, 0);
  const calls = WRITERS * rounds.length;
  console.log(
    `  ${label.padEnd(42)} ${(answered.length / seconds).toFixed(0).padStart(5)} answers/s, 201 for ${answered.length}/${calls}, ` +
      `p50 ${percentile(answered, 50).toFixed(1)} ms, p99 ${percentile(answered, 99).toFixed(1)} ms, max ${(answered.at(-1) ?? NaN).toFixed(1)} ms`,
  );
  const failures: Record<string, number> = {};
  for (const round of rounds)
    for (const [reason, count] of Object.entries(round.failures))
      failures[reason] = (failures[reason] ?? 0) + count;
  for (const [reason, count] of Object.entries(failures)) console.log(`    ${count} calls: ${reason}`);
  return { p99: percentile(answered, 99), rate: answered.length / seconds, all: answered.length === calls };
};

/** the people's process, and a way to tell it something and wait for its answer */
function people() {
  const child = fork(new URL('./chatClients.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const waiting: ((report: Report) => void)[] = [];
  child.on('message', (report: Report) => waiting.shift()?.(report));
  return {
    ask: (command: Command) =>
      new Promise<Report>((resolve) => {
        waiting.push(resolve);
        child.send(command);
      }),
    close: () => child.send({ type: 'close' } satisfies Command),
  };
}

async function main() {
  console.log(
    `bench:chat — ${PAIRS * 2} sockets (${PAIRS} chats), ${RATE} messages/s for ${SECONDS} s; ` +
      `${WRITERS} writers on one chat × ${WRITER_ROUNDS} rounds; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );
  const clients = people();
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

  // many writers on one chat: its two members' calls, all at once; the ceiling, one writer's in turn
  const writerCalls = (chat: number, oneWriter: boolean): WriterCall[] =>
    Array.from({ length: WRITERS }, (_, n) => ({
      token: !oneWriter && n % 2 ? authors[chat] : visitors[chat],
      body: { adId: `bench-flat-${chat}`, chatId: chatIds[chat] },
    }));
  const rounds = async (chat: number, together: boolean) => {
    const figures: WriterFigures[] = [];
    for (let round = 0; round < WRITER_ROUNDS; round++) {
      const report = await clients.ask({
        type: 'writers',
        base,
        calls: writerCalls(chat, !together),
        together,
      });
      figures.push((report as Extract<Report, { type: 'writers' }>).figures);
      // what follows the messages (the pushes, the absent member's notices) is done before the next round
      await app.ctx.reactors.whenCaughtUp();
    }
    return figures;
  };
  const many = writersLine(`the app: ${WRITERS} writers on one chat at once`, await rounds(0, true));
  const single = writersLine(`ceiling: one writer, ${WRITERS} sends in turn`, await rounds(1 % PAIRS, false));
  console.log(
    `  goal: ${WRITERS} writers on one chat p99 < ${WRITERS_P99_GOAL_MS} ms — ` +
      `${many.p99 < WRITERS_P99_GOAL_MS && many.all ? 'met' : 'NOT met'} (${many.p99.toFixed(1)} ms, ` +
      `${many.rate.toFixed(0)} answers/s against one writer's ${single.rate.toFixed(0)}/s)`,
  );

  // the connections, and what the server's process takes for them
  global.gc?.();
  const before = process.memoryUsage();
  const held = (m: NodeJS.MemoryUsage) => m.heapUsed + m.external;
  const ws = `${base.replace('http', 'ws')}${CHAT_SOCKET_PATH}`;
  await clients.ask({
    type: 'open',
    sockets: [...authors, ...visitors].map((token) => ({
      url: ws,
      headers: { Authorization: `Bearer ${token}` },
    })),
    listeners: PAIRS,
  });
  global.gc?.();
  const after = process.memoryUsage();
  console.log(
    `  ${PAIRS * 2} sockets open: the server's RSS ${mb(after.rss)} (+${mb(after.rss - before.rss)}), heap and buffers ` +
      `+${mb(held(after) - held(before))}: ${((held(after) - held(before)) / (PAIRS * 2) / 1024).toFixed(1)} kB a connection`,
  );

  // the measure: a visitor's message, from the call (and its answer) to its arrival on the author's socket
  const profiler = await profileTo(process.env.BENCH_PROFILE);
  const measured = (await clients.ask({
    type: 'run',
    send: {
      via: 'http',
      base,
      tokens: visitors,
      bodies: chatIds.map((chatId, i) => ({ adId: `bench-flat-${i}`, chatId })),
    },
    rate: RATE,
    seconds: SECONDS,
    pairs: PAIRS,
  })) as Extract<Report, { type: 'figures' }>;
  await profiler.stop();
  const rss = process.memoryUsage().rss;
  const figures = measured.figures;
  // a push usually arrives before the call's answer, which waits for the read models: 0 then
  const p99 = line('the app: send-message answer → author socket', figures.fromAnswer, figures);
  console.log(`    ${figures.early} of ${figures.fromAnswer.length} arrived before the call's answer`);
  for (const [reason, count] of Object.entries(figures.failures))
    console.log(`    ${count} calls failed: ${reason}`);
  const callP99 = line('the app: send-message call → author socket', figures.fromCall, figures);
  await clients.ask({ type: 'open', sockets: [], listeners: 0 }); // the app's sockets closed
  http.closeAllConnections();
  await sockets.close();
  await new Promise((resolve) => http.close(resolve));
  await app.close();

  // the ceiling: a bare ws server relaying from the visitor's socket to the author's, same connections and rate
  const bare = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise((resolve) => bare.on('listening', resolve));
  const relayed: WebSocket[] = [];
  bare.on('connection', (socket, request) => {
    relayed[Number(new URL(request.url ?? '/', 'http://bare').searchParams.get('i'))] = socket;
    socket.on('message', (raw) => {
      const { to, text } = JSON.parse(messageText(raw)) as { to: number; text: string };
      relayed[to].send(JSON.stringify({ type: 'message', message: { text } }));
    });
    socket.send(JSON.stringify({ type: 'ready' }));
  });
  const bareUrl = `ws://127.0.0.1:${(bare.address() as { port: number }).port}`;
  await clients.ask({
    type: 'open',
    sockets: Array.from({ length: PAIRS * 2 }, (_, i) => ({ url: `${bareUrl}/?i=${i}` })),
    listeners: PAIRS,
  });
  const bareRun = (await clients.ask({
    type: 'run',
    send: { via: 'relay' },
    rate: RATE,
    seconds: SECONDS,
    pairs: PAIRS,
  })) as Extract<Report, { type: 'figures' }>;
  const ceiling = line('ceiling: bare ws relay socket → socket', bareRun.figures.fromCall, bareRun.figures);
  clients.close();
  bare.close();
  const sustained = figures.fromCall.length === figures.sent;
  console.log(
    `  goal: p99 < 100 ms from the answer — ${p99 < 100 && sustained ? 'met' : 'NOT met'} (${p99.toFixed(1)} ms, ` +
      `${figures.fromCall.length} of ${figures.sent} delivered; the ceiling's ${ceiling.toFixed(1)} ms); ` +
      `from the call, the stricter figure — ${callP99 < 100 && sustained ? 'met' : 'NOT met'} (${callP99.toFixed(1)} ms); ` +
      `the server's RSS at the end of its run ${mb(rss)}`,
  );
  process.exit(0);
}

await main();
