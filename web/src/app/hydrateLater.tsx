import { Suspense, useState, type ReactNode } from 'react';

let hydrating = false;

/** Runs the page's hydration: meanwhile each `HydrateLater` part waits for a task of its own. */
export function hydrateInParts(hydrate: () => void) {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
}

/** A part's wait: settled once its moment came (its Suspense boundary then hydrates it). */
type Waiting = Promise<void> & { settled?: boolean };

/** the next task, or, with a media query, once the screen matches (the next task if it does) */
function waitFor(query?: string): Waiting {
  const waiting: Waiting = new Promise<void>((resolve) => {
    const media = query ? window.matchMedia(query) : null;
    if (!media || media.matches) return void setTimeout(resolve, 0);
    const change = (event: MediaQueryListEvent) => {
      if (!event.matches) return;
      media.removeEventListener('change', change);
      resolve();
    };
    media.addEventListener('change', change);
  });
  void waiting.then(() => {
    waiting.settled = true;
  });
  return waiting;
}

function Later({ children, waiting }: { children: ReactNode; waiting: Waiting | null }) {
  // Preact keeps the server's markup of a part that waits while hydrating, and hydrates it when
  // the promise settles; a render of the page meanwhile waits for the same promise
  if (waiting && !waiting.settled) throw waiting;
  return <>{children}</>;
}

/**
 * A part of a server-rendered page below its first screen (a catalogue's further cards, a
 * listing's similar listings) hydrated in a task of its own after the rest: the browser's build
 * hydrates in one synchronous pass (Preact), a catalogue's in ~150 ms of a phone's main thread at
 * once. `when`, a media query: a part hidden on small screens (the catalogue's search bar on a
 * phone, behind «Фильтры») waits until the screen matches. Its child is one element (Preact keeps
 * a waiting part's first node). Rendered after hydration (a navigation), or on the server, it is
 * its child and nothing more: no Suspense boundary's markers in the server's HTML. Parts do not nest: a part inside a waiting one hydrates
 * with it.
 */
export function HydrateLater({ children, when }: { children: ReactNode; when?: string }) {
  // made once, as the page hydrates: a part rendered later (a navigation) does not wait
  const [waiting] = useState(() => (hydrating ? waitFor(when) : null));
  if (import.meta.env.SSR) return <>{children}</>;
  return (
    <Suspense fallback={null}>
      <Later waiting={waiting}>{children}</Later>
    </Suspense>
  );
}
