/**
 * Jest global set-up of the int project: the runtime is checked, the run's demo log seeded once
 * (test/support/runtime.ts), and, on a machine with a Docker engine, start the four production engines through
 * testcontainers, so every contract suite and the end-to-end suite run against real servers. Where
 * no engine answers (this development machine), it does nothing: the suites then use the servers
 * .ci/run starts (Redis, the Kafka broker script, the MongoDB stand-in) or report themselves skipped.
 * Variables already set (TEST_REDIS_URL, TEST_MONGO_URL, TEST_KAFKA_BROKERS, EVENTSTORE_URL) win.
 */
import { execFileSync } from 'node:child_process';
import { requireRuntimeOfRecord, seedDemoLogOnce } from './runtime';

type Stoppable = { stop(): Promise<unknown> };
const started: Stoppable[] = [];

function dockerEngineAnswers(): boolean {
  if (process.env.TESTCONTAINERS === 'false') return false;
  try {
    execFileSync('docker', ['info'], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}

export default async function intSetup(): Promise<void> {
  requireRuntimeOfRecord();
  seedDemoLogOnce();
  if (!dockerEngineAnswers()) return;
  const { GenericContainer, Wait } = await import('testcontainers');
  const { KafkaContainer } = await import('@testcontainers/kafka');
  console.log('\ntestcontainers: starting Redis, MongoDB, Kafka and KurrentDB');
  if (!process.env.TEST_REDIS_URL) {
    const redis = await new GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
    started.push(redis);
    process.env.TEST_REDIS_URL = `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`;
  }
  if (!process.env.TEST_MONGO_URL) {
    const mongo = await new GenericContainer('mongo:7')
      .withExposedPorts(27017)
      .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/i))
      .start();
    started.push(mongo);
    process.env.TEST_MONGO_URL = `mongodb://${mongo.getHost()}:${mongo.getMappedPort(27017)}`;
  }
  if (!process.env.TEST_KAFKA_BROKERS) {
    const kafka = await new KafkaContainer('confluentinc/cp-kafka:7.9.0').withKraft().start();
    started.push(kafka);
    process.env.TEST_KAFKA_BROKERS = `${kafka.getHost()}:${kafka.getMappedPort(9093)}`;
  }
  if (!process.env.EVENTSTORE_URL) {
    const kurrent = await new GenericContainer('docker.kurrent.io/kurrent-latest/kurrentdb:latest')
      .withEnvironment({
        KURRENTDB_CLUSTER_SIZE: '1',
        KURRENTDB_RUN_PROJECTIONS: 'None',
        KURRENTDB_INSECURE: 'true',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
      .start();
    started.push(kurrent);
    process.env.EVENTSTORE_URL = `kurrentdb://${kurrent.getHost()}:${kurrent.getMappedPort(2113)}?tls=false`;
  }
  (globalThis as { __engines__?: Stoppable[] }).__engines__ = started;
}
