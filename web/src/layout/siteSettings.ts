import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { apiCall, type SiteSettingsDto } from '@estate/client';

/** The site's contacts and policy link (`GET /api/settings`), asked once per visit and shared. */
let settings: Promise<SiteSettingsDto | null> | null = null;
export const DEFAULT_POLICY_URL = '/storage/privacy_policy.pdf';

export function loadSettings(): Promise<SiteSettingsDto | null> {
  settings ??= apiCall<{ data: SiteSettingsDto }>('/api/settings').then(
    (r) => r.data,
    () => {
      settings = null; // asked again on the next page
      return null;
    },
  );
  return settings;
}

/**
 * Through the site's query cache (one answer for the visit); the footer and the forms' policy link
 * take it in a transition (useDeferredValue), not in the one task in which a query's answer
 * re-renders its readers.
 */
export function useSiteSettings(): SiteSettingsDto | null {
  const answer = useQuery({
    queryKey: ['site-settings'],
    queryFn: loadSettings,
    staleTime: Infinity,
  });
  return useDeferredValue(answer.data ?? null);
}
