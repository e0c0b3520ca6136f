import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { apiCall, logout as endSession, profile as askProfile, type ProfileDto } from '@estate/client';
import { keepGuestFavourites, takeGuestFavourites } from '../favourites/guestFavourites';
import { mergeGuestFavourites } from '../favourites/merge';

/** product.md's Profile, as the server declares it (identity/dto.ts). */
export type Profile = ProfileDto;
export const USER_ROLE = 3;

type Session = {
  profile: Profile | null;
  /** true until the first profile load has answered */
  loading: boolean;
  reload(): Promise<void>;
  signedIn(): Promise<void>;
  logout(): Promise<void>;
  /** ids of the signed-in user's favourites, loaded with the profile */
  favourites: Set<string>;
  toggleFavourite(publicationId: string): Promise<void>;
  authOpen: 'login' | 'register' | null;
  openAuth(tab?: 'login' | 'register'): void;
  closeAuth(): void;
};

const SessionContext = createContext<Session | null>(null);

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
  const list = await apiCall<{ data: { id: string }[] }>(
    '/api/favorite-publications?limit=100&offset=1',
  ).catch(() => ({ data: [] }));
  return { profile: me, favourites: new Set(list.data.map((p) => p.id)) };
}

/**
 * The visitor's session: the server sets the HttpOnly auth-token cookie at sign-in, which no script
 * can read; who is signed in is asked of `GET /api/profile` on the first load (401: nobody). A dead
 * cookie is cleared by the server itself (the spec's "a failed load removes the cookie").
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [loading, setLoading] = useState(true);
  const [authOpen, setAuthOpen] = useState<Session['authOpen']>(null);
  const [favourites, setFavourites] = useState<Set<string>>(NO_FAVOURITES);

  const apply = useCallback((loaded: Loaded) => {
    setProfile(loaded.profile);
    setFavourites(loaded.favourites);
    setLoading(false);
  }, []);
  const reload = useCallback(async () => apply(await loadSession()), [apply]);

  // the first load: who is signed in, asked once the page starts
  useEffect(() => {
    let live = true;
    // a transition (in slices on React; the browser's Preact renders it at once, after the
    // page's hydration): the header and the hearts that read the session re-render
    void loadSession().then((loaded) => live && startTransition(() => apply(loaded)));
    return () => {
      live = false;
    };
  }, [apply]);

  const value = useMemo<Session>(
    () => ({
      profile,
      loading,
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
        setProfile(null);
        setFavourites(new Set());
      },
      favourites,
      async toggleFavourite(publicationId) {
        const adding = !favourites.has(publicationId);
        setFavourites((current) => {
          const next = new Set(current);
          if (adding) next.add(publicationId);
          else next.delete(publicationId);
          return next;
        });
        const call = adding
          ? apiCall(`/api/favorite-publications/${encodeURIComponent(publicationId)}`, { method: 'POST' })
          : apiCall(`/api/favorite-publications?adIds[]=${encodeURIComponent(publicationId)}`, {
              method: 'DELETE',
            });
        await call.catch(() => reload());
      },
      authOpen,
      openAuth: (tab = 'login') => setAuthOpen(tab),
      closeAuth: () => setAuthOpen(null),
    }),
    [profile, loading, reload, authOpen, favourites],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
