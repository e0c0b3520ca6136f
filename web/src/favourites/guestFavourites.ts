import { useSyncExternalStore } from 'react';
import { useBrowserStore } from '../app/browserStore';

/**
 * A guest's favourites (issue 18 item 6): kept in this browser's local storage, newest first, and
 * merged into the account at sign-in (auth/session.tsx). At most GUEST_LIMIT, as the account's full
 * list is fetched (product.md section 9: favourites full list 100).
 */
export const GUEST_FAVOURITES_KEY = 'guestFavourites';
export const GUEST_LIMIT = 100;

const listeners = new Set<() => void>();
let cache: string[] | null = null;

const EMPTY: string[] = [];

function read(): string[] {
  try {
    const value = JSON.parse(localStorage.getItem(GUEST_FAVOURITES_KEY) ?? '[]') as unknown;
    return Array.isArray(value) && value.length > 0
      ? value
          .filter((id): id is string => typeof id === 'string' && /^[\w-]{1,64}$/.test(id))
          .slice(0, GUEST_LIMIT)
      : EMPTY;
  } catch {
    return EMPTY;
  }
}

function write(ids: string[]) {
  try {
    if (ids.length) localStorage.setItem(GUEST_FAVOURITES_KEY, JSON.stringify(ids));
    else localStorage.removeItem(GUEST_FAVOURITES_KEY);
  } catch {
    // private mode or a full store: kept for this page only
  }
  cache = ids;
  listeners.forEach((l) => l());
}

const snapshot = () => (cache ??= typeof localStorage === 'undefined' ? [] : read());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  // another tab changed them
  const onStorage = (e: StorageEvent) => {
    if (e.key === GUEST_FAVOURITES_KEY || e.key === null) {
      cache = read();
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
};
const none = () => EMPTY;

/** The guest's favourite ids, newest first (none on the server and while the page hydrates). */
export const useGuestFavourites = () => useBrowserStore(subscribe, snapshot, none);

/** Adds or removes one; answers whether it is now a favourite. */
export function toggleGuestFavourite(id: string): boolean {
  const ids = snapshot();
  const adding = !ids.includes(id);
  write(adding ? [id, ...ids].slice(0, GUEST_LIMIT) : ids.filter((x) => x !== id));
  return adding;
}

export function removeGuestFavourites(remove: string[]) {
  write(snapshot().filter((id) => !remove.includes(id)));
}

/** Hands the guest's favourites over (at sign-in) and forgets them; the oldest first, so the account keeps their order. */
export function takeGuestFavourites(): string[] {
  const ids = [...read()].reverse();
  write([]);
  return ids;
}

/** Keeps again those the account could not take (a failed call): tried at the next sign-in. */
export function keepGuestFavourites(ids: string[]) {
  write([...new Set([...snapshot(), ...ids])].slice(0, GUEST_LIMIT));
}

/** The prompt a guest sees after a heart (product.md: a guest is asked to sign in). */
let prompt = 0;
const promptListeners = new Set<() => void>();
export function showGuestPrompt() {
  prompt++;
  promptListeners.forEach((l) => l());
}
export const useGuestPrompt = () =>
  useSyncExternalStore(
    (l) => {
      promptListeners.add(l);
      return () => promptListeners.delete(l);
    },
    () => prompt,
    () => 0,
  );
