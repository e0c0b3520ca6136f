import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import { HydrateLater } from '../app/hydrateLater';
import { Notice } from '../app/Notice';
import { Box, Button, Card, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { LazySelectionDialog, useLazyModal } from '../leads/openers';
import { ListingCard, ListingCardSkeleton } from '../catalogue/ListingCard';
import { BEST_DEALS_FIRST, bestDealsQuery } from './queries';
import { SectionTitle } from './SectionTitle';

/** product.md and api.md section 9: the help block is inserted at index 3 (the fourth place). */
export const HELP_BLOCK_INDEX = 3;
/** the photos of the first row load at once (the first screen of a desktop) */
const EAGER = 3;

/** The help block: the four-step selection request for a flat not found. */
function HelpBlock() {
  const selection = useLazyModal(LazySelectionDialog, {});
  return (
    <Card
      variant="outlined"
      component="aside"
      aria-labelledby="best-deals-help"
      data-testid="help-block"
      sx={{
        height: '100%',
        minHeight: { xs: 240, sm: 'auto' },
        borderRadius: 3,
        p: 3,
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        bgcolor: '#eef4ff',
        borderColor: '#cfe0ff',
      }}
    >
      <SupportAgentIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
      <Typography id="best-deals-help" variant="h6" component="h3" fontWeight={700}>
        Поможем подобрать жильё
      </Typography>
      <Typography color="text.secondary">
        Не нашли подходящий вариант? Расскажите, что ищете, — специалист подберёт объявления и свяжется с
        вами.
      </Typography>
      <Box flex={1} />
      <Button variant="contained" onClick={selection.open}>
        Начать подбор
      </Button>
      {selection.element}
    </Card>
  );
}

/** The grid: one column on phones, two from 600 px, three from 900 px; every cell as tall as its row. */
function Grid({ children }: { children: ReactNode }) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
        '& > li': { minWidth: 0 },
      }}
    >
      {children}
    </Box>
  );
}

/**
 * «Лучшие предложения» (product.md, Home page): 8 cards at first with the help block at index 3,
 * «Показать ещё» shows all of them, then «Все объявления» leads to the sale catalogue.
 */
export function BestDeals() {
  const deals = useQuery(bestDealsQuery());
  const [all, setAll] = useState(false);
  const items = deals.data ?? [];
  const shown = all ? items : items.slice(0, BEST_DEALS_FIRST);
  const cells: { key: string; node: ReactNode }[] = deals.isPending
    ? Array.from({ length: BEST_DEALS_FIRST }, (_, i) => ({
        key: `skeleton-${i}`,
        node: <ListingCardSkeleton />,
      }))
    : shown.map((p, i) => ({
        key: p.id,
        node: <ListingCard variant="grid" publication={p} priority={i < EAGER} />,
      }));
  cells.splice(Math.min(HELP_BLOCK_INDEX, cells.length), 0, { key: 'help', node: <HelpBlock /> });
  const more = !all && items.length > BEST_DEALS_FIRST;
  return (
    <Box component="section" aria-labelledby="best-deals-title">
      <SectionTitle id="best-deals-title" mb={2}>
        Лучшие предложения
      </SectionTitle>
      {deals.isError ? (
        <Notice
          severity="error"
          action={
            <Button color="inherit" onClick={() => void deals.refetch()}>
              Повторить
            </Button>
          }
        >
          Не удалось загрузить объявления
        </Notice>
      ) : (
        <Grid>
          {/* each card hydrates in a task of its own */}
          {cells.map((cell) => (
            <HydrateLater key={cell.key}>
              <li>{cell.node}</li>
            </HydrateLater>
          ))}
        </Grid>
      )}
      <Box sx={{ mt: 3, display: 'flex', justifyContent: 'center', minHeight: 42 }}>
        {more ? (
          <Button
            variant="outlined"
            size="large"
            onClick={() => setAll(true)}
            sx={{ minWidth: 240, bgcolor: 'background.paper' }}
          >
            Показать ещё
          </Button>
        ) : (
          <Button
            variant="outlined"
            size="large"
            component={RouterLink}
            to="/prodazha"
            sx={{
              minWidth: 240,
              bgcolor: 'background.paper',
              visibility: deals.isPending ? 'hidden' : 'visible',
            }}
          >
            Все объявления
          </Button>
        )}
      </Box>
    </Box>
  );
}
