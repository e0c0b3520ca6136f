import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { ROLES } from '@estate/events';
import { skipped, tcpReachable } from '@estate/events/testing';
import { INTERACTION_STATS } from '@estate/projections';
import { DEV_EMAIL, DEV_SMS } from '../services/src/core/notify/outbox';
import { registerUser } from '../services/src/identity';
import { startSession } from '../services/src/identity/sessions';
import { startTestApp } from '../services/test/testApp';
import { projectionsOf } from '../services/src/slices';

const mongoUrl = process.env.TEST_MONGO_URL ?? 'mongodb://127.0.0.1:27018';
const reachable = tcpReachable(mongoUrl);
if (!reachable) skipped('one trace across two roles', `no MongoDB (or stand-in) at ${mongoUrl}`);

/**
 * Issue 43, items 2 and 3, across processes: the server runs twice as deployed
 * (`services/src/main.ts`), as `ROLE=api` and as `ROLE=all` (its projections and reactors), on the
 * same event log and bus (SQLite files) and read store (MongoDB), both exporting spans over
 * OTLP/HTTP (JSON) to a receiver this test runs. A sign-out through the api process appends
 * SessionEnded; the other process projects it (identity) and reacts to it (the chats' sockets). One trace holds the request, the command and the
 * append from the api and the projection and reaction from the other; the log lines of both carry
 * the request's id as their correlation id and that trace's id.
 */
type OtlpValue = { stringValue?: string; intValue?: string | number };
type OtlpSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string };
type ExportRequest = {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: OtlpValue }[] };
    scopeSpans?: { spans?: OtlpSpan[] }[];
  }[];
};
type ReceivedSpan = OtlpSpan & { service: string };
type LogLine = Record<string, unknown> & { msg?: string };

const root = join(__dirname, '..');
const KEPT_BESIDE = ['projection_checkpoints', 'reactor_checkpoints', INTERACTION_STATS, DEV_SMS, DEV_EMAIL];

/** an OTLP/HTTP receiver of traces in JSON: every span it is sent, with its service's name */
async function otlpReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; server: Server }> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.url === '/v1/traces' && req.headers['content-type']?.includes('application/json')) {
        const sent = JSON.parse(body) as ExportRequest;
        for (const resource of sent.resourceSpans ?? []) {
          const service =
            resource.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
          for (const scope of resource.scopeSpans ?? [])
            for (const span of scope.spans ?? []) spans.push({ ...span, service });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    spans,
    server,
  };
}

/** the server in a process of its own; resolves once it answers, its JSON log lines kept */
async function serverProcess(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'services/src/main.ts'], {
    cwd: root,
    env: { ...process.env, SEED: 'false', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'debug', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const lines: LogLine[] = [];
  child.stderr!.on('data', (chunk) => (out += chunk));
  let partial = '';
  child.stdout!.on('data', (chunk) => {
    out += chunk;
    const whole = (partial + String(chunk)).split('\n');
    partial = whole.pop() ?? '';
    for (const line of whole) if (line.startsWith('{')) lines.push(JSON.parse(line) as LogLine);
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the ${env.ROLE} process did not start:\n${out}`)),
      90_000,
    );
    const ready = () => {
      const line = lines.find((l) => l.msg === 'marketplace ready');
      if (!line) return;
      clearTimeout(timer);
      child.stdout!.off('data', ready);
      resolve(Number(line.port));
    };
    child.stdout!.on('data', ready);
    child.on('exit', (code) => reject(new Error(`the ${env.ROLE} process exited (${code}):\n${out}`)));
  });
  return { child, lines, url: `http://127.0.0.1:${port}` };
}

/** polls until `found` returns something, or fails with what was seen at the deadline */
async function eventually<T>(
  found: () => T | undefined | Promise<T | undefined>,
  seen: () => unknown,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const result = await found();
    if (result !== undefined) return result;
    if (Date.now() > deadline) throw new Error(`not found in time; seen: ${JSON.stringify(seen())}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

(reachable ? it : it.skip)(
  'one trace spans the request in an api process and the projection and reaction in another',
  async () => {
    const receiver = await otlpReceiver();
    const database = `traces_${randomUUID().slice(0, 8)}`;
    // the test's own context on the same log and read store (no tracing): it makes the user and the session
    const writer = await startTestApp({
      seed: false,
      env: { MONGO_URL: mongoUrl, MONGO_DB: database, ROLE: 'api' },
    });
    const env = {
      MONGO_URL: mongoUrl,
      MONGO_DB: database,
      DATA_DIR: writer.dataDir,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_TRACES_SAMPLER_ARG: '1',
      // spans are sent a moment after they end, not five seconds later
      OTEL_BSP_SCHEDULE_DELAY: '100',
    };
    const processes: { child: ChildProcess }[] = [];
    try {
      // the reactors start at the head of the log: the projecting and reacting side is up before the request
      const worker = await serverProcess({ ...env, ROLE: 'all' });
      processes.push(worker);
      const api = await serverProcess({ ...env, ROLE: 'api' });
      processes.push(api);
      await registerUser(writer.ctx, {
        type: 'RegisterUser',
        userId: 'traces-visitor',
        name: 'Ирина',
        phone: '79161230043',
        email: null,
        role: ROLES.USER,
        agencyId: null,
      });
      const { token } = await startSession(writer.ctx, 'traces-visitor');
      const auth = { authorization: `Bearer ${token}` };
      // the session is known to the api once the other process has projected it
      await eventually(
        async () => (await fetch(`${api.url}/api/profile`, { headers: auth })).status === 200 || undefined,
        () => 'no profile for the session',
      );

      // signing out appends SessionEnded: the identity projection and the chats' session reactor follow it
      const requestId = `traces-${randomUUID()}`;
      const res = await fetch(`${api.url}/api/auth/logout`, {
        method: 'POST',
        headers: { ...auth, 'x-request-id': requestId },
      });
      expect(`${res.status} ${await res.text()}`).toMatch(/^200 /);
      expect(res.headers.get('x-request-id')).toBe(requestId);

      const spans = receiver.spans;
      const requestSpan = await eventually(
        () => spans.find((s) => s.service === 'estate-api' && s.name === 'POST /api/auth/logout'),
        () => spans.map((s) => `${s.service} ${s.name}`),
      );
      const inTrace = () => spans.filter((s) => s.traceId === requestSpan.traceId);
      const append = await eventually(
        () => inTrace().find((s) => s.service === 'estate-api' && s.name.startsWith('append ')),
        () => inTrace().map((s) => `${s.service} ${s.name}`),
      );
      const command = inTrace().find((s) => s.spanId === append.parentSpanId);
      expect(command).toMatchObject({ service: 'estate-api', parentSpanId: requestSpan.spanId });
      expect(command!.name).toMatch(/^command /);
      // the other process continues the trace: its spans are children of the append's
      const projected = await eventually(
        () => inTrace().find((s) => s.service === 'estate' && s.name.startsWith('project ')),
        () => inTrace().map((s) => `${s.service} ${s.name}`),
      );
      const reacted = await eventually(
        () => inTrace().find((s) => s.service === 'estate' && s.name.startsWith('react ')),
        () => inTrace().map((s) => `${s.service} ${s.name}`),
      );
      expect(projected.parentSpanId).toBe(append.spanId);
      expect(reacted.parentSpanId).toBe(append.spanId);

      // the logs: the api's lines of the request, and the other process's lines of the reaction
      const requestLine = await eventually(
        () => api.lines.find((l) => l.requestId === requestId && l.msg === 'request completed'),
        () => api.lines.slice(-5),
      );
      expect(requestLine).toMatchObject({ correlationId: requestId, traceId: requestSpan.traceId });
      const workerLines = await eventually(
        () => {
          const found = worker.lines.filter((l) => l.correlationId === requestId);
          return found.length > 0 ? found : undefined;
        },
        () => worker.lines.slice(-5),
      );
      for (const line of workerLines) expect(line.traceId).toBe(requestSpan.traceId);
    } finally {
      for (const { child } of processes) child.kill('SIGTERM');
      await Promise.all(
        processes.map(
          ({ child }) =>
            new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve))),
        ),
      );
      receiver.server.close();
      // the read models and what the roles keep beside them in the suite's own database
      const collections = projectionsOf().flatMap((p) => Object.keys(p.collections));
      for (const name of new Set([...collections, ...KEPT_BESIDE]))
        await writer.ctx.readStore.collection(name).drop();
      await writer.close();
    }
  },
  180_000,
);
