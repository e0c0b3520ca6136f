import {
  memo,
  Suspense,
  use,
  useCallback,
  useEffect,
  useId,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

/**
 * A part of a server-rendered page that hydrates on its own, through React's selective hydration: its
 * Suspense boundary keeps the server's markup while the part waits for its moment, then React
 * hydrates it in a task of its own. Most of a page is below its first screen, and most of a
 * hydration's time is MUI's and emotion's work on each element's styles.
 *
 * The part's node is found by a marker the server renders just before it, an empty
 * `<style data-part>` (a style element: MUI's stacks leave style elements out of their spacing, as
 * emotion may put its own there).
 */
type Part = {
  promise: Promise<void>;
  ready: boolean;
  /** React rendered the part once, as the page hydrated: any further attempt hydrates it at once */
  attempted: boolean;
  /** its first element, watched */
  node: Element;
  /** the screens it waits for (none: any) */
  media: MediaQueryList | null;
  wake: () => void;
};

/** the parts of the server's page by their ids, waiting or woken (a part woken renders at once) */
const parts = new Map<string, Part>();
/** the first navigation came (hydrateWaitingParts): no part made after it waits */
let serverPageLeft = false;
/** the parts' own components, told of the first navigation */
const leaving = new Set<() => void>();
function subscribeToLeaving(listener: () => void) {
  leaving.add(listener);
  return () => leaving.delete(listener);
}
const serverPageWasLeft = () => serverPageLeft;
const serverPageNotLeft = () => false;
/** what a visitor touched last: a part made inside it (a part within a part just woken) waits no more */
let touched: Node | null = null;

/** what a visitor does first to a part: it hydrates at once, and React replays the event on it */
const INTERACTIONS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
let listening = false;

/** One listener for every part: a visitor's touch, click, focus or key wakes the parts it is inside. */
function listen() {
  if (listening) return;
  listening = true;
  const interacted = (event: Event) => {
    if (!(event.target instanceof Node)) return;
    touched = event.target;
    for (const part of parts.values())
      if (!part.ready && part.node.contains(touched) && (!part.media || part.media.matches)) part.wake();
  };
  for (const type of INTERACTIONS) document.addEventListener(type, interacted, true);
}

/**
 * The page the server rendered is about to change (main.tsx): every part still waiting is made anew
 * with the new page, and no part made after waits.
 */
export function hydrateWaitingParts() {
  serverPageLeft = true;
  for (const part of parts.values()) part.wake();
  parts.clear();
  for (const listener of leaving) listener();
}

/** the part's first element, after the marker the server rendered (null: a part the browser made) */
function nodeOf(id: string): Element | null {
  const marker = document.querySelector(`style[data-part="${CSS.escape(id)}"]`);
  return marker?.nextElementSibling ?? null;
}

/**
 * A part's moment: once its node nears the screen (a task of its own), or at once when a visitor
 * touches, clicks or focuses inside it; with a media query, not before the screen matches.
 */
function waitFor(id: string, node: Element, query: string | undefined, onScreen: boolean): Part {
  let settle!: () => void;
  const promise = new Promise<void>((resolve) => {
    settle = resolve;
  });
  let observer: IntersectionObserver | null = null;
  const media = query ? window.matchMedia(query) : null;
  const part: Part = { promise, ready: false, attempted: false, node, media, wake: () => {} };
  const watch = () => {
    if (!onScreen) return;
    observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setTimeout(part.wake, 0);
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
  };
  const change = (event: MediaQueryListEvent) => {
    if (event.matches) watch();
  };
  part.wake = () => {
    if (part.ready) return;
    part.ready = true;
    observer?.disconnect();
    media?.removeEventListener('change', change);
    settle();
  };
  if (!media || media.matches) watch();
  else media.addEventListener('change', change);
  return part;
}

/**
 * Inside the part's boundary: React's first attempt, as the page (or the part around it) hydrates,
 * suspends on the part's moment. A second attempt before it (a context above changed, or a
 * visitor's event reached it) hydrates it at once: suspended then, React would drop the server's
 * markup and render the part anew. Memoised: its parent's renders do not reach a waiting part.
 */
const Later = memo(function Later({
  id,
  when,
  onScreen,
  onHydrated,
  children,
}: {
  id: string;
  when?: string;
  onScreen: boolean;
  onHydrated: () => void;
  children: ReactNode;
}) {
  // after the render that hydrated the part
  useEffect(onHydrated, [onHydrated]);
  if (import.meta.env.SSR) return <>{children}</>;
  let part = parts.get(id);
  if (!part && !serverPageLeft) {
    const node = nodeOf(id);
    if (node && !(touched && node.contains(touched))) {
      listen();
      part = waitFor(id, node, when, onScreen);
      parts.set(id, part);
    }
  }
  if (part && !part.ready) {
    if (part.attempted) part.wake();
    else {
      part.attempted = true;
      use(part.promise);
    }
  }
  return <>{children}</>;
});

/**
 * A part of a server-rendered page hydrated on its own, once it nears the screen or a visitor
 * reaches into it. `when`, a media query: a part hidden on small screens (the catalogue's search bar
 * on a phone, behind «Фильтры») waits until the screen matches. `on="interaction"`: markup that works
 * as it is (text, links, a button's label) hydrates only when a visitor reaches into it, or at the
 * first navigation; not for a part whose look follows the browser's state (a heart, a shared phone
 * reveal) or whose effects must run (a view counted, a text measured). Its child is one element (the
 * node watched). Rendered after hydration (a navigation), it does not wait. A part inside another
 * waits for its own moment once the outer one hydrates.
 */
export function HydrateLater({
  children,
  when,
  on = 'screen',
}: {
  children: ReactNode;
  when?: string;
  /** 'interaction': markup that works as it is (text, links) hydrates only when a visitor reaches into it */
  on?: 'screen' | 'interaction';
}) {
  const id = useId();
  // the part hydrates with the children the server rendered it with (React keeps the server's
  // attributes as it hydrates: a link's address changed meanwhile would stay the old one), then
  // renders the current ones; meanwhile the same children leave the waiting part untouched
  const [first] = useState(() => children);
  const [state, setState] = useState<'waiting' | 'hydrated' | 'made anew'>('waiting');
  const onHydrated = useCallback(() => setState((was) => (was === 'waiting' ? 'hydrated' : was)), []);
  // the first navigation came while the part still waited: it is made anew at once, with the new
  // page's props and context (hydrated later, under the new address, React would keep the server's
  // attributes where they differ, a link's address among them, until it hydrated)
  const left = useSyncExternalStore(subscribeToLeaving, serverPageWasLeft, serverPageNotLeft);
  if (left && state === 'waiting') setState('made anew');
  return (
    <>
      <style data-part={id} />
      <Suspense key={state === 'made anew' ? state : 'server'} fallback={null}>
        <Later id={id} when={when} onScreen={on === 'screen'} onHydrated={onHydrated}>
          {state === 'waiting' ? first : children}
        </Later>
      </Suspense>
    </>
  );
}
