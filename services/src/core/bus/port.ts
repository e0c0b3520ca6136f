/**
 * The bus port: topics of messages read by consumer groups (Kafka in production, SQLite embedded).
 *
 * Delivery is AT LEAST ONCE, in offset order per key (the embedded adapter keeps one total order per
 * topic). A group's offset is committed only after its handler's promise resolved; a handler that
 * throws gets the same batch again after a back-off, so nothing is ever skipped. The price is that a
 * batch may come twice (a crash or a stop between handling and committing, a Kafka rebalance): a
 * handler that must count each message once dedupes by an id carried inside the message's value.
 */
export type BusMessage = {
  topic: string;
  key: string | null;
  value: unknown;
  offset: number;
  timestamp: string;
};

/** A value is anything JSON can carry; `undefined` travels as null. */
export type OutgoingMessage = { key?: string | null; value: unknown };

export type SubscribeOptions = {
  /** most messages handed to one handler call (default 500) */
  maxBatch?: number;
  /**
   * a live group, for this subscription alone: it starts after the topic's last message and commits
   * nothing, so a later subscription of the same name starts from now again (a process's own group
   * for live pushes: what it missed while down is caught up otherwise, and a commit per push would
   * be a write per message for nothing)
   */
  fromNow?: boolean;
  /** told about every failed batch (and storage hiccup) before the batch is retried */
  onError?: (error: unknown) => void;
};

export type BusSubscription = {
  /** resolves once the handler is no longer running and nothing more will be delivered to it */
  stop(): Promise<void>;
};

export interface Bus {
  readonly name: string;
  /** Appends the messages in order; all or none with the embedded adapter. */
  publish(topic: string, messages: OutgoingMessage[]): Promise<void>;
  /**
   * Joins a consumer group: each message of the topic is handled by one member of the group.
   * A known group resumes after its last committed offset; a new group starts at the beginning.
   */
  subscribe(
    group: string,
    topic: string,
    // awaited: a handler with nothing to wait for may return at once
    handler: (batch: BusMessage[]) => Promise<void> | void,
    options?: SubscribeOptions,
  ): Promise<BusSubscription>;
  /**
   * The offset of the topic's newest message, or -1 when it has none: a group whose handler has
   * handled that offset has seen everything published before the call (the statistics wait on it
   * at start). Topics are made with one partition, so their offsets are one sequence.
   */
  lastOffset(topic: string): Promise<number>;
  /** Stops every subscription of this client (waiting for running handlers) and releases the storage. */
  /**
   * Drops every message of a topic of live pushes (read by `fromNow` groups only, so delivered or
   * never to be): an erasure asks for it, as the pushes carry what people wrote. Kafka keeps such
   * a topic for its `retention.ms` instead (docs/operations.md).
   */
  trim?(topic: string): Promise<void>;
  close(): Promise<void>;
}
