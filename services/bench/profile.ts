import { writeFileSync } from 'node:fs';

/**
 * BENCH_PROFILE=file.cpuprofile: a CPU profile of this process (the server, in the benches) from now
 * until stop(), written to the file for Chrome's DevTools; nothing at all without a file.
 */
export async function profileTo(file: string | undefined) {
  if (!file) return { stop: async () => {} };
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    stop: async () => {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
