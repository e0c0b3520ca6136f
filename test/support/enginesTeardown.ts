/** Jest global tear-down: stops what test/support/engines.ts started (nothing where Docker is absent). */
export default async function stopEngines(): Promise<void> {
  const started = (globalThis as { __engines__?: { stop(): Promise<unknown> }[] }).__engines__ ?? [];
  await Promise.all(started.map((container) => container.stop()));
}
