/**
 * Heavy reads (the catalogue's searches, counts and map) take turns: one starts per pass of the event
 * loop. Node runs every request that arrived together in one pass before it looks at its timers and
 * the rest of its I/O again, so 20 searches in flight (about 1.5 ms each) kept a write, a projection's
 * wake-up or a timer waiting 20–30 ms. A search now waits for its turn in a queue served by
 * `setImmediate`, and between two searches the loop reads new requests, runs due timers and lets
 * whatever is not a heavy read (commands, the read-back of a write, health checks) go first: a write
 * waits for at most one search. The searches' own order stays first come, first served.
 */
const waiting: (() => void)[] = [];
let scheduled = false;

function serveNext() {
  scheduled = false;
  const next = waiting.shift();
  // the next search's turn is on the next pass of the loop, after its timers and I/O
  if (waiting.length > 0) schedule();
  next?.();
}

function schedule() {
  if (scheduled) return;
  scheduled = true;
  setImmediate(serveNext);
}

/** Resolves when it is this read's turn. */
export function readTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    schedule();
  });
}

/** how many heavy reads are waiting for their turn (for the bench's and the tests' eyes) */
export const readsWaiting = () => waiting.length;
