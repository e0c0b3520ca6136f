/**
 * The people of `bench:chat`, in a process of their own (forked by services/bench/chat.ts) so the
 * server's process does only the server's work, as it does in production: sockets that wait for
 * messages, and visitors who send them at a fixed rate. Every time is taken here, on one clock.
 *
 * Told by the parent over IPC: `open` (the sockets to open), `run` (send at a rate, through the
 * app's HTTP call or through a socket of a bare relay), `writers` (one chat's messages sent all at
 * once, or one after the other), `close`.
 */
import { WebSocket } from 'ws';
import { messageText } from '../src/chats/messageText';

export type Socket = { url: string; headers?: Record<string, string> };
export type Send =
  | { via: 'http'; base: string; tokens: string[]; bodies: { adId: string; chatId: string }[] }
  | { via: 'relay' };
export type Command =
  | { type: 'open'; sockets: Socket[]; listeners: number }
  | { type: 'run'; send: Send; rate: number; seconds: number; pairs: number }
  | { type: 'writers'; base: string; calls: WriterCall[]; together: boolean }
  | { type: 'close' };
/** one send-message call into a chat: who sends it, and where */
export type WriterCall = { token: string; body: { adId: string; chatId: string } };
export type WriterFigures = {
  /** from the call to its 201, ms */
  answered: number[];
  /** from the first call to the last answer */
  seconds: number;
  /** the calls that did not answer 201, by status or reason */
  failures: Record<string, number>;
};
export type Figures = {
  sent: number;
  seconds: number;
  /** from the call's answer (http) to the arrival, ms; 0 when the push came first */
  fromAnswer: number[];
  /** from the call (http) or the relay frame's send to the arrival, ms */
  fromCall: number[];
  early: number;
  failures: Record<string, number>;
};
export type Report =
  { type: 'opened' } | { type: 'figures'; figures: Figures } | { type: 'writers'; figures: WriterFigures };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const report = (message: Report) => process.send!(message);

let sockets: WebSocket[] = [];
const arrived = new Map<string, number>();

/** closes the sockets open before, opens these in batches; each resolves on its first frame (the server's `ready`) */
async function open(list: Socket[], listeners: number) {
  for (const socket of sockets) socket.terminate();
  arrived.clear();
  sockets = [];
  for (let at = 0; at < list.length; at += 250)
    await Promise.all(
      list.slice(at, at + 250).map(
        ({ url, headers }, k) =>
          new Promise<void>((resolve, reject) => {
            const i = at + k;
            const ws = new WebSocket(url, { headers, perMessageDeflate: false });
            sockets[i] = ws;
            let first = true;
            ws.on('message', (raw) => {
              if (first) {
                first = false;
                resolve();
                return;
              }
              // the first `listeners` sockets (the listings' authors) time what reaches them
              if (i >= listeners) return;
              const frame = JSON.parse(messageText(raw)) as { type: string; message?: { text: string } };
              if (frame.type === 'message' && frame.message)
                arrived.set(frame.message.text, performance.now());
            });
            ws.on('error', reject);
          }),
      ),
    );
}

/** sends `rate` a second for `seconds`, spread over 10 ms ticks */
async function atRate(rate: number, seconds: number, send: (n: number) => void) {
  const perTick = rate / 100;
  let sent = 0;
  const start = performance.now();
  for (let tick = 0; tick < seconds * 100; tick++) {
    const due = Math.round((tick + 1) * perTick) - Math.round(tick * perTick);
    for (let k = 0; k < due; k++) send(sent++);
    const wait = start + (tick + 1) * 10 - performance.now();
    if (wait > 0) await pause(wait);
  }
  return { sent, seconds: (performance.now() - start) / 1000 };
}

async function run(command: Extract<Command, { type: 'run' }>): Promise<Figures> {
  const { send, rate, seconds, pairs } = command;
  const started = new Map<string, number>();
  const answered = new Map<string, number>();
  const failures: Record<string, number> = {};
  const pending: Promise<unknown>[] = [];
  const result = await atRate(rate, seconds, (n) => {
    const i = n % pairs;
    const text = `m-${n}-${Math.random().toString(36).slice(2, 10)}`;
    started.set(text, performance.now());
    if (send.via === 'relay') {
      // the visitor's socket (after the authors') asks the bare server to pass the text on
      sockets[pairs + i].send(JSON.stringify({ to: i, text }));
      return;
    }
    pending.push(
      fetch(`${send.base}/api/chats/send-message`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${send.tokens[i]}` },
        body: JSON.stringify({ ...send.bodies[i], text }),
      })
        .then(async (res) => {
          if (res.status !== 201)
            throw new Error(`answered ${res.status}: ${(await res.text()).slice(0, 80)}`);
          await res.arrayBuffer();
          answered.set(text, performance.now());
        })
        .catch((error: Error) => {
          const reason = (error.cause instanceof Error ? error.cause.message : error.message).slice(0, 120);
          failures[reason] = (failures[reason] ?? 0) + 1;
        }),
    );
  });
  await Promise.allSettled(pending);
  await pause(1000);
  const fromCall = [...started].flatMap(([text, at]) => (arrived.has(text) ? [arrived.get(text)! - at] : []));
  const fromAnswer = [...answered].flatMap(([text, at]) =>
    arrived.has(text) ? [Math.max(0, arrived.get(text)! - at)] : [],
  );
  const early = [...answered].filter(([text, at]) => (arrived.get(text) ?? Infinity) < at).length;
  return { ...result, fromAnswer, fromCall, early, failures };
}

/** a client gives up after 10 s, as the callers did */
const WRITER_TIMEOUT_MS = 10_000;

/** every call of `calls` into its chat, all at once (`together`) or each after the previous one's answer */
async function writers({
  base,
  calls,
  together,
}: Extract<Command, { type: 'writers' }>): Promise<WriterFigures> {
  const answered: number[] = [];
  const failures: Record<string, number> = {};
  const call = async ({ token, body }: WriterCall, n: number) => {
    const at = performance.now();
    try {
      const res = await fetch(`${base}/api/chats/send-message`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ ...body, text: `w-${n}-${Math.random().toString(36).slice(2, 10)}` }),
        signal: AbortSignal.timeout(WRITER_TIMEOUT_MS),
      });
      await res.arrayBuffer();
      if (res.status === 201) answered.push(performance.now() - at);
      else failures[`answered ${res.status}`] = (failures[`answered ${res.status}`] ?? 0) + 1;
    } catch (error) {
      const reason = String(
        (error as Error).name === 'TimeoutError' ? 'timed out' : (error as Error).message,
      );
      failures[reason] = (failures[reason] ?? 0) + 1;
    }
  };
  const start = performance.now();
  if (together) await Promise.all(calls.map(call));
  else for (const [n, one] of calls.entries()) await call(one, n);
  return { answered, seconds: (performance.now() - start) / 1000, failures };
}

process.on('message', (command: Command) => {
  void (async () => {
    if (command.type === 'open') {
      await open(command.sockets, command.listeners);
      report({ type: 'opened' });
    } else if (command.type === 'run') {
      report({ type: 'figures', figures: await run(command) });
    } else if (command.type === 'writers') {
      report({ type: 'writers', figures: await writers(command) });
    } else {
      for (const socket of sockets) socket.terminate();
      process.exit(0);
    }
  })();
});
