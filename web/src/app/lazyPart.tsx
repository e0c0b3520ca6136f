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
