import { FormControlLabel, Stack, Switch } from '@mui/material';
import { useState } from 'react';
import { switchNotification, type NotificationSettingsDto } from '@estate/client';
import { useSession, type Profile } from '../../auth/session';
import { Section } from './Section';

const SWITCHES: { key: keyof NotificationSettingsDto; label: string }[] = [
  { key: 'canReceiveNotifications', label: 'Получать уведомления' },
  { key: 'canReceiveSmsNotifications', label: 'СМС-уведомления' },
  { key: 'canReceiveEmailNotifications', label: 'Уведомления на почту' },
];

/** The notification switches: each switches at once and is put back if the server refuses. */
export function NotificationsSection({ profile }: { profile: Profile }) {
  const { reload } = useSession();
  const [settings, setSettings] = useState(profile.settings);
  const toggle = async (key: keyof NotificationSettingsDto, value: boolean) => {
    setSettings((current) => ({ ...current, [key]: value }));
    await switchNotification(key, value).catch(() =>
      setSettings((current) => ({ ...current, [key]: !value })),
    );
    await reload();
  };
  return (
    <Section title="Уведомления">
      <Stack>
        {SWITCHES.map((s) => (
          <FormControlLabel
            key={s.key}
            label={s.label}
            control={
              <Switch checked={settings[s.key]} onChange={(e) => void toggle(s.key, e.target.checked)} />
            }
          />
        ))}
      </Stack>
    </Section>
  );
}
