import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { skipped, tcpReachable } from '@estate/events/testing';
import { ROLES } from '@estate/events';
import { WebSocket } from 'ws';
import { ChatSockets, CHAT_SOCKET_PATH } from '../services/src/chats';
import { registerUser } from '../services/src/identity';
import { createAgency, createPublication } from '../services/test/publications';
import { signIn, startTestApp, type TestApp } from '../services/test/testApp';
import { messageText } from '../services/src/chats/messageText';

const mongoUrl = process.env.TEST_MONGO_URL ?? 'mongodb://127.0.0.1:27018';
const reachable = tcpReachable(mongoUrl);
if (!reachable) skipped('chats across API processes', `no MongoDB (or stand-in) at ${mongoUrl}`);

/**
 * Issue 15, item 3, across processes: the test's own process runs the app as `ROLE=all` (its
 * projector and reactors), and a second OS process runs the server as `ROLE=api`
 * (`services/src/main.ts`), on the same event log, bus and read store (the log and the bus are
 * SQLite files both open, the read models MongoDB). A message sent through one process reaches a
 * socket held by the other, through the bus.
 */
type Node = { url: string };
type Served = Node & { app: TestApp; http: Server; sockets: ChatSockets };
const root = join(__dirname, '..');

/** the server as deployed with ROLE=api, in a process of its own; resolves once it answers */
async function apiProcess(env: Record<string, string>): Promise<Node & { child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ROLE: 'api',
      SEED: 'false',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr.on('data', (chunk) => (out += chunk));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the api process did not start:\n${out}`)), 60_000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const ready = /"port":(\d+)[^\n]*"msg":"marketplace ready"/.exec(out);
      if (ready) {
        clearTimeout(timer);
        resolve(Number(ready[1]));
      }
    });
    child.on('exit', (code) => reject(new Error(`the api process exited (${code}):\n${out}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

async function serve(app: TestApp): Promise<Served> {
  const http = createServer(app.app);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const sockets = new ChatSockets(app.ctx);
  await sockets.attach(http);
  return {
    app,
    http,
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    sockets,
  };
}

async function stop(node: Served) {
  node.http.closeAllConnections();
  await node.sockets.close();
  await new Promise((resolve) => node.http.close(resolve));
}

/** a socket on a process, and the first message frame it receives */
async function socketOn(node: Node, token: string) {
  const ws = new WebSocket(`${node.url.replace('http', 'ws')}${CHAT_SOCKET_PATH}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const frames: { type: string; message?: { text: string } }[] = [];
  await new Promise<void>((resolve) =>
    ws.on('message', (raw) => {
      const frame = JSON.parse(messageText(raw)) as (typeof frames)[number];
      frames.push(frame);
      if (frame.type === 'ready') resolve();
    }),
  );
  const message = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "${text}" in ${JSON.stringify(frames)}`)), 15_000);
      const check = () => {
        if (frames.some((f) => f.type === 'message' && f.message?.text === text)) {
          clearTimeout(timer);
          resolve();
        } else setTimeout(check, 50);
      };
      check();
    });
  return { ws, message };
}

async function send(node: Node, token: string, body: object) {
  const res = await fetch(`${node.url}/api/chats/send-message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { chatId: string } }).data.chatId;
}

(reachable ? it : it.skip)(
  'delivers a message sent through one API process to the sockets another holds, both ways',
  async () => {
    const env = { MONGO_URL: mongoUrl, MONGO_DB: `chats_${randomUUID().slice(0, 8)}` };
    const first = await startTestApp({ seed: false, env: { ...env, ROLE: 'all' } });
    const one = await serve(first);
    const two = await apiProcess({ ...env, DATA_DIR: first.dataDir });
    try {
      const agency = await createAgency(first.ctx, 'procs', '81');
      await createPublication(first.ctx, agency.agent, {
        id: 'procs-flat',
        price: 8_100_000,
        publishedDaysAgo: 1,
      });
      await registerUser(first.ctx, {
        type: 'RegisterUser',
        userId: 'procs-visitor',
        name: 'Олег',
        phone: '79161230081',
        email: null,
        role: ROLES.USER,
        agencyId: null,
      });
      await first.ctx.projections.whenCaughtUp();
      const visitor = await signIn(first, '79161230081');
      const agent = await signIn(first, agency.agentPhone);

      // the visitor's socket on the api process; the agent writes through the other
      const visitorSocket = await socketOn(two, visitor);
      const agentSocket = await socketOn(one, agent);
      const chatId = await send(two, visitor, {
        adId: 'procs-flat',
        text: 'Здравствуйте! Актуально?',
        chatId: null,
      });
      await agentSocket.message('Здравствуйте! Актуально?');
      await send(one, agent, { adId: 'procs-flat', text: 'Да, актуально', chatId });
      await visitorSocket.message('Да, актуально');
      visitorSocket.ws.close();
      agentSocket.ws.close();
    } finally {
      two.child.kill('SIGTERM');
      await stop(one);
      for (const name of [
        'catalogue',
        'users',
        'sessions',
        'agencies',
        'chats',
        'chat_thread',
        'chat_people',
        'chat_agencies',
        'chat_presence',
        'projection_checkpoints',
      ])
        await first.ctx.readStore.collection(name).drop();
      await first.close();
    }
  },
  60_000,
);
