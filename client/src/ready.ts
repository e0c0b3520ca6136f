import { useEffect } from 'react';

/**
 * Marks the page usable once the app has attached to it (hydrated, or rendered in the browser) and the
 * main thread is idle after its first effects: `<html data-hydrated>`. It is the page's public signal
 * of readiness; browser tests wait on it rather than on a renderer's internals.
 */
export const markHydratedWhenIdle = (): void => {
  (window.requestIdleCallback ?? setTimeout)(() =>
    document.documentElement.setAttribute('data-hydrated', ''),
  );
};

/** markHydratedWhenIdle once the component's first render is committed (the site's root). */
export const useHydratedSignal = (): void => useEffect(markHydratedWhenIdle, []);
