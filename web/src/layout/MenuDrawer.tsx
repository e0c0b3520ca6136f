import PersonIcon from '@mui/icons-material/PersonOutline';
import { Box, Button, Divider, Drawer, List, ListItemButton, Stack } from '@mui/material';
import { NavLink, Link as RouterLink } from 'react-router';
import { useSession } from '../auth/session';
import { RequestButton } from '../leads/SiteRequests';
import { CityButton } from '../place/CityButton';
import { NAV } from './nav';
import { PlaceListingButton } from './PlaceListingButton';
import { ContactLinks, SocialLinks } from './SiteContacts';
import { useSiteSettings } from './siteSettings';

const WIDTH = 280;

/**
 * The burger menu of phones, tablets and small desktops (product.md, Home page): the place, the
 * profile link, the sections, the site's phone, e-mail and socials, a call-back and «Разместить
 * объявление».
 */
export default function MenuDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { profile, loading, openAuth } = useSession();
  const settings = useSiteSettings();
  return (
    <Drawer open={open} onClose={onClose} slotProps={{ paper: { 'aria-label': 'Меню' } }}>
      <Stack spacing={1} sx={{ px: 1, pt: 1, width: WIDTH }}>
        <CityButton fullWidth onOpen={onClose} />
        {!loading &&
          (profile ? (
            <Button
              component={RouterLink}
              to="/account"
              onClick={onClose}
              startIcon={<PersonIcon />}
              sx={{ justifyContent: 'flex-start' }}
            >
              Личный кабинет
            </Button>
          ) : (
            <Button
              onClick={() => {
                onClose();
                openAuth('login');
              }}
              startIcon={<PersonIcon />}
              sx={{ justifyContent: 'flex-start' }}
            >
              Вход и регистрация
            </Button>
          ))}
      </Stack>
      <List sx={{ width: WIDTH }} component="nav" aria-label="Разделы сайта">
        {NAV.map((item) => (
          <ListItemButton key={item.to} component={NavLink} to={item.to} onClick={onClose}>
            {item.label}
          </ListItemButton>
        ))}
      </List>
      <Divider />
      <Stack spacing={1.5} sx={{ p: 2, width: WIDTH }}>
        <ContactLinks settings={settings} />
        <SocialLinks settings={settings} />
        <Box>
          <RequestButton form="callback" variant="outlined" fullWidth />
        </Box>
        <PlaceListingButton onClick={onClose} fullWidth />
      </Stack>
    </Drawer>
  );
}
