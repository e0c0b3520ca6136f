import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { StoredEvent } from '@estate/events';
import { catalogueProjection, hashReadModels } from '@estate/projections';
import { startMetricsServer } from '../services/src/core/metrics';
import { runAdmin } from '../services/src/operations/admin';
import {
  adminEndpoint,
  adminTargetsOf,
  JOB_IDS_REMEMBERED_MS,
  OPERATOR,
} from '../services/src/operations/control';
import { startTestApp, type TestApp } from '../services/test/testApp';
import { registerSiteUser } from '../services/test/users';

/**
 * The operator's command line against a running process (issue 43, item 7): a read model rebuilt
 * and a reactor replayed through the process's internal port, refusals told as the process gave
 * them, the lags read from its metrics, and the script's wiring through `npm run admin`.
 */
const root = resolve(__dirname, '..');
const TOKEN = 'admin-token-for-the-tests-0123456789';
let t: TestApp;
let url: string;
let noTokenUrl: string;
let closeServers: () => Promise<void>;

async function admin(argv: string[], env: NodeJS.ProcessEnv = {}) {
  const lines: string[] = [];
  const code = await runAdmin(
    argv,
    { NODE_ENV: 'test', DATA_DIR: t.dataDir, ADMIN_TOKEN: TOKEN, ...env },
    { line: (text) => lines.push(text), error: (text) => lines.push(text) },
  );
  return { code, text: lines.join('\n') };
}

async function wholeLog(): Promise<StoredEvent[]> {
  const events: StoredEvent[] = [];
  for (let after = 0; ;) {
    const batch = await t.ctx.eventStore.readAll(after, 1000);
    if (batch.length === 0) return events;
    events.push(...batch);
    after = batch[batch.length - 1].position;
  }
}

beforeAll(async () => {
  t = await startTestApp();
  const served = await startMetricsServer(
    t.ctx.metrics,
    0,
    '127.0.0.1',
    adminEndpoint(adminTargetsOf(t.ctx), TOKEN),
  );
  const plain = await startMetricsServer(
    t.ctx.metrics,
    0,
    '127.0.0.1',
    adminEndpoint(adminTargetsOf(t.ctx), undefined),
  );
  url = `http://127.0.0.1:${served.port}`;
  noTokenUrl = `http://127.0.0.1:${plain.port}`;
  closeServers = async () => {
    await served.close();
    await plain.close();
  };
}, 120_000);

afterAll(async () => {
  await closeServers();
  await t.close();
});

it('rebuilds a read model in the running process, to the same documents', async () => {
  const before = await hashReadModels(t.ctx.readStore, [catalogueProjection]);
  const answer = await admin(['rebuild', 'catalogue', '--url', url]);
  expect(answer).toEqual({
    code: 0,
    text: expect.stringMatching(/^Модель catalogue перестроена до позиции \d+/),
  });
  expect(await hashReadModels(t.ctx.readStore, [catalogueProjection])).toBe(before);
}, 60_000);

it('names the read models there are when asked for one that is not', async () => {
  const answer = await admin(['rebuild', 'catalog', '--url', url]);
  expect(answer.code).toBe(1);
  expect(answer.text).toMatch(/\(404\): Нет модели чтения catalog; есть: identity, catalogue/);
});

it('is refused with another token, and not found on a process started without one', async () => {
  expect(await admin(['rebuild', 'catalogue', '--url', url], { ADMIN_TOKEN: `x${TOKEN}` })).toEqual({
    code: 1,
    text: expect.stringMatching(/\(401\): Требуется авторизация/),
  });
  expect(await admin(['rebuild', 'catalogue', '--url', noTokenUrl])).toEqual({
    code: 1,
    text: expect.stringMatching(/\(404\).*без ADMIN_TOKEN/),
  });
});

it('replays a reactor whose effects are deduped for good: the booking chat gets no message twice', async () => {
  const messages = async () => (await wholeLog()).filter((e) => e.type === 'ChatMessagePosted').length;
  const bookingFacts = (await wholeLog()).filter((e) => e.type === 'BookingRequested');
  expect(bookingFacts.length).toBeGreaterThan(0); // the replay goes over bookings
  const before = await messages();
  expect(await admin(['replay', 'booking-chat', '--from', '0', '--url', url])).toEqual({
    code: 0,
    text: expect.stringMatching(/^Реактор booking-chat повторяет события после позиции 0/),
  });
  await t.ctx.reactors.whenCaughtUp();
  expect(await messages()).toBe(before);
}, 60_000);

it('refuses without --force to replay SMS and e-mails older than the queue remembers their ids', async () => {
  const later = new Date(Date.now() + 2 * JOB_IDS_REMEMBERED_MS);
  const served = await startMetricsServer(
    t.ctx.metrics,
    0,
    '127.0.0.1',
    adminEndpoint({ ...adminTargetsOf(t.ctx), clock: () => later }, TOKEN),
  );
  try {
    const laterUrl = `http://127.0.0.1:${served.port}`;
    const refused = await admin(['replay', 'booking-notices', '--from', '0', '--url', laterUrl]);
    expect(refused.code).toBe(1);
    expect(refused.text).toMatch(/\(422\): booking-notices ставит в очередь СМС и письма.*--force/);
    const forced = await admin(['replay', 'booking-notices', '--from', '0', '--force', '--url', laterUrl]);
    expect(forced).toEqual({ code: 0, text: expect.stringMatching(/^ВНИМАНИЕ: booking-notices ставит/) });
    await t.ctx.reactors.whenCaughtUp();
  } finally {
    await served.close();
  }
}, 60_000);

it('shows the lags of the read models, the reactors and the queues from the process’s metrics', async () => {
  const answer = await admin(['lags', '--url', url]);
  expect(answer.code).toBe(0);
  expect(answer.text).toContain(`${url} (роль all):`);
  expect(answer.text).toMatch(/модель чтения catalogue: отстаёт на \d+ событий/);
  expect(answer.text).toMatch(/реактор booking-notices: не обработано \d+ событий/);
});

it('runs through npm run admin: a stream shown from DATA_DIR, the exit code told', async () => {
  const [registered] = (await wholeLog()).filter((e) => e.type === 'AgencyRegistered');
  const run = spawn('npm', ['run', '-s', 'admin', '--', 'stream', registered.streamId, '--limit', '1'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: t.dataDir },
  });
  let out = '';
  run.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const code = await new Promise((done) => run.once('exit', done));
  expect(code).toBe(0);
  expect(out).toMatch(new RegExp(`^#0 AgencyRegistered v\\d+ .* позиция ${registered.position}\\n`));
}, 60_000);

it('erases a person at a written request, once, and names the reason the operator gave', async () => {
  await registerSiteUser(t.ctx, { userId: 'erased-by-operator', name: 'Олег Стёртый', phone: '79161234078' });
  const noReason = await admin(['erase', 'erased-by-operator', '--url', url]);
  expect(noReason.code).toBe(2);

  const answer = await admin(['erase', 'erased-by-operator', '--reason', 'заявление №17', '--url', url]);
  expect(answer).toEqual({
    code: 0,
    text: expect.stringMatching(/^Данные пользователя erased-by-operator удалены/),
  });
  const [erased] = (await wholeLog()).filter(
    (e) => e.type === 'PersonErased' && (e.data as { userId: string }).userId === 'erased-by-operator',
  );
  expect(erased.data).toMatchObject({ by: OPERATOR, reason: 'заявление №17' });

  expect(await admin(['erase', 'erased-by-operator', '--reason', 'повторно', '--url', url])).toEqual({
    code: 0,
    text: 'Данные пользователя erased-by-operator уже были удалены.',
  });
  expect((await admin(['erase', 'nobody-here', '--reason', 'заявление', '--url', url])).code).toBe(1);
}, 60_000);
