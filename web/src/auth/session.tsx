import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { api, logout as endSession, profile as askProfile, type ProfileDto } from '@estate/client';
import { keepGuestFavourites, takeGuestFavourites } from '../favourites/guestFavourites';
import { mergeGuestFavourites } from '../favourites/merge';

/** product.md's Profile, as the server declares it (identity/dto.ts). */
export type Profile = ProfileDto;
export const USER_ROLE = 3;

type Session = {
  profile: Profile | null;
  /** true until the first profile load has answered */
  loading: boolean;
  reload: () => Promise<void>;
  signedIn(): Promise<void>;
  logout: () => Promise<void>;
  /** ids of the signed-in user's favourites, loaded with the profile */
  favourites: Set<string>;
  toggleFavourite: (publicationId: string) => Promise<void>;
  authOpen: 'login' | 'register' | null;
  openAuth: (tab?: 'login' | 'register') => void;
  closeAuth: () => void;
};

type Loaded = { profile: Profile | null; favourites: Set<string> };
/** a guest's favourites on the server (none): one set, so a guest's first load changes nothing but `loading` */
const NO_FAVOURITES: Set<string> = new Set();

/**
 * A server-rendered page says whether the request carried a session cookie (`<meta name="session">`,
 * services/src/site): a guest's page does not ask for a profile it would be refused (a 401 in the
 * console); after sign-in, or on a page without the mark, it is asked.
 */
let guestPage =
  typeof document !== 'undefined' &&
  document.querySelector('meta[name="session"]')?.getAttribute('content') === 'guest';

/** Who is signed in (null: nobody, or the server could not say), with the ids of their favourites. */
async function loadSession(): Promise<Loaded> {
  if (guestPage) {
    guestPage = false; // asked only at the page's start
    return { profile: null, favourites: NO_FAVOURITES };
  }
  const me = await askProfile().catch(() => null);
  if (!me) return { profile: null, favourites: NO_FAVOURITES };
  // the spec's full fetch of favourites: limit 100, offset 1
  const list = await api
    .get('/api/favorite-publications', { query: { limit: 100, offset: 1 } })
    .catch(() => ({ data: [] }));
  return { profile: me, favourites: new Set(list.data.map((p) => p.id)) };
}

type State = Pick<Session, 'profile' | 'loading' | 'favourites' | 'authOpen'>;
type Actions = Omit<Session, keyof State>;

/** what the server renders with, and every part of the page hydrates with */
const SERVER_STATE: State = { profile: null, loading: true, favourites: NO_FAVOURITES, authOpen: null };

/**
 * The session's state outside React, read by each component that needs it (useSyncExternalStore):
 * the provider's value never changes, so a change of the session re-renders its readers only. A
 * changed context value would make React hydrate at once every part of the page still waiting for
 * its moment (app/hydrateLater.tsx): it cannot know whether their markup reads it.
 */
function sessionStore() {
  let state = SERVER_STATE;
  const listeners = new Set<() => void>();
  const set = (change: Partial<State>) => {
    state = { ...state, ...change };
    for (const listener of listeners) listener();
  };
  const apply = (loaded: Loaded) => set({ ...loaded, loading: false });
  const reload = async () => apply(await loadSession());
  const actions: Actions = {
    reload,
    async signedIn() {
      // the guest's favourites (kept in this browser) are read before the spec's clearing, then merged into the account
      const guestFavourites = takeGuestFavourites();
      localStorage.clear(); // the spec: local storage is cleared after sign-in
      const failed = await mergeGuestFavourites(guestFavourites);
      if (failed.length) keepGuestFavourites(failed);
      await reload();
    },
    async logout() {
      // the server ends the session and clears the cookie
      await endSession().catch(() => undefined);
      set({ profile: null, favourites: new Set() });
    },
    async toggleFavourite(publicationId) {
      const adding = !state.favourites.has(publicationId);
      const next = new Set(state.favourites);
      if (adding) next.add(publicationId);
      else next.delete(publicationId);
      set({ favourites: next });
      const call = adding
        ? api.post('/api/favorite-publications/{id}', { path: { id: publicationId } })
        : api.delete('/api/favorite-publications', { query: { adIds: [publicationId] } });
      await call.catch(() => reload());
    },
    openAuth: (tab = 'login') => set({ authOpen: tab }),
    closeAuth: () => set({ authOpen: null }),
  };
  return {
    actions,
    apply,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    state: () => state,
  };
}
type SessionStore = ReturnType<typeof sessionStore>;

const SessionContext = createContext<SessionStore | null>(null);
const serverState = () => SERVER_STATE;

/**
 * The visitor's session: the server sets the HttpOnly auth-token cookie at sign-in, which no script
 * can read; who is signed in is asked of `GET /api/profile` on the first load (401: nobody). A dead
 * cookie is cleared by the server itself (the spec's "a failed load removes the cookie").
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [store] = useState(sessionStore);
  // the first load: who is signed in, asked once the page starts
  useEffect(() => {
    let live = true;
    void loadSession().then((loaded) => live && store.apply(loaded));
    return () => {
      live = false;
    };
  }, [store]);
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSession outside SessionProvider');
  const state = useSyncExternalStore(store.subscribe, store.state, serverState);
  return useMemo(() => ({ ...state, ...store.actions }), [state, store]);
}
