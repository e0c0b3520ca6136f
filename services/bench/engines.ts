/**
 * npm run bench:engines — throughput of the production engines that run here (not a test):
 *  1. interactions through Kafka (producer → broker → consumer group → statistics read model, each counted once), per second end to end;
 *  2. BullMQ jobs processed per second on the local Redis.
 * Needs the broker (deploy/kafka/broker.sh start) and Redis; says what is missing otherwise.
 */
import { randomUUID } from 'node:crypto';
import { tcpReachable } from '@estate/events/testing';
import {
  countInteractions,
  dailyInteractionStats,
  MemoryReadStore,
  type Interaction,
} from '@estate/projections';
import { KafkaBus } from '../src/core/bus/kafka';
import { BullMqJobQueue } from '../src/core/jobs/bullmq';

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:19092').split(',');
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const fmt = (n: number) => Math.round(n).toLocaleString('ru-RU');

async function kafkaInteractions(total: number) {
  const bus = new KafkaBus(brokers, 'bench');
  const topic = `bench-interactions-${randomUUID()}`;
  const store = new MemoryReadStore();
  let counted = 0;
  const started = performance.now();
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  // the real consumer's work: each interaction counted once into the statistics read model
  const sub = await bus.subscribe(
    `bench-${randomUUID()}`,
    topic,
    async (batch) => {
      counted += await countInteractions(
        store,
        batch.map((m) => m.value as Interaction),
      );
      if (counted >= total) done();
    },
    { maxBatch: 5000 },
  );
  const batch = 2000;
  for (let i = 0; i < total; i += batch) {
    await bus.publish(
      topic,
      Array.from({ length: Math.min(batch, total - i) }, (_, k) => {
        const n = i + k;
        const value: Interaction = {
          id: `view:b${n}:p${n % 5000}:2026-11-23`,
          kind: 'view',
          publicationId: `p${n % 5000}`,
          at: '2026-11-23T10:00:00.000Z',
        };
        return { key: value.publicationId, value };
      }),
    );
  }
  await finished;
  const seconds = (performance.now() - started) / 1000;
  await sub.stop();
  await bus.close();
  const p0 = await dailyInteractionStats(store, 'p0', '2026-11-23', '2026-11-23');
  if (p0[0]?.view !== total / 5000)
    throw new Error(`statistics read model holds ${p0[0]?.view} views of p0, expected ${total / 5000}`);
  return total / seconds;
}

async function bullmqJobs(total: number, concurrency: number) {
  const jobs = new BullMqJobQueue(redisUrl, { prefix: `bench-${randomUUID()}` });
  const queue = 'bench';
  let processed = 0;
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  for (let i = 0; i < total; i++) await jobs.add(queue, 'noop', { i });
  const started = performance.now();
  const worker = await jobs.process(
    queue,
    () => {
      if (++processed === total) done();
    },
    { concurrency },
  );
  await finished;
  const seconds = (performance.now() - started) / 1000;
  await worker.stop();
  await jobs.close();
  return total / seconds;
}

async function main() {
  console.log('bench:engines');
  if (tcpReachable(`tcp://${brokers[0]}`)) {
    const total = Number(process.env.BENCH_INTERACTIONS ?? 100_000);
    console.log(
      `  Kafka: ${fmt(total)} interactions through Kafka into the statistics read model (embedded): ${fmt(await kafkaInteractions(total))} per second end to end (goal ≥ 20 000/s)`,
    );
  } else console.log(`  Kafka: SKIPPED — no broker at ${brokers[0]} (deploy/kafka/broker.sh start)`);
  if (tcpReachable(redisUrl)) {
    const total = Number(process.env.BENCH_JOBS ?? 10_000);
    console.log(
      `  BullMQ: ${fmt(total)} jobs, concurrency 50: ${fmt(await bullmqJobs(total, 50))} jobs/s processed (goal ≥ 2 000/s)`,
    );
  } else console.log(`  BullMQ: SKIPPED — no Redis at ${redisUrl}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
