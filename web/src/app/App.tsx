import { CacheProvider, type EmotionCache } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import {
  HydrationBoundary,
  QueryClientProvider,
  type DehydratedState,
  type QueryClient,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useHydratedSignal } from '@estate/client';
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
  useHydratedSignal();
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
