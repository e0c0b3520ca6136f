import HomeIcon from '@mui/icons-material/HomeOutlined';
import SearchIcon from '@mui/icons-material/Search';
import FavoriteIcon from '@mui/icons-material/FavoriteBorder';
import ChatIcon from '@mui/icons-material/ChatBubbleOutline';
import PersonIcon from '@mui/icons-material/PersonOutline';
import { Box, Paper, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { HydrateLater } from '../app/hydrateLater';
import { NavLink } from 'react-router';

/** the menu's height without the phone's safe area */
export const BOTTOM_MENU_HEIGHT = 56;
/** phones only: up to 767 px (product.md section 9) */
const FROM_TABLET = '@media (min-width: 768px)';
const PHONES = '(max-width: 767px)';
/** a scroll shorter than this (a finger's jitter) changes nothing */
const JITTER = 8;

/** The site's bottom menu on phones (a guest's favourites are this browser's; the account's pages ask a guest to sign in). */
const ITEMS = [
  { to: '/', label: 'Главная', icon: HomeIcon, end: true },
  { to: '/prodazha', label: 'Поиск', icon: SearchIcon, end: false },
  { to: '/izbrannie', label: 'Избранное', icon: FavoriteIcon, end: false },
  { to: '/chat', label: 'Сообщения', icon: ChatIcon, end: false },
  { to: '/account', label: 'Профиль', icon: PersonIcon, end: false },
];

/** product.md: hidden while the page scrolls down, shown again as soon as it scrolls up (and at the top). */
export function useHiddenOnScrollDown(): [boolean, (hidden: boolean) => void] {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let last = window.scrollY;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const y = Math.max(0, window.scrollY);
        if (y <= BOTTOM_MENU_HEIGHT) setHidden(false);
        else if (Math.abs(y - last) >= JITTER) setHidden(y > last);
        else return;
        last = y;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
  return [hidden, setHidden];
}

/**
 * The bottom menu of phones: Главная, Поиск, Избранное, Сообщения, Профиль. It slides away on
 * scrolling down and back on scrolling up (or when a link in it takes the focus); a spacer of its
 * height ends the page so it never covers the footer. Tablets and desktops have the header alone.
 */
export function BottomMenu() {
  return (
    <>
      <Box
        aria-hidden
        sx={{ height: BOTTOM_MENU_HEIGHT, flexShrink: 0, [FROM_TABLET]: { display: 'none' } }}
      />
      {/* hydrated in a task of its own, and only on a phone's screen (larger ones do not show it) */}
      <HydrateLater when={PHONES}>
        <BottomMenuBar />
      </HydrateLater>
    </>
  );
}

function BottomMenuBar() {
  const [hidden, setHidden] = useHiddenOnScrollDown();
  return (
    <Paper
      component="nav"
      aria-label="Нижнее меню"
      elevation={8}
      square
      data-testid="bottom-menu"
      data-hidden={hidden}
      onFocus={() => setHidden(false)}
      sx={{
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: 'appBar',
        pb: 'env(safe-area-inset-bottom)',
        transform: hidden ? 'translateY(100%)' : 'none',
        transition: 'transform 200ms ease',
        [FROM_TABLET]: { display: 'none' },
      }}
    >
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', height: BOTTOM_MENU_HEIGHT }}>
        {ITEMS.map(({ to, label, icon: Icon, end }) => (
          <Box component="li" key={to} sx={{ flex: 1, minWidth: 0 }}>
            <Box
              component={NavLink}
              to={to}
              end={end}
              sx={{
                height: '100%',
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'center',
                gap: '2px',
                color: 'text.secondary',
                textDecoration: 'none',
                '&.active': { color: 'primary.main' },
                '&:focus-visible': {
                  outline: '2px solid',
                  outlineColor: 'primary.main',
                  outlineOffset: -2,
                },
              }}
            >
              <Icon fontSize="small" aria-hidden />
              <Typography component="span" sx={{ fontSize: 11, lineHeight: 1.2, fontWeight: 500 }} noWrap>
                {label}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
