import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useBrowserStore } from '../app/browserStore';
import { api } from '@estate/client';

/**
 * The visitor's place (product.md, Locations modal and Location search): what they chose in the
 * locations modal, kept in the `location` cookie for a year; without the cookie, what the server
 * makes of their IP (`GET /api/user-location-by-ip`), stored the same way so the next pages need
 * not ask. 'Вся Россия' is id null. The catalogue's searches take its id as locationId.
 */
export type ChosenPlace = { id: string | null; name: string };

export const PLACE_COOKIE = 'location';
export const ALL_RUSSIA: ChosenPlace = { id: null, name: 'Вся Россия' };
const YEAR_SECONDS = 31_536_000;

/** The place a `location` cookie holds (a document.cookie or a request's Cookie header), or null. */
export function placeFromCookie(cookieHeader: string | undefined | null): ChosenPlace | null {
  const raw = (cookieHeader ?? '')
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${PLACE_COOKIE}=`));
  if (!raw) return null;
  try {
    const value = JSON.parse(decodeURIComponent(raw.slice(PLACE_COOKIE.length + 1))) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const { id, name } = value as Record<string, unknown>;
    if ((id === null || (typeof id === 'string' && /^\d{1,10}$/.test(id))) && typeof name === 'string')
      return { id, name: name.slice(0, 100) };
  } catch {
    // a cookie someone else wrote: asked again
  }
  return null;
}

type State = { place: ChosenPlace | null; ready: boolean };
let state: State = { place: null, ready: false };
const listeners = new Set<() => void>();
const emit = (next: State) => {
  state = next;
  listeners.forEach((l) => l());
};

function writeCookie(place: ChosenPlace) {
  const value = encodeURIComponent(JSON.stringify(place));
  document.cookie = `${PLACE_COOKIE}=${value}; Max-Age=${YEAR_SECONDS}; Path=/; SameSite=Lax`;
}

/** The visitor picked a place: kept for a year, and every search follows it at once. */
export function choosePlace(place: ChosenPlace) {
  writeCookie(place);
  emit({ place, ready: true });
}

/**
 * The place the server rendered the page for (the request's cookie, else its IP), in the query
 * cache under this key: the page hydrates with it, and a first visit keeps it without asking again.
 */
export const VISITOR_PLACE_KEY = ['visitor-place'] as const;

let started = false;
/**
 * The first look: the cookie, else the place the server rendered the page for (kept in the cookie
 * from then on), else the IP. An address the database could not place (`source: 'default'`, a private
 * or unknown one) starts at 'Вся Россия' rather than hiding the listings of wherever the visitor
 * really is (docs/decisions.md); a failed call does too.
 */
function start(rendered: ChosenPlace | null) {
  if (started || typeof document === 'undefined') return;
  started = true;
  const stored = placeFromCookie(document.cookie);
  if (stored) {
    state = { place: stored, ready: true };
    return;
  }
  if (rendered) {
    writeCookie(rendered);
    state = { place: rendered, ready: true };
    return;
  }
  // the first visit's guess, in the background: a failure means all of Russia (the catch below)
  void api
    .get('/api/user-location-by-ip')
    .then((answer) =>
      answer.meta.source === 'ip' ? { id: answer.data.id, name: answer.data.name } : ALL_RUSSIA,
    )
    .catch(() => ALL_RUSSIA)
    .then(choosePlace);
}

/** a page rendered without a place (the single-page shell, a failed render) waits for it */
const UNKNOWN: State = { place: null, ready: false };

/** The visitor's place, and whether it is known yet (the first visit waits for the IP's answer). */
export function useChosenPlace(): State {
  const rendered = useQueryClient().getQueryData<ChosenPlace | null>(VISITOR_PLACE_KEY) ?? null;
  // what the server rendered with: hydration meets the same page
  const server = useMemo<State>(() => (rendered ? { place: rendered, ready: true } : UNKNOWN), [rendered]);
  const subscribe = useCallback(
    (listener: () => void) => {
      start(rendered);
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    [rendered],
  );
  const snapshot = useCallback(() => {
    start(rendered);
    return state;
  }, [rendered]);
  const serverSnapshot = useCallback(() => server, [server]);
  return useBrowserStore(subscribe, snapshot, serverSnapshot);
}

/** Whether the locations modal is open: the header's and the burger menu's place both open the one modal. */
let modalOpen = false;
const modalListeners = new Set<() => void>();
export function setLocationsModal(open: boolean) {
  modalOpen = open;
  modalListeners.forEach((l) => l());
}
const subscribeModal = (listener: () => void) => {
  modalListeners.add(listener);
  return () => modalListeners.delete(listener);
};
export const useLocationsModal = () =>
  useSyncExternalStore(
    subscribeModal,
    () => modalOpen,
    () => false,
  );
