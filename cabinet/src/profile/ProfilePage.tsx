import { Stack } from '@mui/material';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Loading, Title, useGetIdentity } from 'react-admin';
import { profile as askProfile, type NotificationSettingsDto } from '@estate/client';
import { PROFILE_TEXTS, ProfileSections, USER_SWITCHES, type ProfileTexts } from '@estate/client/profileView';
import { forgetProfile } from '../authProvider';
import { useCabinetTranslate } from '../i18n/translate';
import type { Profile } from '../types';

/** the staff's switches: the site's, and the notice that a listing's tariff ends */
const STAFF_SWITCHES: (keyof NotificationSettingsDto)[] = [...USER_SWITCHES, 'canReceiveTariffNotifications'];

/** The shared sections' words through the cabinet's i18n (its messages are the same texts: ru.ts). */
function useProfileTexts(): ProfileTexts {
  const translate = useCabinetTranslate();
  return useMemo(() => {
    const of = <T extends Record<string, unknown>>(texts: T, prefix: string): T =>
      Object.fromEntries(
        Object.entries(texts).map(([key, text]) => [
          key,
          typeof text === 'string'
            ? // %{email} is filled in by the section, not here
              translate(`${prefix}.${key}` as never, { email: '%{email}' })
            : of(text as Record<string, unknown>, `${prefix}.${key}`),
        ]),
      ) as T;
    return of(PROFILE_TEXTS, 'profile');
  }, [translate]);
}

/**
 * One's own profile, an agent's or an owner's (product.md: /account/agency/profile, which the site
 * sends here): the site's sections (`@estate/client/profileView`), with the tariff notice's switch.
 * Each section saves on its own, then the profile (and the name in the app bar) is asked again.
 */
export function ProfilePage() {
  const texts = useProfileTexts();
  const { refetch } = useGetIdentity();
  const [me, setMe] = useState<Profile | null>(null);
  useEffect(() => {
    void askProfile().then(setMe);
  }, []);
  const reload = useCallback(async () => {
    forgetProfile();
    setMe(await askProfile());
    await refetch();
  }, [refetch]);
  return (
    <Stack spacing={2} sx={{ py: 2, maxWidth: 760 }} data-testid="profile">
      <Title title={texts.title} />
      {me ? <ProfileSections me={me} reload={reload} texts={texts} switches={STAFF_SWITCHES} /> : <Loading />}
    </Stack>
  );
}
