import { DomainError } from './errors';
import { StreamQueueFullError, StreamQueues } from './streamQueue';

/** a promise the test settles when it chooses: a command that holds its stream until then */
function held<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** lets every pending reaction run: the queue moves on in promise reactions, never on timers */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the commands of one process on a stream take turns', () => {
  it('runs the commands of a stream in the order they came, whatever order their work finishes in', async () => {
    const queues = new StreamQueues(10);
    const started: number[] = [];
    const finished: number[] = [];
    const works = Array.from({ length: 5 }, () => held());
    const results = works.map((work, n) =>
      queues.run('chat-1', async () => {
        started.push(n);
        await work.promise;
        finished.push(n);
        return n;
      }),
    );
    await settle();
    expect(started).toEqual([0]);
    // released last to first: each still waits for the one before it
    for (const work of [...works].reverse()) work.resolve();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(finished).toEqual([0, 1, 2, 3, 4]);
  });

  it('runs one command of a stream at a time', async () => {
    const queues = new StreamQueues(100);
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        queues.run('booking-1', async () => {
          running++;
          most = Math.max(most, running);
          await settle();
          running--;
        }),
      ),
    );
    expect(most).toBe(1);
  });

  it('runs the commands of different streams side by side', async () => {
    const queues = new StreamQueues(10);
    const chat = held();
    const chatDone = queues.run('chat-1', () => chat.promise);
    // the wallet's command finishes while the chat's is still held
    await expect(queues.run('wallet-1', () => Promise.resolve('charged'))).resolves.toBe('charged');
    expect(queues.depthOf('chat-1')).toBe(1);
    chat.resolve();
    await chatDone;
    expect(queues.depthOf('chat-1')).toBe(0);
  });

  it('refuses a command beyond the depth at once with the 429 of the spec, and takes commands again once it drains', async () => {
    const queues = new StreamQueues(2);
    const first = held();
    const running = queues.run('chat-1', () => first.promise);
    const waiting = queues.run('chat-1', () => Promise.resolve('second'));
    const refused = await queues
      .run('chat-1', () => Promise.resolve('third'))
      .catch((error: unknown) => error);
    // refused while the two before it are still held: the caller does not wait for them
    expect(queues.depthOf('chat-1')).toBe(2);
    expect(refused).toBeInstanceOf(StreamQueueFullError);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).status).toBe(429);
    expect((refused as DomainError).toBody()).toEqual({
      errorCode: 108,
      message: 'Превышен лимит запросов, пожалуйста попробуйте позже.',
    });
    // another stream is not counted against this one
    await expect(queues.run('chat-2', () => Promise.resolve('elsewhere'))).resolves.toBe('elsewhere');
    first.resolve();
    await running;
    await expect(waiting).resolves.toBe('second');
    await expect(queues.run('chat-1', () => Promise.resolve('later'))).resolves.toBe('later');
  });

  it('goes on with the next command after one fails, rejects or throws', async () => {
    const queues = new StreamQueues(10);
    const failing = held();
    const rejected = queues.run('wallet-1', () => failing.promise);
    const thrown = queues.run('wallet-1', () => {
      throw new DomainError('INSUFFICIENT_BALANCE');
    });
    const next = queues.run('wallet-1', () => Promise.resolve('topped up'));
    failing.reject(new Error('the store is unreachable'));
    await expect(rejected).rejects.toThrow('the store is unreachable');
    await expect(thrown).rejects.toMatchObject({ kind: 'INSUFFICIENT_BALANCE' });
    await expect(next).resolves.toBe('topped up');
  });

  it('keeps nothing for a stream once its commands are done, failed or refused', async () => {
    const queues = new StreamQueues(1);
    const first = held();
    const running = queues.run('chat-1', () => first.promise);
    await expect(queues.run('chat-1', () => Promise.resolve('refused'))).rejects.toBeInstanceOf(
      StreamQueueFullError,
    );
    const failed = queues.run('chat-2', () => Promise.reject(new Error('lost')));
    await expect(failed).rejects.toThrow('lost');
    await settle();
    expect(queues.busyStreams).toBe(1);
    first.resolve();
    await running;
    await settle();
    expect(queues.busyStreams).toBe(0);
    expect(queues.depthOf('chat-1')).toBe(0);
    expect(queues.depthOf('chat-2')).toBe(0);
  });
});
