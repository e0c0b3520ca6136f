import { Link, Stack } from '@mui/material';
import type { SiteSettingsDto } from '@estate/client';

const SOCIAL_NAMES: Record<string, string> = {
  vk: 'ВКонтакте',
  ok: 'Одноклассники',
  telegram: 'Telegram',
  youtube: 'YouTube',
  dzen: 'Дзен',
  whatsapp: 'WhatsApp',
};

/** The site's phone and e-mail from `/api/settings` (the footer, the burger menu); nothing until a moderator sets them. */
export function ContactLinks({ settings }: { settings: SiteSettingsDto | null }) {
  return (
    <>
      {settings?.phone && (
        <Link href={`tel:+${settings.phone}`} color="text.primary" underline="hover" fontWeight={600}>
          {settings.phoneText ?? settings.phone}
        </Link>
      )}
      {settings?.email && (
        <Link href={`mailto:${settings.email}`} variant="body2" color="text.secondary" underline="hover">
          {settings.email}
        </Link>
      )}
    </>
  );
}

/** The site's socials from `/api/settings`, each by its Russian name. */
export function SocialLinks({ settings }: { settings: SiteSettingsDto | null }) {
  if (!settings?.socials.length) return null;
  return (
    <Stack direction="row" flexWrap="wrap" columnGap={1.5} aria-label="Мы в соцсетях">
      {settings.socials.map((s) => (
        <Link
          key={s.url}
          href={s.url}
          target="_blank"
          rel="noopener noreferrer"
          variant="body2"
          color="text.secondary"
        >
          {SOCIAL_NAMES[s.type] ?? s.type}
        </Link>
      ))}
    </Stack>
  );
}
