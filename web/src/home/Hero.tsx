import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import MapIcon from '@mui/icons-material/Map';
import {
  Box,
  Button,
  ButtonBase,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { plural } from '@estate/client';
import type { DealCategory } from '../api/types';
import { HydrateLater } from '../app/hydrateLater';
import { Menu } from '../app/overlays';
import { stayProblem } from '../booking/stay';
import { GUESTS_KEY, MetroField, NO_FILTERS, storedGuests, type Filters } from '../catalogue/SearchBar';
import { HERO_TABS, heroSearchUrl, VISIBLE_ON_PHONE } from './heroTabs';

/** the date pickers come in their own chunk, only once «Посуточно» is chosen */
const StayDates = lazy(() => import('../booking/StayDates').then((m) => ({ default: m.StayDates })));
/** phones: up to 767 px (product.md section 9) */
const PHONE = '@media (max-width: 767.95px)';
const FROM_TABLET = '@media (min-width: 768px)';
/** a tab not chosen: white text on a darker blue (contrast above 4.5:1 over the whole gradient) */
const INACTIVE_TAB = 'rgba(0, 24, 80, 0.28)';

const digits = (value: string) => value.replace(/\D/g, '').slice(0, 12);

function GuestCounter({ value, onChange }: { value: number; onChange(n: number): void }) {
  return (
    <Stack
      direction="row"
      alignItems="center"
      role="group"
      aria-label="Гости"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 0.5, height: 40, flex: '1 1 220px' }}
    >
      <IconButton
        size="small"
        aria-label="Меньше гостей"
        disabled={value === 0}
        onClick={() => onChange(Math.max(0, value - 1))}
      >
        −
      </IconButton>
      <Typography
        component="span"
        variant="body2"
        aria-live="polite"
        sx={{ flex: 1, textAlign: 'center', color: value ? 'text.primary' : 'text.secondary' }}
      >
        {value ? `${value} ${plural(value, ['гость', 'гостя', 'гостей'])}` : 'Укажите количество гостей'}
      </Typography>
      <IconButton size="small" aria-label="Больше гостей" onClick={() => onChange(value + 1)}>
        +
      </IconButton>
    </Stack>
  );
}

/**
 * The hero's search: rooms, price and the way to the metro (and, for daily rent, dates and guests);
 * «Найти» opens the deal's catalogue with them in its address, «Показать на карте» its map.
 */
function HeroSearch({
  deal,
  filters,
  onChange,
}: {
  deal: DealCategory;
  filters: Filters;
  onChange(f: Filters): void;
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
        <ToggleButtonGroup
          value={filters.rooms}
          onChange={(_, rooms: number[]) => onChange({ ...filters, rooms })}
          aria-label="Комнаты"
          size="small"
          sx={{
            height: 40,
            flex: { xs: '1 1 100%', sm: '0 0 auto' },
            '& > *': { flex: { xs: 1, sm: 'none' } },
          }}
        >
          {[1, 2, 3, 4].map((n) => (
            <ToggleButton
              key={n}
              value={n}
              sx={{ px: 2 }}
              aria-label={n === 4 ? '4 комнаты и больше' : `${n}-комнатная`}
            >
              {n === 4 ? '4+' : n}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </HydrateLater>
      <HydrateLater on="interaction">
        <Box sx={{ display: 'flex', gap: 1, flex: '1 1 240px', minWidth: 0 }}>
          <TextField
            size="small"
            label="Цена от, ₽"
            value={filters.priceMin}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ flex: 1, minWidth: 0 }}
            onChange={(e) => onChange({ ...filters, priceMin: digits(e.target.value) })}
          />
          <TextField
            size="small"
            label="до, ₽"
            value={filters.priceMax}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ flex: 1, minWidth: 0 }}
            onChange={(e) => onChange({ ...filters, priceMax: digits(e.target.value) })}
          />
        </Box>
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

/**
 * The hero: the page's heading, the deal tabs and the search form of the chosen tab. Tabs follow
 * the WAI-ARIA tabs pattern (arrow keys, Home and End move between them); on phones the tabs after
 * the third are behind the chevron («Ещё разделы»), and a chosen one's name heads the panel.
 */
export function Hero() {
  const id = useId();
  const [tab, setTab] = useState(0);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [moreAnchor, setMoreAnchor] = useState<HTMLElement | null>(null);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = HERO_TABS[tab];

  const choose = (index: number) => {
    // the spec: changing the tab sets the deal; daily rent starts from the guests kept in the browser
    if (HERO_TABS[index].deal === 'dailyRent' && filters.guests === 0)
      setFilters({ ...filters, guests: storedGuests() });
    setTab(index);
  };
  const onKey = (e: KeyboardEvent, index: number) => {
    const last = HERO_TABS.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? (index + 1) % HERO_TABS.length
        : e.key === 'ArrowLeft'
          ? (index + last) % HERO_TABS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (next === null) return;
    e.preventDefault();
    choose(next);
    tabRefs.current[next]?.focus();
  };
  const hiddenChosen = tab >= VISIBLE_ON_PHONE ? current : null;

  return (
    <Box
      component="section"
      aria-labelledby={`${id}-title`}
      sx={{
        borderRadius: { xs: 3, md: 4 },
        px: { xs: 2, sm: 3, md: 5 },
        py: { xs: 3, md: 5 },
        background: 'linear-gradient(135deg, #0350c8 0%, #0468ff 60%, #2f7dff 100%)',
        color: '#fff',
      }}
    >
      <Typography
        id={`${id}-title`}
        variant="h3"
        component="h1"
        fontWeight={800}
        sx={{ fontSize: { xs: 24, sm: 32, md: 40 }, lineHeight: 1.2, mb: { xs: 2, sm: 1.5 } }}
      >
        Найдите жильё для жизни, работы и отдыха
      </Typography>
      <Typography sx={{ opacity: 0.9, mb: 3, fontSize: 18, display: { xs: 'none', sm: 'block' } }}>
        Продажа, аренда и посуточная аренда квартир, домов и комнат
      </Typography>
      {/* the tabs and each field hydrate when a visitor reaches into them (they show the server's state until then) */}
      <HydrateLater on="interaction">
        <Stack direction="row" spacing={0.5} alignItems="flex-end">
          <Box role="tablist" aria-label="Тип сделки" sx={{ display: 'flex', gap: 0.5, minWidth: 0 }}>
            {HERO_TABS.map((t, i) => (
              <ButtonBase
                key={t.label}
                ref={(el: HTMLButtonElement | null) => {
                  tabRefs.current[i] = el;
                }}
                role="tab"
                id={`${id}-tab-${i}`}
                aria-selected={tab === i}
                aria-controls={`${id}-panel`}
                tabIndex={tab === i ? 0 : -1}
                onClick={() => choose(i)}
                onKeyDown={(e) => onKey(e, i)}
                data-testid={`hero-tab-${i}`}
                sx={{
                  px: { xs: 1.5, sm: 2.5 },
                  height: 44,
                  borderRadius: '12px 12px 0 0',
                  fontSize: 15,
                  fontWeight: 600,
                  whiteSpace: 'nowrap',
                  color: tab === i ? 'primary.main' : '#fff',
                  bgcolor: tab === i ? 'background.paper' : INACTIVE_TAB,
                  '&:hover': { bgcolor: tab === i ? 'background.paper' : 'rgba(0, 24, 80, 0.4)' },
                  '&.Mui-focusVisible': { outline: '2px solid #fff', outlineOffset: 2 },
                  // phones: the first three, the rest behind the chevron
                  ...(i >= VISIBLE_ON_PHONE ? { [PHONE]: { display: 'none' } } : {}),
                }}
              >
                {t.label}
              </ButtonBase>
            ))}
          </Box>
          <ButtonBase
            aria-label={hiddenChosen ? `Ещё разделы, выбран «${hiddenChosen.label}»` : 'Ещё разделы'}
            aria-haspopup="menu"
            aria-expanded={Boolean(moreAnchor)}
            onClick={(e) => setMoreAnchor(e.currentTarget)}
            data-testid="hero-tabs-more"
            sx={{
              px: 1.5,
              height: 44,
              borderRadius: '12px 12px 0 0',
              fontSize: 15,
              fontWeight: 600,
              whiteSpace: 'nowrap',
              color: hiddenChosen ? 'primary.main' : '#fff',
              bgcolor: hiddenChosen ? 'background.paper' : INACTIVE_TAB,
              [FROM_TABLET]: { display: 'none' },
            }}
          >
            <ExpandMoreIcon />
          </ButtonBase>
          <Menu anchorEl={moreAnchor} open={Boolean(moreAnchor)} onClose={() => setMoreAnchor(null)}>
            {HERO_TABS.slice(VISIBLE_ON_PHONE).map((t, i) => (
              <MenuItem
                key={t.label}
                selected={tab === VISIBLE_ON_PHONE + i}
                onClick={() => {
                  choose(VISIBLE_ON_PHONE + i);
                  setMoreAnchor(null);
                }}
              >
                {t.label}
              </MenuItem>
            ))}
          </Menu>
        </Stack>
      </HydrateLater>
      <Box
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${tab}`}
        sx={{
          bgcolor: 'background.paper',
          color: 'text.primary',
          borderRadius: { xs: '0 12px 12px 12px', md: '0 16px 16px 16px' },
          p: { xs: 2, md: 2.5 },
          boxShadow: '0 12px 32px rgba(4, 40, 110, 0.18)',
        }}
      >
        {hiddenChosen && (
          // a phone's tab row has no room for the chosen tab behind the chevron: its name heads the panel
          <Typography
            component="p"
            fontWeight={700}
            color="primary"
            sx={{ mb: 1.5, [FROM_TABLET]: { display: 'none' } }}
            data-testid="hero-chosen"
          >
            {hiddenChosen.label}
          </Typography>
        )}
        {current.deal ? (
          <HydrateLater key={current.deal}>
            <HeroSearch deal={current.deal} filters={filters} onChange={setFilters} />
          </HydrateLater>
        ) : (
          <Stack spacing={1} justifyContent="center" sx={{ minHeight: 80 }} data-testid="hero-stub">
            <Typography variant="h6" component="p" fontWeight={700}>
              {current.stub}
            </Typography>
            <Typography color="text.secondary">
              Скоро здесь появится поиск. А пока посмотрите объявления о продаже и аренде.
            </Typography>
            {current.link && (
              <Box>
                <Button variant="outlined" component={RouterLink} to={current.link.to}>
                  {current.link.label}
                </Button>
              </Box>
            )}
          </Stack>
        )}
      </Box>
    </Box>
  );
}
