import { Box, Button, Divider, Link, List, ListItemButton, Skeleton, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { formatPrice } from '@estate/client';
import { ListingPhoto } from '../photos/ListingPhoto';
import { favouriteHref, useFavouriteListings } from './queries';

/** api.md section 9: the dropdown shows at most 14 favourites. */
export const DROPDOWN_LIMIT = 14;
const ROW = 64;

/** The header's dropdown of a signed-in user's favourites (product.md Favourites), with a link to them all. */
export default function Dropdown({ onClose }: { onClose: () => void }) {
  const { items } = useFavouriteListings(DROPDOWN_LIMIT);
  const shown = items?.slice(0, DROPDOWN_LIMIT);
  return (
    <Box
      role="region"
      aria-label="Избранные объявления"
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <Typography variant="subtitle1" fontWeight={700} px={2} pt={1.5} pb={1}>
        Избранное
      </Typography>
      <Divider />
      {shown === undefined && (
        <Box px={2}>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={ROW} />
          ))}
        </Box>
      )}
      {shown?.length === 0 && (
        <Box px={2} py={2}>
          <Typography color="text.secondary" mb={1.5}>
            Список избранных объявлений пуст
          </Typography>
          <Button variant="contained" component={RouterLink} to="/prodazha" onClick={onClose}>
            Подобрать недвижимость
          </Button>
        </Box>
      )}
      {shown && shown.length > 0 && (
        <List dense disablePadding data-testid="favourites-dropdown" sx={{ overflowY: 'auto', minHeight: 0 }}>
          {shown.map((p) => (
            <ListItemButton
              key={p.id}
              component={RouterLink}
              to={favouriteHref(p)}
              onClick={onClose}
              sx={{ minHeight: ROW, gap: 1.5 }}
            >
              <Box
                sx={{
                  width: 56,
                  height: 42,
                  flex: '0 0 56px',
                  borderRadius: 1,
                  overflow: 'hidden',
                  bgcolor: 'grey.200',
                }}
              >
                {p.images[0] && (
                  <ListingPhoto
                    photo={p.images[0]}
                    size="thumb"
                    alt=""
                    sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                  />
                )}
              </Box>
              <Box minWidth={0}>
                <Typography variant="body2" noWrap>
                  {p.title}
                </Typography>
                <Typography variant="body2" fontWeight={700} noWrap>
                  {formatPrice(p.price)}
                </Typography>
              </Box>
            </ListItemButton>
          ))}
        </List>
      )}
      <Divider />
      <Box px={2} py={1.5}>
        <Link component={RouterLink} to="/izbrannie" onClick={onClose} underline="hover">
          Все избранные объявления
        </Link>
      </Box>
    </Box>
  );
}
