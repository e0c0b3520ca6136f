import { Container, Link, Stack, Typography } from '@mui/material';
import { RequestButton, ValuationButton } from '../leads/SiteRequests';
import { PlaceListingButton } from './PlaceListingButton';
import { ContactLinks, SocialLinks } from './SiteContacts';
import { DEFAULT_POLICY_URL, useSiteSettings } from './siteSettings';

/**
 * The footer (product.md, Home page): the site's request forms (a call-back, a question, the
 * seller's valuation) and «Разместить объявление»; the site's contacts, socials and documents from
 * `/api/settings`, the privacy policy at the settings' policyUrl, and the copyright from 2006. Its
 * height is kept while the settings load, so the page does not move.
 */
export default function Footer() {
  const settings = useSiteSettings();
  const documents = settings?.documents ?? [];
  const policyUrl = settings?.policyUrl ?? DEFAULT_POLICY_URL;
  return (
    <Container maxWidth="lg">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        flexWrap="wrap"
        gap={1}
        mb={3}
        role="group"
        aria-label="Заявки"
      >
        <RequestButton form="callback" variant="outlined" />
        <RequestButton form="question" variant="outlined" />
        <ValuationButton variant="outlined" />
        <PlaceListingButton />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} justifyContent="space-between" spacing={2}>
        <Stack spacing={0.5}>
          <ContactLinks settings={settings} />
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
          <SocialLinks settings={settings} />
          <Typography variant="body2" color="text.secondary">
            © 2006–{new Date().getFullYear()} Квадрат — недвижимость
          </Typography>
          {/* the GeoIP database's licence asks for this credit where its answers are used (README) */}
          <Typography variant="caption" color="text.secondary" data-testid="geoip-credit">
            Город по IP-адресу: данные GeoLite2 от{' '}
            <Link href="https://www.maxmind.com" color="inherit" rel="noopener noreferrer" target="_blank">
              MaxMind
            </Link>
            , лицензия{' '}
            <Link
              href="https://creativecommons.org/licenses/by-sa/4.0/deed.ru"
              color="inherit"
              rel="noopener noreferrer"
              target="_blank"
            >
              CC BY-SA 4.0
            </Link>
          </Typography>
        </Stack>
      </Stack>
    </Container>
  );
}
