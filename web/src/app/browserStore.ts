import { startTransition, useEffect, useState } from 'react';

/**
 * Whether the page in the window is still the one the server rendered (#root came with its HTML):
 * its components, hydrated now or in a Suspense boundary later, start from the server's value; the
 * first navigation in the browser (main.tsx) ends it, and a page opened after reads the browser's
 * value at once. (Not the end of the root's first commit: a boundary can hydrate after it.)
 */
const onServer = typeof document === 'undefined';
let serverPage = !onServer && Boolean(document.getElementById('root')?.hasChildNodes());
export const leftServerPage = () => {
  serverPage = false;
};

/**
 * A value that only the browser knows (its storage, its cookies, that it runs at all), read as
 * the server rendered it while the page hydrates and as the browser has it right after, in a
 * transition (a render in slices). An equal value keeps the shown object, so its readers do not re-render: after hydration
 * useSyncExternalStore re-rendered every reader whose value differed, on the listing page the
 * whole page again (~150 ms of a phone's main thread). `getSnapshot` answers the same object while
 * the value is unchanged.
 */
export function useBrowserStore<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
  getServerSnapshot: () => T,
): T {
  const [value, setValue] = useState(() => (onServer || serverPage ? getServerSnapshot() : getSnapshot()));
  useEffect(() => {
    // an equal value keeps the one shown (the server's object, say): its readers do not re-render,
    // and what they derived from it (a field's text typed meanwhile) stays
    const update = () =>
      startTransition(() => {
        const next = getSnapshot();
        setValue((shown) => (Object.is(shown, next) || sameJson(shown, next) ? shown : next));
      });
    update();
    return subscribe(update);
  }, [subscribe, getSnapshot]);
  return value;
}

/** the stores' values are small JSON (a place, up to 100 ids): compared by their text */
function sameJson(a: unknown, b: unknown): boolean {
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    return false;
  }
}

const unchanging = () => () => {};
const inBrowser = () => false;
const inServersRender = () => true;

/**
 * True in a component's first render on the page the server rendered, then false (a browser store
 * whose value only says that the render is the browser's own): a part that hydrates after the
 * session is known (the header's account button) first renders what the server did: other
 * elements than the markup's would be a mismatch, the part rendered anew.
 */
export const useServerRenderFirst = () => useBrowserStore(unchanging, inBrowser, inServersRender);
