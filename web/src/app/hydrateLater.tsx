import { options } from 'preact';
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { computeStyles, deferring, realClasses, skipStyles, stylesSkipped } from './hydrationStyles';

/** a render that hydrates: the page's (hydrateInParts) or a part's (Later); a part made in it waits */
let hydrating = false;
/** the first navigation came (hydrateWaitingParts): no part waits any more */
let serverPageLeft = false;

/**
 * A part's wait: settled once its moment came (its Suspense boundary then hydrates it). `start`,
 * until Preact names the part's node; `wake` settles it at once.
 */
type Waiting = Promise<void> & {
  settled?: boolean;
  /** a visitor reached into the part: the parts inside it hydrate with it, at once */
  touched?: boolean;
  start?: (node: Node) => void;
  wake: () => void;
};

/** the parts still waiting */
const waitingParts = new Set<Waiting>();
/** the parts their Suspense boundary hydrated: a render of a part after that one is not a hydration */
const hydratedParts = new WeakSet<Waiting>();

/**
 * Hydrates every part still waiting, at once: before the page the server rendered changes (the
 * first navigation, main.tsx). Preact does not move a waiting part's kept markup when a list it is
 * in is reordered (a catalogue sorted anew kept three unhydrated cards where they stood).
 */
export function hydrateWaitingParts() {
  serverPageLeft = true;
  for (const waiting of [...waitingParts]) waiting.wake();
}

/** Preact's vnode: its type, props and node (`__e`, the name Preact's own packages reach `_dom` by) */
type VNode = { type: unknown; props: Record<string, unknown>; __e?: Node | null };
type CatchError = (error: unknown, vnode: VNode | null, ...rest: unknown[]) => void;
type PreactOptions = {
  __e: CatchError;
  vnode?: (vnode: VNode) => void;
  /** hydration made an element of its own: `_hydrationMismatch` */
  __m?: (vnode: VNode, excess: unknown) => void;
};
let preactWatched = false;

/**
 * Preact's hooks the parts and the styles deferred while hydrating need. Preact keeps the server's
 * markup of a part that waits as the page hydrates: the node it keeps is its vnode's `__e` when its
 * error hook is called with the part's promise. The part is watched from there.
 */
function watchPreact() {
  if (preactWatched) return;
  preactWatched = true;
  const preact = options as unknown as PreactOptions;
  const next = preact.__e;
  preact.__e = (error, vnode, ...rest) => {
    // the page's body stands in for a node Preact did not name (none expected): seen at once
    if (waitingParts.has(error as Waiting)) (error as Waiting).start?.(vnode?.__e ?? document.body);
    next(error, vnode, ...rest);
  };
  // an element rendered outside a hydration gets real classes where its props carry the
  // placeholders a styled component answered while hydrating (app/hydrationStyles.ts)
  const made = preact.vnode;
  preact.vnode = (vnode) => {
    made?.(vnode);
    if (!stylesSkipped() && deferring() && typeof vnode.type === 'string') realClasses(vnode.props);
  };
  // hydration made an element of its own (the browser's tree differs from the markup): Preact sets
  // every prop of it, so it gets its real class, and the rest of that render computes styles
  const mismatch = preact.__m;
  preact.__m = (vnode, excess) => {
    // a mark a performance trace shows (and the browser tests look for): the page's code renders
    // other elements than the server did, so Preact makes them anew and the part computes its styles
    performance.mark('hydration-mismatch', {
      detail: `${typeof vnode.type === 'string' ? vnode.type : 'component'} ${String(vnode.props.className ?? '')}`,
    });
    if (stylesSkipped()) {
      computeStyles();
      realClasses(vnode.props);
    }
    mismatch?.(vnode, excess);
  };
}

/** Runs the page's hydration: meanwhile each `HydrateLater` part waits for its moment. */
export function hydrateInParts(hydrate: () => void) {
  watchPreact();
  hydrating = true;
  skipStyles();
  try {
    hydrate();
  } finally {
    hydrating = false;
    computeStyles();
    // a part Preact did not hand over (none expected) does not wait for ever
    for (const waiting of waitingParts) waiting.start?.(document.body);
  }
}

/** what a visitor does first to a part: it is hydrated at once, before the event reaches it */
const INTERACTIONS = ['pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/**
 * A part's moment: once its node nears the screen (a task of its own), or at once when a visitor
 * touches, clicks or focuses inside it (the event's listeners then find it hydrated: Preact renders
 * a settled boundary in microtasks, before the event goes on), and, with a media query, not before
 * the screen matches.
 */
function waitFor(query?: string, onScreen = true): Waiting {
  let settle!: () => void;
  const waiting = new Promise<void>((resolve) => {
    settle = resolve;
  }) as Waiting;
  const resolve = () => {
    waitingParts.delete(waiting);
    settle();
  };
  waiting.wake = resolve;
  waitingParts.add(waiting);
  void waiting.then(() => {
    waiting.settled = true;
  });
  waiting.start = (node) => {
    waiting.start = undefined;
    const element = node instanceof Element ? node : node.parentElement;
    if (!element) return resolve();
    let observer: IntersectionObserver | null = null;
    const media = query ? window.matchMedia(query) : null;
    const done = () => {
      observer?.disconnect();
      media?.removeEventListener('change', change);
      for (const type of INTERACTIONS) document.removeEventListener(type, interacted, true);
      resolve();
    };
    const interacted = (event: Event) => {
      if (event.target instanceof Node && element.contains(event.target) && (!media || media.matches)) {
        waiting.touched = true;
        done();
      }
    };
    const watch = () => {
      if (!onScreen) return;
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) setTimeout(done, 0);
        },
        { rootMargin: '400px 0px' },
      );
      observer.observe(element);
    };
    const change = (event: MediaQueryListEvent) => {
      if (event.matches) watch();
    };
    waiting.wake = done;
    for (const type of INTERACTIONS) document.addEventListener(type, interacted, true);
    if (!media || media.matches) watch();
    else media.addEventListener('change', change);
  };
  return waiting;
}

function Later({
  children,
  waiting,
  onHydrated,
}: {
  children: ReactNode;
  waiting: Waiting | null;
  onHydrated?: (hydrated: true) => void;
}) {
  // after the render that hydrated the part (a render that throws runs no effect)
  useEffect(() => onHydrated?.(true), [onHydrated]);
  // Preact keeps the server's markup of a part that waits while hydrating, and hydrates it when
  // the promise settles; a render of the page meanwhile waits for the same promise
  if (waiting && !waiting.settled) throw waiting;
  if (!waiting || hydratedParts.has(waiting)) return <>{children}</>;
  // the render that hydrates the part: the parts inside it wait for their own moment, unless a
  // visitor reached into it (the event goes on to them as soon as this render is done); its
  // elements keep the server's classes, so their styles are not computed until StylesComputed
  hydratedParts.add(waiting);
  if (!waiting.touched) hydratingPart();
  skipStyles();
  // an error thrown out of the part ends its render without StylesComputed: a task's end at most
  queueMicrotask(computeStyles);
  return (
    <>
      {children}
      <StylesComputed />
    </>
  );
}

/** rendered after a part's elements (Preact renders a subtree depth first): its hydration is over */
function StylesComputed() {
  computeStyles();
  return null;
}

/**
 * Marks the rest of the render under way (Preact renders a part's subtree in one go, in one
 * microtask) as hydrating: the parts made in it wait as the page's did.
 */
function hydratingPart() {
  if (hydrating) return;
  hydrating = true;
  queueMicrotask(() => {
    hydrating = false;
    for (const waiting of waitingParts) waiting.start?.(document.body);
  });
}

/**
 * A part of a server-rendered page hydrated on its own, once it nears the screen or a visitor
 * reaches into it: the browser's build hydrates in one synchronous pass (Preact), a catalogue's in
 * ~150 ms of a phone's main thread at once, and most of a page is below its first screen. `when`, a
 * media query: a part hidden on small screens (the catalogue's search bar on a phone, behind
 * «Фильтры») waits until the screen matches. `on="interaction"`: markup that works as it is (text,
 * links, a button's label) hydrates only when a visitor reaches into it, or at the first navigation
 * — no task of a page's start at all; not for a part whose look follows the browser's state (a
 * heart, a shared phone reveal) or whose effects must run (a view counted, a text measured). Its
 * child is one element (Preact keeps a waiting part's first node). Preact hydrates without
 * correcting the server's attributes, so the part hydrates with the children it had as the page
 * hydrated, the markup's own, then renders the current ones. Rendered after hydration (a
 * navigation), or on the server, it is its child and nothing more: no Suspense boundary's markers
 * in the server's HTML. A part inside another waits for its own moment once the outer one hydrates.
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
  // made once, as the page hydrates: a part rendered later (a navigation) does not wait
  const [waiting] = useState(() => (hydrating && !serverPageLeft ? waitFor(when, on === 'screen') : null));
  const [first] = useState(() => children);
  const [hydrated, setHydrated] = useState(!waiting);
  if (import.meta.env.SSR) return <>{children}</>;
  return (
    <Suspense fallback={null}>
      <Later waiting={waiting} onHydrated={hydrated ? undefined : setHydrated}>
        {hydrated ? children : first}
      </Later>
    </Suspense>
  );
}
