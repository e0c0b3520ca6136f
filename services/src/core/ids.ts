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
