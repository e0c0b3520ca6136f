import type { EmotionCache } from '@emotion/cache';
import { serializeStyles as serializeAll } from '@emotion/serialize';
import {
  getRegisteredStyles as registeredStylesOf,
  insertStyles as insertAll,
  registerStyles as registerAll,
} from '@emotion/utils';

/**
 * The browser's build hands every module's `@emotion/serialize` and `@emotion/utils` to this one
 * (web/vite.config.ts, `stylesDeferredWhileHydrating`): a styled component does not compute its
 * styles in a render that hydrates the server's markup.
 *
 * Why: most of a hydration's time is MUI's and emotion's work on each element's styles (the theme's
 * functions, `sx`, the CSS text and its hash) to name a class, and Preact, as it hydrates, keeps the
 * server's attributes, that class included (it does not diff props while hydrating). So in that
 * render a styled component answers a placeholder, `css-hydrating-<n>`, and keeps what it would
 * have computed the class from; the class is computed only when a later render needs it:
 * - a styled component inside re-rendered on its own (a button's ripple once mounted) composes the
 *   placeholder's real styles, as emotion composes a registered class, so it names the server's
 *   class again;
 * - an element about to get a placeholder in its class (a router's link toggling «active», an
 *   element hydration had to make: Preact then sets every prop) gets the real class instead
 *   (`realClasses`, from Preact's `vnode` and mismatch hooks in app/hydrateLater.tsx).
 * Only emotion's `styled` asks with a cache's registered styles and the props: global styles, the
 * `css` prop and keyframes are computed as always.
 */

const PREFIX = 'hydrating-';
const CLASS_PREFIX = `css-${PREFIX}`;
const PLACEHOLDER = /\bcss-(hydrating-[0-9a-z]+)\b/g;

type Serialized = ReturnType<typeof serializeAll>;
type Args = unknown[];
type Registered = NonNullable<Parameters<typeof serializeAll>[1]>;

/** a placeholder in a class a styled component received: its real styles go there once computed */
type Received = { placeholder: string };
/** what a placeholder's class is computed from, and, once asked for, the result */
type Deferred = { args: Args; registered: Registered; props: object; real?: Serialized };

const deferred = new Map<string, Deferred>();
let count = 0;
let skipping = false;
let cache: EmotionCache | null = null;

/** from now until `computeStyles`: a render that hydrates */
export function skipStyles() {
  skipping = true;
}

/** the render that hydrated is over, or made elements of its own: styles are computed again */
export function computeStyles() {
  skipping = false;
}

export const stylesSkipped = () => skipping;

/** The browser's style cache, where a placeholder's real styles are inserted when the page lacks them. */
export function deferStylesWith(styleCache: EmotionCache) {
  cache = styleCache;
}

const isReceived = (arg: unknown): arg is Received =>
  typeof arg === 'object' && arg !== null && 'placeholder' in arg;

/** The real styles of a placeholder's component, composed with those it received, as emotion would have. */
function realOf(placeholder: string): Serialized {
  const entry = deferred.get(placeholder)!;
  if (!entry.real) {
    const args = entry.args.map((arg) => (isReceived(arg) ? `${realOf(arg.placeholder).styles};` : arg));
    entry.real = serializeAll(args as Parameters<typeof serializeAll>[0], entry.registered, entry.props);
    if (cache) insertAll(cache, entry.real, false);
  }
  return entry.real;
}

/** a class with placeholders, with their real classes in their places */
const resolved = (className: string) =>
  className.replace(PLACEHOLDER, (whole, placeholder: string) =>
    deferred.has(placeholder) ? `css-${realOf(placeholder).name}` : whole,
  );

export const serializeStyles: typeof serializeAll = (args, registered, props) => {
  if (!skipping || registered === undefined || props === undefined)
    return serializeAll(args, registered, props);
  const name = `${PREFIX}${(count += 1).toString(36)}`;
  deferred.set(name, { args: args as Args, registered, props: props as object });
  return { name, styles: '', next: undefined };
};

/** emotion's, but a placeholder received is composed from its real styles, or kept for later while skipping */
export const getRegisteredStyles: typeof registeredStylesOf = (registered, registeredStyles, classNames) => {
  if (!classNames.includes(CLASS_PREFIX)) return registeredStylesOf(registered, registeredStyles, classNames);
  let raw = '';
  for (const className of classNames.split(' ')) {
    const placeholder = className.startsWith(CLASS_PREFIX) ? className.slice(4) : null;
    if (placeholder && deferred.has(placeholder)) {
      if (skipping) (registeredStyles as unknown[]).push({ placeholder } satisfies Received);
      else registeredStyles.push(`${realOf(placeholder).styles};`);
    } else if (registered[className] !== undefined) registeredStyles.push(`${registered[className]};`);
    else if (className) raw += `${className} `;
  }
  return raw;
};

const isPlaceholder = (serialized: { name: string }) => serialized.name.startsWith(PREFIX);

export const registerStyles: typeof registerAll = (styleCache, serialized, isStringTag) => {
  if (!isPlaceholder(serialized)) registerAll(styleCache, serialized, isStringTag);
};

export const insertStyles: typeof insertAll = (styleCache, serialized, isStringTag) =>
  isPlaceholder(serialized) ? undefined : insertAll(styleCache, serialized, isStringTag);

/** whether any placeholder was answered (until then no element can carry one) */
export const deferring = () => deferred.size > 0;

/**
 * An element's props with the real classes where the placeholders were, for an element about to
 * be rendered outside a hydration: Preact's React layer gives an element `class`, and `className`
 * as the same value or as a getter of it.
 */
export function realClasses(props: Record<string, unknown>) {
  // read on every element made after hydration: the common case is one string test, no allocation
  const value = props.class;
  if (typeof value !== 'string' || !value.includes(CLASS_PREFIX)) return;
  const real = resolved(value);
  props.class = real;
  if (Object.getOwnPropertyDescriptor(props, 'className')?.writable) props.className = real;
}
