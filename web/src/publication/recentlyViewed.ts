import { useBrowserStore } from '../app/browserStore';

/** product.md: the viewed listings' slider holds 16 cards */
export const RECENTLY_VIEWED_LIMIT = 16;
const KEY = 'recentlyViewedListings';
const listeners = new Set<() => void>();
const NONE: string[] = [];
let cache: { raw: string | null; ids: string[] } = { raw: null, ids: NONE };

function read(): string[] {
  let raw: string | null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return NONE; // storage refused (a private window's settings): nothing remembered
  }
  if (raw === cache.raw) return cache.ids;
  let ids: string[] = NONE;
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    if (Array.isArray(parsed))
      ids = parsed.filter((id): id is string => typeof id === 'string').slice(0, RECENTLY_VIEWED_LIMIT);
  } catch {
    ids = NONE;
  }
  cache = { raw, ids };
  return ids;
}

/** The listing opened now goes first; the list keeps the last 16 distinct ones, newest first. */
export function rememberViewed(id: string) {
  const ids = [id, ...read().filter((other) => other !== id)].slice(0, RECENTLY_VIEWED_LIMIT);
  try {
    localStorage.setItem(KEY, JSON.stringify(ids));
  } catch {
    return;
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // another tab's listing counts too
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The ids of the listings this browser viewed last, newest first. On the server and while the page
 * hydrates: none (the browser's storage is read only after), so the server's HTML is matched.
 */
const none = () => NONE;
export const useRecentlyViewed = () => useBrowserStore(subscribe, read, none);
