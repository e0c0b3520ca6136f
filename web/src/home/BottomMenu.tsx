import HomeIcon from '@mui/icons-material/HomeOutlined';
import SearchIcon from '@mui/icons-material/Search';
import FavoriteIcon from '@mui/icons-material/FavoriteBorder';
import ChatIcon from '@mui/icons-material/ChatBubbleOutline';
import PersonIcon from '@mui/icons-material/PersonOutline';
import { Box, styled } from '@mui/material';
import { useEffect, useState, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** the menu's height without the phone's safe area */
export const BOTTOM_MENU_HEIGHT = 56;
/** phones only: up to 767 px (product.md section 9) */
const FROM_TABLET = '@media (min-width: 768px)';
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
 * The bar's looks in one style rule (its links, icons and labels by selectors): the bar hydrates
 * with the page, and one styled element costs a phone's main thread far less than a styled box,
 * list item, link and label for each of the five entries.
 */
const Bar = styled('nav')(({ theme }) => ({
  position: 'fixed',
  left: 0,
  right: 0,
  bottom: 0,
  zIndex: theme.zIndex.appBar,
  paddingBottom: 'env(safe-area-inset-bottom)',
  backgroundColor: theme.palette.background.paper,
  boxShadow: theme.shadows[8],
  transition: 'transform 200ms ease',
  '&[data-hidden="true"]': { transform: 'translateY(100%)' },
  [FROM_TABLET]: { display: 'none' },
  '& ul': { listStyle: 'none', margin: 0, padding: 0, display: 'flex', height: BOTTOM_MENU_HEIGHT },
  '& li': { flex: 1, minWidth: 0 },
  '& a': {
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 2,
    color: theme.palette.text.secondary,
    textDecoration: 'none',
  },
  '& a.active': { color: theme.palette.primary.main },
  '& a:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: -2 },
  '& a > span': {
    maxWidth: '100%',
    fontSize: 11,
    lineHeight: 1.2,
    fontWeight: 500,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
}));

/** whether a link of the menu is the page shown (NavLink's rule: `end` only on its own address) */
const isActive = (pathname: string, to: string, end: boolean) =>
  end ? pathname === to : pathname === to || pathname.startsWith(`${to}/`);

/**
 * The bottom menu of phones: Главная, Поиск, Избранное, Сообщения, Профиль. It slides away on
 * scrolling down and back on scrolling up (or when a link in it takes the focus); a spacer of its
 * height ends the page so it never covers the footer. Tablets and desktops have the header alone.
 * Its links are the router's in what they do (a plain click navigates in the page, a modified one
 * is the browser's), without a router link's work for each as the page hydrates.
 */
export function BottomMenu() {
  const [hidden, setHidden] = useHiddenOnScrollDown();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const follow = (event: MouseEvent<HTMLAnchorElement>, to: string) => {
    if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    // navigate answers a promise only in a data router: nothing waits for the move
    void navigate(to, { replace: pathname === to });
  };
  return (
    <>
      <Box
        aria-hidden
        sx={{ height: BOTTOM_MENU_HEIGHT, flexShrink: 0, [FROM_TABLET]: { display: 'none' } }}
      />
      <Bar
        aria-label="Нижнее меню"
        data-testid="bottom-menu"
        data-hidden={hidden}
        onFocus={() => setHidden(false)}
      >
        <ul>
          {ITEMS.map(({ to, label, icon: Icon, end }) => {
            const active = isActive(pathname, to, end);
            return (
              <li key={to}>
                <a
                  href={to}
                  className={active ? 'active' : undefined}
                  aria-current={active ? 'page' : undefined}
                  onClick={(event) => follow(event, to)}
                >
                  <Icon fontSize="small" aria-hidden />
                  <span>{label}</span>
                </a>
              </li>
            );
          })}
        </ul>
      </Bar>
    </>
  );
}
