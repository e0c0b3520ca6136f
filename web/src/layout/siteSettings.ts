import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { api, type SiteSettingsDto } from '@estate/client';
import type { ApiCall } from '../app/call';

/** The site's contacts and policy link (`GET /api/settings`), asked once per visit and shared. */
let settings: Promise<SiteSettingsDto | null> | null = null;
export const DEFAULT_POLICY_URL = '/storage/privacy_policy.pdf';

export function loadSettings(): Promise<SiteSettingsDto | null> {
  settings ??= api.get('/api/settings').then(
    (r) => r.data,
    () => {
      settings = null; // asked again on the next page
      return null;
    },
  );
  return settings;
}

const SITE_SETTINGS_KEY = ['site-settings'];

/**
 * The server asks for them with every page (entry-server.tsx): the footer's policy link and
 * contacts are right in the page's HTML, and the footer hydrates with them, whenever it does.
 */
export const prefetchSiteSettings = (queryClient: QueryClient, call: ApiCall) =>
  queryClient.prefetchQuery({
    queryKey: SITE_SETTINGS_KEY,
    queryFn: () => call.get('/api/settings').then((r) => r.data),
    staleTime: Infinity,
  });

/**
 * Through the site's query cache (one answer for the visit); the footer and the forms' policy link
 * take it in a transition (useDeferredValue), not in the one task in which a query's answer
 * re-renders its readers.
 */
export function useSiteSettings(): SiteSettingsDto | null {
  const answer = useQuery({
    queryKey: SITE_SETTINGS_KEY,
    queryFn: loadSettings,
    staleTime: Infinity,
  });
  return useDeferredValue(answer.data ?? null);
}
