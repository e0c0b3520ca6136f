import { createHash } from 'node:crypto';

/**
 * An id in the shape of a UUID, derived from its parts instead of drawn: the same parts give the
 * same id on every run, so a step run again (a resumed workflow, a redelivered event) names the
 * entry or the message it made the first time, and the deciders answer it with no new event.
 */
export function derivedId(...parts: string[]): string {
  const h = createHash('sha256').update(parts.join('\n')).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/**
 * The id of one run of a use case across streams (workflow.ts). A client that sends an
 * `Idempotency-Key` gets the same run back when it asks again (a retry after a timeout resumes it);
 * without one every call is a run of its own. The key counts only for the same caller, use case
 * and request.
 */
export function workflowIdFor(
  useCase: string,
  requestId: string,
  callerId: string,
  idempotencyKey: string | null,
  fresh: () => string,
): string {
  return `${useCase}-${idempotencyKey ? derivedId(useCase, requestId, callerId, idempotencyKey) : fresh()}`;
}
