import type { DehydratedState } from '@tanstack/react-query';
import { StrictMode, startTransition, type ErrorInfo, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { App } from './app/App';
import { leftServerPage } from './app/browserStore';
import { createQueryClient } from './app/queryClient';
import { createStyleCache } from './app/styleCache';
import { hydrateWaitingParts } from './app/hydrateLater';
import { handlesOf, routes } from './app/routes';
import { siteTheme } from './app/theme';

/** StrictMode's double rendering and effects (every search fetched twice) only under `vite dev`. */
const Strict = ({ children }: { children: ReactNode }) =>
  import.meta.env.DEV ? <StrictMode>{children}</StrictMode> : <>{children}</>;

/** The server's answers the page was rendered from (services/src/site), a JSON data block. */
function serverState(): DehydratedState | undefined {
  const block = document.getElementById('query-state');
  if (!block?.textContent) return undefined;
  try {
    return JSON.parse(block.textContent) as DehydratedState;
  } catch {
    return undefined;
  }
}

/**
 * React recovered from markup the page's code does not render alike (it rendered the part anew):
 * a mark a performance trace shows and an error in the console, which the browser tests fail on.
 */
function reportMismatch(error: unknown, info: ErrorInfo) {
  const message = error instanceof Error ? error.message : String(error);
  performance.mark('hydration-mismatch', { detail: message });
  console.error('hydration mismatch:', message, info.componentStack ?? '');
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function start() {
  // each step of the start in a task of its own (a phone's main thread stays free to answer between
  // them): the modules' evaluation, the page's chunk, the theme, the router, the hydration
  await nextTask();
  const container = document.getElementById('root')!;
  const rendered = container.hasChildNodes();
  // the matched page's chunk first: hydration then meets the same tree the server rendered
  if (rendered) {
    const matches = matchRoutes(routes, window.location) ?? [];
    await Promise.all(handlesOf(matches).flatMap((h) => (h.preload ? [h.preload()] : [])));
    await nextTask();
  }
  siteTheme();
  await nextTask();
  const router = createBrowserRouter(routes);
  // the first navigation leaves the page the server rendered
  const stop = router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || state.location.key !== 'default') {
      hydrateWaitingParts();
      leftServerPage();
      stop();
    }
  });
  const queryClient = createQueryClient();
  // the same key as the server's cache (key 'css'): the server's page styles count as inserted
  const emotionCache = createStyleCache();
  const app = (
    <Strict>
      <App queryClient={queryClient} emotionCache={emotionCache} state={serverState()}>
        <RouterProvider router={router} />
      </App>
    </Strict>
  );
  if (rendered) {
    // a route with a lazy definition (saved searches) is resolved before the first render
    if (!router.state.initialized)
      await new Promise<void>((resolve) => {
        const stop = router.subscribe((state) => {
          if (state.initialized) {
            stop();
            resolve();
          }
        });
      });
    await nextTask();
    // in a transition: React hydrates in slices, yielding to the phone's main thread between them,
    // and a part still waiting (app/hydrateLater.tsx) keeps the server's markup
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError: reportMismatch });
    });
  } else createRoot(container).render(app);
}

void start();
