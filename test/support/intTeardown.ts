import { removeDemoLog } from './runtime';

/** Jest global tear-down of the int project: stops what intSetup started, and removes the run's demo log. */
export default async function intTeardown(): Promise<void> {
  const started = (globalThis as { __engines__?: { stop(): Promise<unknown> }[] }).__engines__ ?? [];
  await Promise.all(started.map((container) => container.stop()));
  removeDemoLog();
}
