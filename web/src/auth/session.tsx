import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { apiCall } from './authApi';

export type Profile = {
  id: string;
  agencyId: string | null;
  role: number;
  name: string;
  phone: string;
  email: string | null;
  isVerifiedEmail: boolean;
  status: string;
  premiumPeriod: string | null;
  avatar: string | null;
  settings: { canReceiveNotifications: boolean; canReceiveSmsNotifications: boolean; canReceiveEmailNotifications: boolean };
};
export const USER_ROLE = 3;

type Session = {
  profile: Profile | null;
  /** true until the first profile load has answered */
  loading: boolean;
  reload(): Promise<void>;
  signedIn(): Promise<void>;
  logout(): Promise<void>;
  authOpen: 'login' | 'register' | null;
  openAuth(tab?: 'login' | 'register'): void;
  closeAuth(): void;
};

const SessionContext = createContext<Session | null>(null);
const hasAuthCookie = () => document.cookie.split(';').some((c) => c.trim().startsWith('auth-token='));
const dropAuthCookie = () => (document.cookie = 'auth-token=; Max-Age=0; path=/');

/**
 * The visitor's session: the server sets the auth-token cookie (one year) at sign-in; the first load
 * restores the profile from it, and a failed load removes the cookie (the spec's session rules).
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [loading, setLoading] = useState(hasAuthCookie);
  const [authOpen, setAuthOpen] = useState<Session['authOpen']>(null);

  const reload = useCallback(async () => {
    try {
      setProfile((await apiCall<{ data: Profile }>('/api/profile')).data);
    } catch {
      setProfile(null);
      dropAuthCookie();
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (hasAuthCookie()) void reload();
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
        await apiCall('/api/auth/logout', { method: 'POST' }).catch(() => undefined);
        dropAuthCookie();
        setProfile(null);
      },
      authOpen,
      openAuth: (tab = 'login') => setAuthOpen(tab),
      closeAuth: () => setAuthOpen(null),
    }),
    [profile, loading, reload, authOpen],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
