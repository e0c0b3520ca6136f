/**
 * Asks `probe` again, with pauses growing from 5 to 100 ms, until it answers something or `waitMs`
 * has passed (then undefined): how a call waits for a worker in another process to report back.
 */
export async function poll<T>(probe: () => Promise<T | undefined>, waitMs: number): Promise<T | undefined> {
  const deadline = Date.now() + waitMs;
  for (let pause = 5; ; pause = Math.min(pause * 2, 100)) {
    const answer = await probe();
    if (answer !== undefined || Date.now() >= deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
