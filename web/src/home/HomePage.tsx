import { Stack } from '@mui/material';
import { useEffect } from 'react';
import { BestDeals } from './BestDeals';
import { Hero } from './Hero';
import { Magazine } from './Magazine';
import { SlidesSlider } from './SlidesSlider';
import { HOME_TITLE } from './title';

/**
 * The home page `/` (product.md, Home page; issue 18 item 2): the hero with the deal tabs and the
 * search, the best deals, the promotions slider and the magazine. Its data comes through TanStack
 * Query (./queries.ts), which server rendering prefetches with `homePrefetch`.
 */
export function HomePage() {
  useEffect(() => {
    document.title = HOME_TITLE;
  }, []);
  return (
    <Stack spacing={{ xs: 5, md: 7 }}>
      <Hero />
      <BestDeals />
      <SlidesSlider />
      <Magazine />
    </Stack>
  );
}
