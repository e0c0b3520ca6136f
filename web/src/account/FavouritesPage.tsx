import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Alert, Box, Button, Checkbox, FormControlLabel, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { api, plural } from '@estate/client';
import { useSession } from '../auth/session';
import { EAGER_CARDS, ListingCard } from '../catalogue/ListingCard';
import { removeGuestFavourites } from '../favourites/guestFavourites';
import { useFavouriteListings } from '../favourites/queries';

/**
 * The favourites screen (/izbrannie, and /account/user/favourites in the account): the account's
 * favourites for a signed-in user, this browser's for a guest (with the offer to sign in and keep
 * them); the newest first, a listing no longer shown marked. Cards can be checked and deleted
 * together (product.md Favourites); an empty list offers 'Подобрать недвижимость'.
 */
export function FavouritesPage() {
  const { profile, reload, openAuth } = useSession();
  const { items } = useFavouriteListings();
  const [checked, setChecked] = useState<Set<string>>(new Set());
  const [deleting, setDeleting] = useState(false);
  const [failed, setFailed] = useState(false);
  const ids = items?.map((p) => p.id) ?? [];
  const picked = ids.filter((id) => checked.has(id));
  const toggle = (id: string) =>
    setChecked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const remove = async () => {
    if (!picked.length) return;
    setDeleting(true);
    setFailed(false);
    try {
      if (profile) {
        await api.delete('/api/favorite-publications', { query: { adIds: picked } });
        await reload();
      } else removeGuestFavourites(picked);
      setChecked(new Set());
    } catch {
      setFailed(true);
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1" fontWeight={700} sx={{ fontSize: { xs: 28, md: 34 } }}>
        Избранное
      </Typography>
      {!profile && (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={() => openAuth('login')}>
              Войти
            </Button>
          }
        >
          Избранное сохранено на этом устройстве. Войдите, чтобы оно было в вашем аккаунте.
        </Alert>
      )}
      {items === undefined && (
        <Stack spacing={2} aria-label="Загрузка избранного" role="status">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} variant="rounded" sx={{ height: { xs: 520, md: 252 }, borderRadius: 3 }} />
          ))}
        </Stack>
      )}
      {items?.length === 0 && (
        <Stack alignItems="center" spacing={2} py={8} textAlign="center">
          <Typography variant="h6">Список избранных объявлений пуст</Typography>
          <Typography color="text.secondary">
            Нажмите на сердечко у объявления, чтобы сохранить его здесь
          </Typography>
          <Button variant="contained" size="large" component={RouterLink} to="/prodazha">
            Подобрать недвижимость
          </Button>
        </Stack>
      )}
      {items && items.length > 0 && (
        <>
          <Stack
            direction="row"
            alignItems="center"
            justifyContent="space-between"
            flexWrap="wrap"
            useFlexGap
            gap={1}
            sx={{ minHeight: 44 }}
          >
            <FormControlLabel
              control={
                <Checkbox
                  checked={picked.length === ids.length}
                  indeterminate={picked.length > 0 && picked.length < ids.length}
                  onChange={() => setChecked(picked.length === ids.length ? new Set() : new Set(ids))}
                  slotProps={{ input: { 'aria-label': 'Выбрать все объявления' } }}
                />
              }
              label={`Выбрать все (${ids.length})`}
            />
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteIcon />}
              disabled={!picked.length || deleting}
              onClick={() => void remove()}
            >
              {picked.length
                ? `Удалить ${picked.length} ${plural(picked.length, ['объявление', 'объявления', 'объявлений'])}`
                : 'Удалить выбранные'}
            </Button>
          </Stack>
          {failed && (
            <Alert severity="error">Не удалось удалить объявления из избранного. Попробуйте ещё раз.</Alert>
          )}
          {items.map((p, i) => (
            <Box key={p.id} data-testid="favourite-item">
              <Stack direction="row" alignItems="center" spacing={1} sx={{ minHeight: 40 }}>
                <Checkbox
                  checked={checked.has(p.id)}
                  onChange={() => toggle(p.id)}
                  slotProps={{ input: { 'aria-label': `Выбрать объявление «${p.title}»` } }}
                />
                {!p.isActive && (
                  <Typography variant="body2" color="text.secondary">
                    Объявление снято с публикации
                  </Typography>
                )}
              </Stack>
              <ListingCard variant="row" publication={p} priority={i < EAGER_CARDS} />
            </Box>
          ))}
        </>
      )}
    </Stack>
  );
}
