/**
 * The bus port: topics of messages read by consumer groups (Kafka in production).
 * Delivery is at least once, in publish order per topic, and a group's offset moves only after its
 * handler succeeded: a failing handler gets the same batch again and nothing is skipped. A handler
 * that must count each message once dedupes by an id carried inside the message.
 */
export type BusMessage = { topic: string; key: string | null; value: unknown; offset: number; timestamp: string };

export type SubscribeOptions = { maxBatch?: number; onError?: (error: unknown) => void };

export type BusSubscription = { stop(): Promise<void> };

export interface Bus {
  readonly name: string;
  publish(topic: string, messages: { key?: string | null; value: unknown }[]): Promise<void>;
  /** A new group starts at the beginning of the topic; a known group resumes after its last committed offset. */
  subscribe(group: string, topic: string, handler: (batch: BusMessage[]) => Promise<void>, options?: SubscribeOptions): Promise<BusSubscription>;
  close(): Promise<void>;
}
