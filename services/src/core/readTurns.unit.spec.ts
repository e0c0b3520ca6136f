import { readTurn, readsWaiting } from './readTurns';

/** a read's CPU time: longer than a timer's 1 ms resolution, so a timer set now is due after one read */
function busy(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('heavy reads take turns', () => {
  it('serves them first come, first served, one per pass of the event loop', async () => {
    const order: string[] = [];
    const reads = ['a', 'b', 'c'].map((name) =>
      readTurn().then(() => {
        order.push(`read ${name}`);
        busy(3);
      }),
    );
    expect(readsWaiting()).toBe(3);
    // a timer due now and a command that is not a heavy read come in after the three reads
    setTimeout(() => order.push('timer'), 0);
    setImmediate(() => order.push('command'));
    await Promise.all(reads);
    expect(order.filter((o) => o.startsWith('read'))).toEqual(['read a', 'read b', 'read c']);
    // neither waited for all three reads: each went before the last read's turn
    expect(order.indexOf('command')).toBeLessThan(order.indexOf('read c'));
    expect(order.indexOf('timer')).toBeLessThan(order.indexOf('read c'));
    expect(readsWaiting()).toBe(0);
  });

  it('lets a read that arrives while others wait join the end of the queue', async () => {
    const order: string[] = [];
    const first = readTurn().then(() => {
      order.push('first');
      return readTurn().then(() => void order.push('queued by the first'));
    });
    const second = readTurn().then(() => void order.push('second'));
    await Promise.all([first, second]);
    expect(order).toEqual(['first', 'second', 'queued by the first']);
  });
});
