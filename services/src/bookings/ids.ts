import { derivedId } from '../core/ids';

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
