import {
  Card,
  CardContent,
  Link,
  List,
  ListItemButton,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatPrice } from '@estate/client';
import { favouriteHref, useFavouriteListings } from './queries';

/** api.md section 9: the account's favourites preview shows 3. */
const PREVIEW = 3;

/** The account's favourites widget: the first 3, a link to the list, or 'Список избранных объявлений пуст'. */
export function FavouritesWidget() {
  const { items } = useFavouriteListings();
  const shown = items?.slice(0, PREVIEW);
  return (
    <Card variant="outlined" data-testid="favourites-widget">
      <CardContent>
        <Typography variant="h6" fontWeight={700}>
          <Link component={RouterLink} to="/izbrannie" underline="hover" color="inherit">
            Избранное
          </Link>
        </Typography>
        {shown === undefined &&
          Array.from({ length: PREVIEW }, (_, i) => <Skeleton key={i} height={56} aria-hidden />)}
        {shown?.length === 0 && (
          <Typography color="text.secondary">Список избранных объявлений пуст</Typography>
        )}
        {shown && shown.length > 0 && (
          <List dense disablePadding>
            {shown.map((p) => (
              <ListItemButton
                key={p.id}
                component={RouterLink}
                to={favouriteHref(p)}
                sx={{ px: 0, minHeight: 56 }}
              >
                <ListItemText primary={p.title} secondary={formatPrice(p.price)} />
              </ListItemButton>
            ))}
          </List>
        )}
        {shown && shown.length > 0 && (
          <Link component={RouterLink} to="/izbrannie" underline="hover">
            Все избранные объявления ({items!.length})
          </Link>
        )}
      </CardContent>
    </Card>
  );
}
