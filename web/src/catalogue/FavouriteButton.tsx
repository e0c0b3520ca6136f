import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import { IconButton, Tooltip } from '@mui/material';
import { useSession } from '../auth/session';

/** The heart: a guest is asked to sign in (product.md: favourite prompts a guest to sign in). */
export function FavouriteButton({ publicationId }: { publicationId: string }) {
  const { profile, favourites, toggleFavourite, openAuth } = useSession();
  const active = favourites.has(publicationId);
  const label = active ? 'Убрать из избранного' : 'В избранное';
  return (
    <Tooltip title={label}>
      <IconButton
        aria-label={label}
        aria-pressed={active}
        onClick={() => (profile ? void toggleFavourite(publicationId) : openAuth('login'))}
        sx={{ bgcolor: 'rgba(255,255,255,0.9)', '&:hover': { bgcolor: '#fff' } }}
      >
        {active ? <FavoriteIcon color="error" /> : <FavoriteBorderIcon />}
      </IconButton>
    </Tooltip>
  );
}
