/**
 * Loads a page's chunk; when it is gone because a new build replaced the files while this page was
 * open (its old hashed names no longer exist), reloads the page once to take the new index.html,
 * instead of leaving a blank screen. A second failure within a minute is shown as the error it is.
 */
export function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    const KEY = 'chunk-reloaded-at';
    const last = Number(sessionStorage.getItem(KEY) ?? 0);
    if (Date.now() - last < 60_000) throw error;
    sessionStorage.setItem(KEY, String(Date.now()));
    window.location.reload();
    return new Promise<T>(() => undefined); // the page is going away
  });
}
