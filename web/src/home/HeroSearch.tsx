import MapIcon from '@mui/icons-material/Map';
import { Box, Button, Stack } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import type { DealCategory } from '../api/types';
import { HydrateLater } from '../app/hydrateLater';
import { stayProblem } from '../booking/stay';
import { GUESTS_KEY, type Filters } from '../catalogue/filters';
import { GuestCounter, MetroField, PriceRange, RoomsPicker } from '../catalogue/searchFields';
import { heroSearchUrl } from './heroTabs';

/** the date pickers come in their own chunk, only once «Посуточно» is chosen */
const StayDates = lazy(() => import('../booking/StayDates').then((m) => ({ default: m.StayDates })));

/**
 * The hero's search: rooms, price and the way to the metro (and, for daily rent, dates and guests);
 * «Найти» opens the deal's catalogue with them in its address, «Показать на карте» its map.
 */
export default function HeroSearch({
  deal,
  filters,
  onChange,
}: {
  deal: DealCategory;
  filters: Filters;
  onChange: (f: Filters) => void;
}) {
  const navigate = useNavigate();
  const daily = deal === 'dailyRent';
  const invalidStay = daily && stayProblem(filters) !== null;
  const go = (map: boolean) => {
    if (invalidStay) return;
    if (daily) {
      try {
        if (filters.guests > 0) localStorage.setItem(GUESTS_KEY, String(filters.guests));
      } catch {
        // private mode: the address still carries the count
      }
    }
    void navigate(heroSearchUrl(deal, filters, map));
  };
  return (
    <Box
      component="form"
      aria-label="Поиск объявлений"
      onSubmit={(e) => {
        e.preventDefault();
        go(false);
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
    >
      <HydrateLater on="interaction">
        <RoomsPicker
          value={filters.rooms}
          onChange={(rooms) => onChange({ ...filters, rooms })}
          sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' }, '& > *': { flex: { xs: 1, sm: 'none' } } }}
        />
      </HydrateLater>
      <HydrateLater on="interaction">
        <PriceRange
          min={filters.priceMin}
          max={filters.priceMax}
          onChange={({ min, max }) => onChange({ ...filters, priceMin: min, priceMax: max })}
          sx={{ flex: '1 1 240px' }}
        />
      </HydrateLater>
      {daily && (
        <>
          <Box sx={{ flex: '2 1 310px', minWidth: 0, minHeight: 40 }}>
            <Suspense fallback={<Box sx={{ height: 40 }} />}>
              <StayDates
                size="small"
                value={filters}
                onChange={(stay) => onChange({ ...filters, ...stay })}
              />
            </Suspense>
          </Box>
          <GuestCounter value={filters.guests} onChange={(guests) => onChange({ ...filters, guests })} />
        </>
      )}
      <HydrateLater on="interaction">
        <MetroField
          value={filters.metro}
          sx={{ flex: '1 1 200px', minWidth: 0 }}
          onChange={(metro) => onChange({ ...filters, metro })}
        />
      </HydrateLater>
      <HydrateLater on="interaction">
        <Stack direction="row" spacing={1} sx={{ flex: { xs: '1 1 100%', md: '0 0 auto' } }}>
          <Button
            variant="outlined"
            startIcon={<MapIcon />}
            onClick={() => go(true)}
            disabled={invalidStay}
            aria-label="Показать на карте"
            sx={{ height: 40, flex: { xs: 1, md: 'none' }, whiteSpace: 'nowrap' }}
          >
            {/* a phone's row has room for the short label only */}
            <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
              Показать на карте
            </Box>
            <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
              На карте
            </Box>
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={invalidStay}
            sx={{ height: 40, px: 4, flex: { xs: 1, md: 'none' } }}
          >
            Найти
          </Button>
        </Stack>
      </HydrateLater>
    </Box>
  );
}
