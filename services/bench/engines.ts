/**
 * npm run bench:engines — throughput of the production engines that run here (not a test):
 *  1. interactions through Kafka (kafkajs producer → broker → consumer group), messages per second end to end;
 *  2. BullMQ jobs processed per second on the local Redis.
 * Needs the broker (deploy/kafka/broker.sh start) and Redis; says what is missing otherwise.
 */
import { randomUUID } from 'node:crypto';
import { tcpReachable } from '@estate/events/testing';
import { KafkaBus } from '../src/core/bus/kafka';
import { BullMqJobQueue } from '../src/core/jobs/bullmq';

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:19092').split(',');
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const fmt = (n: number) => Math.round(n).toLocaleString('ru-RU');

async function kafkaInteractions(total: number) {
  const bus = new KafkaBus(brokers, 'bench');
  const topic = `bench-interactions-${randomUUID()}`;
  const seen = new Set<string>();
  const started = performance.now();
  let done!: () => void;
  const finished = new Promise<void>((resolve) => (done = resolve));
  const sub = await bus.subscribe(`bench-${randomUUID()}`, topic, async (batch) => {
    for (const m of batch) seen.add((m.value as { id: string }).id);
    if (seen.size >= total) done();
  }, { maxBatch: 5000 });
  const batch = 2000;
  for (let i = 0; i < total; i += batch) {
    await bus.publish(topic, Array.from({ length: Math.min(batch, total - i) }, (_, k) => {
      const n = i + k;
      return { key: `p${n % 5000}`, value: { id: `v${n}`, type: 'view', publicationId: `p${n % 5000}`, uuid: `b${n % 9000}`, at: '2026-11-23T10:00:00Z' } };
    }));
  }
  await finished;
  const seconds = (performance.now() - started) / 1000;
  await sub.stop();
  await bus.close();
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
  const worker = await jobs.process(queue, async () => {
    if (++processed === total) done();
  }, { concurrency });
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
    console.log(`  Kafka: ${fmt(total)} interactions produced and consumed by a group: ${fmt(await kafkaInteractions(total))} messages/s end to end (goal ≥ 20 000/s)`);
  } else console.log(`  Kafka: SKIPPED — no broker at ${brokers[0]} (deploy/kafka/broker.sh start)`);
  if (tcpReachable(redisUrl)) {
    const total = Number(process.env.BENCH_JOBS ?? 10_000);
    console.log(`  BullMQ: ${fmt(total)} jobs, concurrency 50: ${fmt(await bullmqJobs(total, 50))} jobs/s processed (goal ≥ 2 000/s)`);
  } else console.log(`  BullMQ: SKIPPED — no Redis at ${redisUrl}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
