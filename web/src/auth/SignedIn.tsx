import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession, type Profile } from './session';
import { PageSkeleton } from '../layout/PageSkeleton';

/**
 * A page for a signed-in user: while the session is asked, a spinner; an anonymous visitor goes
 * back to '/' with the sign-in open, and to this address again once signed in.
 */
export function SignedIn({ children }: { children: (profile: Profile) => ReactNode }) {
  const { profile, loading, openAuth } = useSession();
  const location = useLocation();
  const anonymous = !loading && !profile;
  useEffect(() => {
    if (anonymous) openAuth('login');
  }, [anonymous, openAuth]);
  if (loading) return <PageSkeleton />;
  if (!profile) return <Navigate to="/" replace state={{ from: location.pathname + location.search }} />;
  return children(profile);
}
