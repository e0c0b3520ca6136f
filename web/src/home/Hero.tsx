import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button, ButtonBase, Stack, Typography } from '@mui/material';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { HydrateLater } from '../app/hydrateLater';
import { lazyPart } from '../app/lazyPart';
import { Menu, MenuItem } from '../app/overlays';
import { NO_FILTERS, storedGuests, type Filters } from '../catalogue/filters';
import { HERO_TABS, VISIBLE_ON_PHONE } from './heroTabs';

/**
 * The search form (MUI's fields) comes in a chunk of its own, fetched once the page has hydrated:
 * the server's form shows at once and hydrates when a visitor reaches into it.
 */
const HeroSearch = lazyPart(() => import('./HeroSearch').then((m) => m.default));
/** phones: up to 767 px (product.md section 9) */
const PHONE = '@media (max-width: 767.95px)';
const FROM_TABLET = '@media (min-width: 768px)';
/** a tab not chosen: white text on a darker blue (contrast above 4.5:1 over the whole gradient) */
const INACTIVE_TAB = 'rgba(0, 24, 80, 0.28)';

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
    // the next tab's form is made in the browser: its chunk is on its way as the tab is chosen
    void HeroSearch.preload();
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
          <HydrateLater key={current.deal} on="interaction">
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
