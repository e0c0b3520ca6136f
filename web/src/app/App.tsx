import { CacheProvider, type EmotionCache } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import {
  HydrationBoundary,
  QueryClientProvider,
  type DehydratedState,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { markHydratedWhenIdle } from '@estate/client';
import { preloadIdleParts, preloadParts } from './lazyPart';
import { SessionProvider } from '../auth/session';
import { siteTheme } from './theme';

/** The providers around every page, the same on the server and in the browser (hydration needs one tree). */
export function App({
  queryClient,
  emotionCache,
  state,
  children,
}: {
  queryClient: QueryClient;
  emotionCache: EmotionCache;
  state?: DehydratedState;
  children: ReactNode;
}) {
  // the page is usable (its public signal, `<html data-hydrated>`) once it has hydrated and the
  // code of its parts has come, the first screen's and then, once idle, the footer's (app/lazyPart.tsx)
  useEffect(() => {
    void Promise.all([preloadParts(), preloadIdleParts()]).then(markHydratedWhenIdle, markHydratedWhenIdle);
  }, []);
  return (
    <CacheProvider value={emotionCache}>
      <QueryClientProvider client={queryClient}>
        <HydrationBoundary state={state}>
          <ThemeProvider theme={siteTheme()}>
            <CssBaseline />
            <SessionProvider>{children}</SessionProvider>
          </ThemeProvider>
        </HydrationBoundary>
      </QueryClientProvider>
    </CacheProvider>
  );
}
