import { Stack } from '@mui/material';
import { HydrateLater } from '../app/hydrateLater';
import { useHead } from '../app/head';
import { BestDeals } from './BestDeals';
import { Hero } from './Hero';
import { Magazine } from './Magazine';
import { SlidesSlider } from './SlidesSlider';
import { HOME_DESCRIPTION, HOME_TITLE } from './title';

/**
 * The home page `/` (product.md, Home page; issue 18 item 2): the hero with the deal tabs and the
 * search, the best deals, the promotions slider and the magazine. Its data comes through TanStack
 * Query (./queries.ts), which server rendering prefetches with `homePrefetch`.
 */
export function HomePage() {
  useHead({ title: HOME_TITLE, description: HOME_DESCRIPTION, canonical: '/' });
  // the page hydrates after the layout, in a task of its own, and its parts each in theirs
  return (
    <HydrateLater>
      <Stack spacing={{ xs: 5, md: 7 }}>
        <Hero />
        <BestDeals />
        <SlidesSlider />
        <Magazine />
      </Stack>
    </HydrateLater>
  );
}
