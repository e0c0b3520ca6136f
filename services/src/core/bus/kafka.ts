import { Kafka, logLevel, type Admin, type Consumer, type Producer } from 'kafkajs';
import type { Bus, BusMessage, BusSubscription, SubscribeOptions } from './port';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The production bus on Kafka (kafkajs). Messages are JSON; a group commits an offset only after its
 * handler succeeded on the batch, and a failing batch is retried in place (with heartbeats) so that
 * nothing is skipped and nothing behind it overtakes it.
 */
export class KafkaBus implements Bus {
  readonly name = 'kafka';
  private readonly kafka: Kafka;
  private producer: Producer | null = null;
  private admin: Admin | null = null;
  private readonly knownTopics = new Set<string>();
  private readonly consumers = new Set<Consumer>();

  constructor(brokers: string[], clientId = 'estate-marketplace') {
    this.kafka = new Kafka({
      clientId,
      brokers,
      logLevel: logLevel.NOTHING,
      retry: { retries: 10, initialRetryTime: 100 },
    });
  }

  private async ensureTopic(topic: string) {
    if (this.knownTopics.has(topic)) return;
    this.admin ??= this.kafka.admin();
    await this.admin.connect();
    await this.admin
      .createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: true })
      .catch((error: { type?: string }) => {
        if (error?.type !== 'TOPIC_ALREADY_EXISTS') throw error;
      });
    this.knownTopics.add(topic);
  }

  async publish(topic: string, messages: { key?: string | null; value: unknown }[]): Promise<void> {
    if (messages.length === 0) return;
    await this.ensureTopic(topic);
    if (!this.producer) {
      this.producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
      await this.producer.connect();
    }
    try {
      await this.producer.send({
        topic,
        acks: -1,
        messages: messages.map((m) => ({ key: m.key ?? null, value: JSON.stringify(m.value) })),
      });
    } catch (error) {
      // a producer that gave up (broker away past its retries) is replaced on the next publish
      const broken = this.producer;
      this.producer = null;
      await broken?.disconnect().catch(() => undefined);
      throw error;
    }
  }

  async subscribe(
    group: string,
    topic: string,
    handler: (batch: BusMessage[]) => Promise<void> | void,
    options: SubscribeOptions = {},
  ): Promise<BusSubscription> {
    const maxBatch = options.maxBatch ?? 500;
    await this.ensureTopic(topic);
    const consumer = this.kafka.consumer({
      groupId: group,
      sessionTimeout: 30000,
      heartbeatInterval: 3000,
      maxWaitTimeInMs: 100,
    });
    this.consumers.add(consumer);
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: !options.fromNow });
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      // kafkajs's helpers are called on their payload (they are declared as its methods)
      eachBatch: async (payload) => {
        const { batch } = payload;
        for (let start = 0; start < batch.messages.length; start += maxBatch) {
          const slice = batch.messages.slice(start, start + maxBatch);
          const messages: BusMessage[] = slice.map((m) => ({
            topic: batch.topic,
            key: m.key ? m.key.toString() : null,
            value: JSON.parse(m.value?.toString() ?? 'null') as unknown,
            offset: Number(m.offset),
            timestamp: new Date(Number(m.timestamp)).toISOString(),
          }));
          for (let failures = 0; ; failures++) {
            if (!payload.isRunning() || payload.isStale()) return;
            try {
              await handler(messages);
              break;
            } catch (error) {
              options.onError?.(error);
              await payload.heartbeat();
              await sleep(Math.min(25 * 2 ** (failures + 1), 2000));
            }
          }
          payload.resolveOffset(slice[slice.length - 1].offset);
          // a live group commits nothing: its next subscription starts from now again
          if (!options.fromNow)
            await payload.commitOffsetsIfNecessary({
              topics: [
                {
                  topic: batch.topic,
                  partitions: [
                    {
                      partition: batch.partition,
                      offset: String(Number(slice[slice.length - 1].offset) + 1),
                    },
                  ],
                },
              ],
            });
          await payload.heartbeat();
        }
      },
    });
    return {
      stop: async () => {
        if (!this.consumers.delete(consumer)) return;
        await consumer.disconnect();
      },
    };
  }

  async lastOffset(topic: string): Promise<number> {
    await this.ensureTopic(topic);
    const partitions = await this.admin!.fetchTopicOffsets(topic);
    // the high watermark is the offset the next message will get
    return Math.max(-1, ...partitions.map((p) => Number(p.high) - 1));
  }

  async close(): Promise<void> {
    await Promise.all([...this.consumers].map((c) => c.disconnect()));
    this.consumers.clear();
    await this.producer?.disconnect();
    await this.admin?.disconnect();
    this.producer = null;
    this.admin = null;
  }
}
