import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import { IconButton } from '@mui/material';
import { useSession } from '../auth/session';
import { showGuestPrompt, toggleGuestFavourite, useGuestFavourites } from '../favourites/guestFavourites';

/**
 * The heart. A signed-in user's favourites are the account's; a guest's are kept in this browser
 * (issue 18: /izbrannie, merged at sign-in), and adding one offers to sign in (product.md: a guest
 * is prompted to sign in), so both readings hold (docs/decisions.md).
 */
export function FavouriteButton({ publicationId }: { publicationId: string }) {
  const { profile, loading, favourites, toggleFavourite } = useSession();
  const guest = useGuestFavourites();
  const active = profile ? favourites.has(publicationId) : guest.includes(publicationId);
  const label = active ? 'Убрать из избранного' : 'В избранное';
  // the browser's own hint (title) rather than MUI's Tooltip: a Tooltip re-renders its heart once
  // more, synchronously, as the page hydrates (its child's ref is state), for each card of a page
  return (
    <IconButton
      title={label}
      aria-label={label}
      aria-pressed={active}
      onClick={() => {
        if (loading) return;
        if (profile) void toggleFavourite(publicationId);
        else if (toggleGuestFavourite(publicationId)) showGuestPrompt();
      }}
      sx={{ bgcolor: 'rgba(255,255,255,0.9)', '&:hover': { bgcolor: '#fff' } }}
    >
      {active ? <FavoriteIcon color="error" /> : <FavoriteBorderIcon />}
    </IconButton>
  );
}
