import { Alert, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { apiCall } from '@estate/client';
import { useSession } from '../auth/session';
import type { Publication } from '../api/types';
import { EAGER_CARDS, PublicationCard } from '../catalogue/PublicationCard';

type Favourite = Publication & { isActive: boolean };

/** The account's favourites, the latest added first; a listing no longer shown is marked. */
export function FavouritesPage() {
  const { favourites } = useSession();
  const [items, setItems] = useState<Favourite[] | null>(null);
  useEffect(() => {
    apiCall<{ data: Favourite[] }>('/api/favorite-publications?limit=100&offset=1')
      .then((r) => setItems(r.data))
      .catch(() => setItems([]));
  }, []);
  const shown = items?.filter((p) => favourites.has(p.id)) ?? [];
  return (
    <Stack spacing={2}>
      <Typography variant="h4" fontWeight={700}>
        Избранное
      </Typography>
      {items !== null && shown.length === 0 && (
        <Alert severity="info">В избранном пока пусто: нажмите на сердечко у объявления.</Alert>
      )}
      {shown.map((p, i) => (
        <Stack key={p.id} spacing={0.5}>
          {!p.isActive && (
            <Typography variant="body2" color="text.secondary">
              Объявление снято с публикации
            </Typography>
          )}
          <PublicationCard publication={p} priority={i < EAGER_CARDS} />
        </Stack>
      ))}
    </Stack>
  );
}
