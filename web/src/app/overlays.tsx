import type { MenuProps, PopoverProps, SnackbarProps } from '@mui/material';
import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * MUI's overlays for the parts the first pages show (the header's favourites, the guest's prompt,
 * a listing's price history, the catalogue's sort, the home page's «Ещё»): loaded when one first
 * opens, so MUI's modal, popover, transitions and focus trap (the `mui-overlays` chunk, ~19 kB)
 * are not a page's first JavaScript. Once opened an
 * overlay stays mounted, so its closing transition runs. Closed, MUI renders nothing: the server's
 * page and the browser's first render agree.
 */
function openedLazily<P extends { open?: boolean }>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Lazy = lazy(load);
  function Overlay(props: P) {
    const [opened, setOpened] = useState(Boolean(props.open));
    if (props.open && !opened) setOpened(true);
    if (!opened) return null;
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Overlay;
}

export const Popover = openedLazily<PopoverProps>(() => import('@mui/material/Popover'));
export const Menu = openedLazily<MenuProps>(() => import('@mui/material/Menu'));
export const Snackbar = openedLazily<SnackbarProps>(() => import('@mui/material/Snackbar'));
/** a menu's items, rendered only inside an opened menu: they come with it */
export const MenuItem = lazy(() => import('@mui/material/MenuItem'));
