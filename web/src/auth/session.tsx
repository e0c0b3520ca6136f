import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { apiCall, logout as endSession, type ProfileDto } from '@estate/client';

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

/**
 * The visitor's session: the server sets the HttpOnly auth-token cookie at sign-in, which no script
 * can read; who is signed in is asked of `GET /api/profile` on the first load (401: nobody). A dead
 * cookie is cleared by the server itself (the spec's "a failed load removes the cookie").
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [loading, setLoading] = useState(true);
  const [authOpen, setAuthOpen] = useState<Session['authOpen']>(null);
  const [favourites, setFavourites] = useState<Set<string>>(new Set());

  const reload = useCallback(async () => {
    try {
      setProfile((await apiCall<{ data: Profile }>('/api/profile')).data);
      // the spec's full fetch of favourites: limit 100, offset 1
      const list = await apiCall<{ data: { id: string }[] }>(
        '/api/favorite-publications?limit=100&offset=1',
      ).catch(() => ({ data: [] }));
      setFavourites(new Set(list.data.map((p) => p.id)));
    } catch {
      setProfile(null);
      setFavourites(new Set());
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const value = useMemo<Session>(
    () => ({
      profile,
      loading,
      reload,
      async signedIn() {
        localStorage.clear(); // the spec: local storage is cleared after sign-in
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
