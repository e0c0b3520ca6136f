import { useEffect, useState } from 'react';
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

export function useSiteSettings(): SiteSettingsDto | null {
  const [value, setValue] = useState<SiteSettingsDto | null>(null);
  useEffect(() => {
    let alive = true;
    void loadSettings().then((s) => alive && setValue(s));
    return () => {
      alive = false;
    };
  }, []);
  return value;
}
