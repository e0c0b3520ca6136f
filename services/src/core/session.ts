import { AsyncLocalStorage } from 'node:async_hooks';
import { sessionIdOf } from '@estate/events';

/**
 * The session a request acts in, kept for the commands it runs: the HTTP boundary (identity's
 * `authenticate`) opens it, `handleCommand` writes its id into the metadata of every event the
 * request's user causes, so the agency's audit trail can say from which session each action came.
 */
type RequestSession = { userId: string; sessionId: string };
const current = new AsyncLocalStorage<RequestSession>();

export { sessionIdOf };

/** Runs the rest of a request inside its session. */
export const inSession = <T>(session: RequestSession, fn: () => T): T => current.run(session, fn);

/**
 * The session id to record on an event whose actor is `actor`: only the request's own user's
 * commands carry it (a system step the request sets off names no session).
 */
export function sessionOfActor(actor: string | null | undefined): string | undefined {
  const session = current.getStore();
  return session && actor && session.userId === actor ? session.sessionId : undefined;
}
