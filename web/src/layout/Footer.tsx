import { Container, Link, Stack, Typography } from '@mui/material';
import { DEFAULT_POLICY_URL, useSiteSettings } from './siteSettings';

const SOCIAL_NAMES: Record<string, string> = {
  vk: 'ВКонтакте',
  ok: 'Одноклассники',
  telegram: 'Telegram',
  youtube: 'YouTube',
  dzen: 'Дзен',
  whatsapp: 'WhatsApp',
};

/**
 * The footer (product.md, Home page): the site's contacts, socials and documents from
 * `/api/settings`, the privacy policy at the settings' policyUrl, and the copyright from 2006. Its
 * height is kept while the settings load, so the page does not move.
 */
export default function Footer() {
  const settings = useSiteSettings();
  const documents = settings?.documents ?? [];
  const policyUrl = settings?.policyUrl ?? DEFAULT_POLICY_URL;
  return (
    <Container maxWidth="lg">
      <Stack direction={{ xs: 'column', md: 'row' }} justifyContent="space-between" spacing={2}>
        <Stack spacing={0.5}>
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
          {settings?.address && (
            <Typography variant="body2" color="text.secondary">
              {settings.address}
            </Typography>
          )}
          {settings?.workingHours && (
            <Typography variant="body2" color="text.secondary">
              {settings.workingHours}
            </Typography>
          )}
        </Stack>
        <Stack spacing={0.5} component="nav" aria-label="Документы">
          <Link href={policyUrl} variant="body2" color="text.secondary" underline="hover">
            Политика конфиденциальности
          </Link>
          {documents
            .filter((d) => d.url !== policyUrl)
            .map((d) => (
              <Link key={d.url} href={d.url} variant="body2" color="text.secondary" underline="hover">
                {d.title}
              </Link>
            ))}
        </Stack>
        <Stack spacing={0.5} alignItems={{ md: 'flex-end' }}>
          {(settings?.socials.length ?? 0) > 0 && (
            <Stack direction="row" spacing={1.5} aria-label="Мы в соцсетях">
              {settings!.socials.map((s) => (
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
          )}
          <Typography variant="body2" color="text.secondary">
            © 2006–{new Date().getFullYear()} Квадрат — недвижимость
          </Typography>
        </Stack>
      </Stack>
    </Container>
  );
}
