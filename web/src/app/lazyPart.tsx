import { lazy, type ComponentType } from 'react';
import { loadChunk } from '@estate/client';

/** the parts' chunks to fetch once the page has hydrated (main.tsx) */
const wanted: (() => Promise<unknown>)[] = [];

/**
 * A component whose code comes in a chunk of its own and which, once its chunk has come (`preload`),
 * renders at once, with no render suspended on React.lazy's first call (a page preloaded before
 * hydrating, a part touched by a visitor).
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = () =>
    (loading ??= loadChunk(load).then((component) => {
      loaded = component;
      return component;
    }));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Preloadable(props: P) {
    const Shown = loaded ?? Lazy;
    return <Shown {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}

/**
 * A component of a first screen's part whose code is not in the page's first JavaScript (a search
 * form): the server renders it, the browser fetches its chunk once the page has hydrated, and from
 * then on renders it at once. React hydrates a part touched by a visitor synchronously, so the
 * code must be there by then: an event on a part still waiting for its code is lost.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  const part = preloadable(load);
  wanted.push(part.preload);
  return part;
}

/** Fetches every part's chunk: called once the page has hydrated; settles when they have come. */
export const preloadParts = () => Promise.all(wanted.map((preload) => preload()));

/** the chunks fetched once the page is idle (the footer's), below the first screen */
const whenIdle: (() => Promise<unknown>)[] = [];

/**
 * A part whose chunk is fetched once the page is idle rather than with the first screen's parts; the
 * page's signal of readiness waits for it all the same, since a click on it before its code has come
 * is lost (lazyPart).
 */
export function idlePart<P extends object>(load: () => Promise<ComponentType<P>>) {
  const part = preloadable(load);
  whenIdle.push(part.preload);
  return part;
}

/** Fetches the idle parts' chunks once the main thread is idle (5 s on at most); settles when they have come. */
export const preloadIdleParts = () =>
  new Promise<void>((resolve) => {
    const fetchAll = () =>
      void Promise.allSettled(whenIdle.map((preload) => preload())).then(() => resolve());
    if (typeof requestIdleCallback === 'function') requestIdleCallback(fetchAll, { timeout: 5_000 });
    else setTimeout(fetchAll, 2_000);
  });
