import { DomainError } from './errors';

/** commands one process holds on one stream (running and waiting) unless configured (`STREAM_QUEUE_DEPTH`) */
export const DEFAULT_STREAM_QUEUE_DEPTH = 100;

/**
 * A command refused because its stream's queue is full: the spec's 429 at once, rather than a wait
 * behind more commands than a caller would outlast. Not a refusal of the command by the rules: a
 * workflow step that meets it is left to be retried, never compensated (core/workflow.ts).
 */
export class StreamQueueFullError extends DomainError {
  constructor(readonly streamId: string) {
    super('TOO_MANY_REQUESTS');
    this.name = 'StreamQueueFullError';
  }
}

type StreamLine = {
  /** commands running or waiting on the stream */
  held: number;
  /** settles when the last command queued has finished, whatever its outcome */
  tail: Promise<void>;
};

/**
 * One process's commands on each stream, one at a time in the order they came (issue 40). Writers
 * racing for a stream's revision all read and decide, all but one fail the append, and all retry
 * into the same race: 50 sends to one chat answered 37 a second. In line, each decides on the state
 * its predecessor left and appends once; other streams go on in parallel. A stream's line exists
 * only while a command is on it, so idle streams cost nothing.
 */
export class StreamQueues {
  private readonly lines = new Map<string, StreamLine>();

  constructor(public maxDepth: number = DEFAULT_STREAM_QUEUE_DEPTH) {}

  /** runs `work` once every command queued before it on the stream has finished; 429 when `maxDepth` are held */
  run<T>(streamId: string, work: () => Promise<T>): Promise<T> {
    const line = this.lines.get(streamId) ?? { held: 0, tail: Promise.resolve() };
    if (line.held >= this.maxDepth) return Promise.reject(new StreamQueueFullError(streamId));
    if (line.held === 0) this.lines.set(streamId, line);
    line.held++;
    const release = () => {
      if (--line.held === 0) this.lines.delete(streamId);
    };
    const result = line.tail.then(work);
    // the next command starts after this one has settled and been counted out, failed or not
    line.tail = result.then(release, release);
    return result;
  }

  /** commands running or waiting on the stream */
  depthOf(streamId: string): number {
    return this.lines.get(streamId)?.held ?? 0;
  }

  /** streams with a command running or waiting */
  get busyStreams(): number {
    return this.lines.size;
  }
}
