import MenuIcon from '@mui/icons-material/Menu';
import ChatIcon from '@mui/icons-material/ChatBubbleOutline';
import { Box, Button, IconButton, Stack } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { NavLink, Outlet, Link as RouterLink } from 'react-router';
import { useSession } from '../auth/session';
import { FavouritesHeart } from '../favourites/FavouritesHeart';
import { GuestPrompt } from '../favourites/GuestPrompt';
import { CityButton, LocationsModalHost } from '../place/CityButton';
import { BottomMenu } from '../home/BottomMenu';
import { NAV } from './nav';
import { PlaceListingButton } from './PlaceListingButton';
import { HydrateLater } from '../app/hydrateLater';
import { idlePart } from '../app/lazyPart';
import { useServerRenderFirst } from '../app/browserStore';
import { firstScreen } from '../app/firstScreen';

const styles = firstScreen.layout;

/** the server's mark of a page asked for without a session cookie (services/src/site: `<meta name="session">`) */
const GUEST_PAGE = 'html:has(meta[name="session"][content="guest"]) &';

/** 'Личный кабинет' when signed in, otherwise 'Вход и регистрация' opening the auth modal. */
function AccountButton() {
  const { profile, loading, openAuth } = useSession();
  const serverRender = useServerRenderFirst();
  // until the session is known, the sign-in button's own size: a guest's page (most of them, and every
  // server-rendered one) does not move when it shows; the server's markup first as it hydrates. Seen
  // at once on a guest's page (the head's session mark): it came only once the header hydrated, on a
  // catalogue long after the cards; unseen on a signed-in visitor's page until «Личный кабинет» comes
  const known = !(loading || serverRender);
  if (known && profile)
    return (
      <Stack direction="row" spacing={1} alignItems="center">
        <IconButton component={RouterLink} to="/chat" aria-label="Сообщения" color="primary">
          <ChatIcon />
        </IconButton>
        <Button
          variant="outlined"
          component={RouterLink}
          to="/account"
          aria-label="Личный кабинет"
          sx={{ whiteSpace: 'nowrap' }}
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            Личный кабинет
          </Box>
          <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
            Кабинет
          </Box>
        </Button>
      </Stack>
    );
  // a guest keeps the very elements the server drew (the box only stops hiding them): made anew once
  // the session was known, the button's parts were drawn before their styles on a slow phone and the
  // header moved
  return (
    <Box sx={known ? undefined : { visibility: 'hidden', [GUEST_PAGE]: { visibility: 'visible' } }}>
      <SignInButton onClick={() => openAuth('login')} />
    </Box>
  );
}

function SignInButton({ onClick }: { onClick?: () => void }) {
  return (
    <Button variant="outlined" onClick={onClick} sx={{ whiteSpace: 'nowrap' }}>
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        Вход и регистрация
      </Box>
      <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
        Войти
      </Box>
    </Button>
  );
}

/**
 * The sign-in dialog's code (its forms, the SMS code step) comes on the first «Войти», in a chunk of
 * its own; once loaded it stays mounted, so it closes with its animation.
 */
const AuthModal = lazy(() => import('../auth/AuthModal').then((m) => ({ default: m.AuthModal })));
function AuthModalHost() {
  const { authOpen } = useSession();
  const [wanted, setWanted] = useState(false);
  if (authOpen !== null && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  ) : null;
}

/** The phone's menu (a drawer) comes in a chunk of its own on the first tap of «Меню». */
const MenuDrawer = lazy(() => import('./MenuDrawer'));

export function Layout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  return (
    <div className={styles.page}>
      {/* the header hydrates in a task of its own, after the page */}
      <HydrateLater>
        <header className={styles.header}>
          <div className={styles.container}>
            <div className={styles.toolbar}>
              <IconButton
                sx={{ display: { lg: 'none' } }}
                aria-label="Меню"
                onClick={() => {
                  setMenuWanted(true);
                  setMenuOpen(true);
                }}
              >
                <MenuIcon />
              </IconButton>
              <RouterLink to="/" className={styles.logo}>
                Квадрат
              </RouterLink>
              <div className={styles.grow} />
              <div className={styles.city}>
                <CityButton />
              </div>
              <div className={styles.tools}>
                <FavouritesHeart />
                <AccountButton />
              </div>
            </div>
            {/* wide screens: the sections and «Разместить объявление» in a row of their own (the burger holds them below lg) */}
            <div className={styles.sections}>
              <nav className={styles.nav} aria-label="Разделы сайта">
                {NAV.map((item) => (
                  <NavLink key={item.to} to={item.to} className={styles.navLink}>
                    {item.label}
                  </NavLink>
                ))}
              </nav>
              <div className={styles.grow} />
              <PlaceListingButton size="small" />
            </div>
          </div>
        </header>
      </HydrateLater>
      <AuthModalHost />
      <LocationsModalHost />
      <GuestPrompt />
      {menuWanted && (
        <Suspense fallback={null}>
          <MenuDrawer open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
      <main id="page" className={`${styles.container} ${styles.main}`}>
        <Outlet />
      </main>
      <footer className={styles.footer}>
        <HydrateLater>
          <Suspense fallback={null}>
            <FooterContent />
          </Suspense>
        </HydrateLater>
      </footer>
      <BottomMenu />
    </div>
  );
}

/**
 * The footer's contents come in a chunk of their own (the first file stays as it was), fetched once
 * the page is idle (app/lazyPart.tsx's idlePart, which the page's readiness waits for): its buttons
 * (the request forms) then work at the first click, which hydrates the footer at once. Its box keeps
 * their height meanwhile.
 */
const FooterContent = idlePart(() => import('./Footer').then((m) => m.default));
