import TuneIcon from '@mui/icons-material/Tune';
import { Badge, Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { stayProblem } from '../booking/stay';
import { PlaceSearch } from '../place/PlaceSearch';
import { firstScreen } from '../app/firstScreen';
import { storeGuests, type Filters } from './filters';
import { GuestCounter, MetroField, PriceRange, RoomsPicker } from './searchFields';

const styles = firstScreen.searchBar;

/** The date pickers come in their own chunk: only the daily-rent search shows them. */
const StayDates = lazy(() => import('../booking/StayDates').then((m) => ({ default: m.StayDates })));

/**
 * Place, rooms, price and metro (and, for daily rent, dates and guests); 'Найти' applies them, «Все
 * фильтры» opens the modal of the rest (the order is the sort menu's, above the results). The items
 * wrap onto more lines as the width shrinks, each keeping a usable minimum width, so nothing is
 * squeezed to a sliver and the page never scrolls sideways (320–1920 px).
 */
export function SearchBar({
  value,
  onSearch,
  dailyRent,
  onAllFilters,
  extras = 0,
}: {
  value: Filters;
  onSearch: (filters: Filters) => void;
  dailyRent?: boolean;
  /** «Все фильтры»: opens the modal with the draft so far */
  onAllFilters?: (draft: Filters) => void;
  /** how many of the modal's own filters are on (its badge) */
  extras?: number;
}) {
  const [draft, setDraft] = useState(value);
  // the applied filters changed (a chip removed, the browser's back button): the draft starts again from them
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    setApplied(value);
    setDraft(value);
  }
  const invalidStay = dailyRent ? stayProblem(draft) !== null : false;
  const search = (filters: Filters) => {
    if (dailyRent) storeGuests(filters.guests);
    onSearch(filters);
  };
  return (
    <div className={styles.bar}>
      <form
        aria-label="Поиск"
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          if (!invalidStay) search(draft);
        }}
      >
        <PlaceSearch
          value={draft.place}
          onChange={(place) => {
            const next = { ...draft, place };
            setDraft(next);
            if (!invalidStay) search(next);
          }}
        />
        <RoomsPicker
          value={draft.rooms}
          onChange={(rooms) => setDraft({ ...draft, rooms })}
          sx={{ flex: '0 0 auto' }}
        />
        <PriceRange
          min={draft.priceMin}
          max={draft.priceMax}
          onChange={({ min, max }) => setDraft({ ...draft, priceMin: min, priceMax: max })}
          sx={{ flex: '1 1 260px' }}
          fieldSx={{ minWidth: 110 }}
        />
        {dailyRent && (
          <>
            <div className={styles.dates}>
              <Suspense fallback={<div className={styles.datesWaiting} />}>
                <StayDates size="small" value={draft} onChange={(stay) => setDraft({ ...draft, ...stay })} />
              </Suspense>
            </div>
            <GuestCounter value={draft.guests} onChange={(guests) => setDraft({ ...draft, guests })} />
          </>
        )}
        <MetroField
          value={draft.metro}
          sx={{ flex: '1 1 200px', minWidth: 0, maxWidth: { sm: 260 } }}
          onChange={(metro) => setDraft({ ...draft, metro })}
        />
        {onAllFilters && (
          <Badge badgeContent={extras} color="primary" invisible={extras === 0} sx={{ ml: { sm: 'auto' } }}>
            <Button
              variant="outlined"
              startIcon={<TuneIcon />}
              onClick={() => onAllFilters(draft)}
              sx={{ height: 40, whiteSpace: 'nowrap' }}
            >
              Все фильтры
            </Button>
          </Badge>
        )}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={invalidStay}
          sx={{
            flex: { xs: '1 1 100%', sm: '0 0 auto' },
            ml: onAllFilters ? undefined : { sm: 'auto' },
            height: 40,
            px: 4,
          }}
        >
          Найти
        </Button>
      </form>
    </div>
  );
}
