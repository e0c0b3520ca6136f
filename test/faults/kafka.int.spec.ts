import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { skipped, tcpReachable } from '@estate/events/testing';
import {
  countInteractions,
  dailyInteractionStats,
  interaction,
  MemoryReadStore,
  type Interaction,
} from '@estate/projections';
import { KafkaBus } from '../../services/src/core/bus/kafka';

const root = resolve(__dirname, '../..');
const script = join(root, 'deploy/kafka/broker.sh');
// The test restarts its broker: a broker of its own (the project's broker script on ports of its own,
// the jars the run's broker was started from), so the suites that use the run's broker meanwhile are
// not touched.
// Below the kernel's ephemeral range: a port in it can be taken by any outgoing connection between the
// check that it is free and the broker's bind, and the broker then never listens (ECONNREFUSED).
const ephemeralFrom = (() => {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    return 32768;
  }
})();
const port = 20000 + Math.floor(Math.random() * ((Math.min(ephemeralFrom, 32768) - 20002) / 2)) * 2;
const broker = `127.0.0.1:${port}`;
const work = mkdtempSync(join(tmpdir(), 'estate-kafka-fault-'));
const brokerEnv = {
  ...process.env,
  KAFKA_PORT: String(port),
  KAFKA_WORK_DIR: work,
  KAFKA_LIBS: join(root, '.cache/kafka/libs'),
};
const javaFound = (() => {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const portsFree = !tcpReachable(`tcp://${broker}`) && !tcpReachable(`tcp://127.0.0.1:${port + 1}`);
const ours = javaFound && portsFree;
if (!ours) skipped('Kafka restart fault test', javaFound ? `port ${port} or ${port + 1} taken` : 'no Java');

beforeAll(() => {
  if (ours) execFileSync(script, ['start'], { env: brokerEnv, stdio: 'ignore', timeout: 120_000 });
}, 130_000);
afterAll(() => {
  if (ours) execFileSync(script, ['stop'], { env: brokerEnv, stdio: 'ignore', timeout: 60_000 });
  rmSync(work, { recursive: true, force: true });
}, 70_000);

async function publishUntilAccepted(bus: KafkaBus, topic: string, batch: Interaction[]) {
  for (;;) {
    try {
      return await bus.publish(
        topic,
        batch.map((i) => ({ key: i.publicationId, value: i })),
      );
    } catch {
      await new Promise((r) => setTimeout(r, 500)); // the broker is away: the sender keeps its batch and tries again
    }
  }
}

(ours ? it : it.skip)(
  'loses no interaction and counts none twice while the broker restarts',
  async () => {
    const topic = `interactions-fault-${randomUUID()}`;
    const store = new MemoryReadStore();
    const producer = new KafkaBus([broker], 'fault-producer');
    const consumerBus = new KafkaBus([broker], 'fault-consumer');
    const sub = await consumerBus.subscribe(`stats-${randomUUID()}`, topic, async (batch) => {
      await countInteractions(
        store,
        batch.map((m) => interaction.parse(m.value)),
      );
    });
    const publications = ['p1', 'p2', 'p3'];
    const sent = new Map<string, Interaction>();
    const day = '2026-11-23T12:00:00.000Z';
    let restart: Promise<unknown> | null = null;
    // detached, with no pipes: the broker it starts must not tie this test process to it
    const run = (args: string[]) =>
      new Promise<void>((done, fail) => {
        const child = spawn(script, args, { stdio: 'ignore', detached: true, env: brokerEnv });
        child.on('exit', (code) =>
          code === 0 ? done() : fail(new Error(`broker.sh ${args[0]} exited ${code}`)),
        );
        child.unref();
      });
    for (let round = 0; round < 40; round++) {
      const batch: Interaction[] = Array.from({ length: 50 }, (_, k) => {
        const n = round * 50 + k;
        // every tenth is a browser's repeat view of the same listing on the same day: same id
        const id =
          n % 10 === 9
            ? `view:b${n - 5}:${publications[(n - 5) % 3]}:2026-11-23`
            : `view:b${n}:${publications[n % 3]}:2026-11-23`;
        return { id, kind: 'view', publicationId: id.split(':')[2], at: day };
      });
      batch.forEach((i) => sent.set(i.id, i));
      await publishUntilAccepted(producer, topic, batch);
      // the broker goes down and comes back while the sender keeps producing
      if (round === 15) restart = run(['stop']).then(() => run(['start']));
      if (round >= 15 && round < 25) await new Promise((r) => setTimeout(r, 150));
    }
    const expected = new Map<string, number>();
    for (const i of sent.values()) expected.set(i.publicationId, (expected.get(i.publicationId) ?? 0) + 1);
    const counted = async () =>
      Promise.all(
        publications.map(
          async (p) => (await dailyInteractionStats(store, p, '2026-11-23', '2026-11-23'))[0]?.view ?? 0,
        ),
      );
    const deadline = Date.now() + 90_000;
    while ((await counted()).reduce((a, b) => a + b, 0) < sent.size && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 1000)); // anything delivered twice would land by now
    await restart;
    expect(restart).not.toBeNull();
    expect(await counted()).toEqual(publications.map((p) => expected.get(p)));
    await sub.stop();
    await consumerBus.close();
    await producer.close();
  },
  240_000,
);
