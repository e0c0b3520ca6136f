import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import { Badge, IconButton } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { Popover } from '../app/overlays';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../auth/session';
import { useGuestFavourites } from './guestFavourites';

/** the dropdown's list (its query, MUI's list) comes when it first opens */
const Dropdown = lazy(() => import('./FavouritesDropdown'));

/**
 * The header's heart: /izbrannie for a guest; for a signed-in user it opens and closes a dropdown
 * of up to 14 favourites with a link to the full list (product.md Favourites).
 */
export function FavouritesHeart() {
  const { profile, favourites } = useSession();
  const guest = useGuestFavourites();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const close = () => setAnchor(null);
  const count = profile ? favourites.size : guest.length;
  const icon = (
    <Badge badgeContent={count} color="error" max={99}>
      <FavoriteBorderIcon />
    </Badge>
  );
  if (!profile)
    return (
      <IconButton component={RouterLink} to="/izbrannie" aria-label={`Избранное: ${count}`} color="primary">
        {icon}
      </IconButton>
    );
  return (
    <>
      <IconButton
        aria-label={`Избранное: ${count}`}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? 'favourites-dropdown' : undefined}
        color="primary"
        onClick={(e) => setAnchor(open ? null : e.currentTarget)}
      >
        {icon}
      </IconButton>
      <Popover
        id="favourites-dropdown"
        open={open}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            sx: {
              width: { xs: 'calc(100vw - 32px)', sm: 360 },
              maxHeight: '75vh',
              display: 'flex',
              flexDirection: 'column',
              overflow: 'hidden',
            },
          },
        }}
      >
        {open && (
          <Suspense fallback={null}>
            <Dropdown onClose={close} />
          </Suspense>
        )}
      </Popover>
    </>
  );
}
