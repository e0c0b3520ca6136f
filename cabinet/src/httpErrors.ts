import type { HttpError } from 'react-admin';

/**
 * The field errors a refused call carries: react-admin's HttpError keeps the answer's body untyped,
 * and the shared client's refusals put them under `errors` (toHttpError in api.ts).
 */
export function fieldErrorsOf(error: unknown): Record<string, unknown> | undefined {
  const body = (error as HttpError).body as { errors?: Record<string, unknown> } | undefined;
  return body?.errors;
}
