import createCache from '@emotion/cache';
import { serializeStyles as serializeAll } from '@emotion/serialize';
import { getRegisteredStyles as registeredStylesOf, registerStyles as registerAll } from '@emotion/utils';
import {
  computeStyles,
  getRegisteredStyles,
  realClasses,
  serializeStyles,
  skipStyles,
} from '../../web/src/app/hydrationStyles';

/**
 * Styles deferred while hydrating (web/src/app/hydrationStyles.ts), as emotion's `styled` calls
 * them: an outer styled component (a button's root, styled on a component) hands its class to an
 * inner one (the button's base, styled on a tag), which composes the outer's registered styles.
 * Whatever a later render asks, the class is the one emotion names without deferring.
 */
type Props = { theme: object; size: number };
const outerStyles = [
  { display: 'inline-flex' },
  (props: Props) => ({ padding: props.size, border: '1px solid' }),
];
const innerStyles = [{ border: 0, padding: 0, margin: 0 }];
const props: Props = { theme: {}, size: 6 };

/** what emotion names the inner element's class, computing everything as it renders */
function emotionsClass() {
  const cache = createCache({ key: 'css' });
  const outer = serializeAll(outerStyles as never, cache.registered, props);
  registerAll(cache, outer, false);
  const composed: string[] = [];
  const raw = registeredStylesOf(cache.registered, composed, `MuiButton-root css-${outer.name}`);
  const inner = serializeAll([...innerStyles, ...composed] as never, cache.registered, props);
  return `${raw}css-${inner.name}`;
}

describe('styles deferred while hydrating', () => {
  afterEach(computeStyles);

  it('a hydrating render computes nothing: the outer and the inner answer placeholders', () => {
    const cache = createCache({ key: 'css' });
    skipStyles();
    const outer = serializeStyles(outerStyles as never, cache.registered, props);
    expect(outer).toEqual({ name: expect.stringMatching(/^hydrating-/), styles: '', next: undefined });
    const composed: unknown[] = [];
    const raw = getRegisteredStyles(
      cache.registered,
      composed as string[],
      `MuiButton-root css-${outer.name}`,
    );
    expect(raw).toBe('MuiButton-root ');
    const inner = serializeStyles([...innerStyles, ...composed] as never, cache.registered, props);
    expect(inner.name).toMatch(/^hydrating-/);
    expect(inner.name).not.toBe(outer.name);
  });

  it('the inner re-rendered on its own composes the outer’s real styles: the class emotion names', () => {
    const cache = createCache({ key: 'css' });
    skipStyles();
    const outer = serializeStyles(outerStyles as never, cache.registered, props);
    computeStyles();
    const composed: string[] = [];
    const raw = getRegisteredStyles(cache.registered, composed, `MuiButton-root css-${outer.name}`);
    const inner = serializeStyles([...innerStyles, ...composed] as never, cache.registered, props);
    expect(`${raw}css-${inner.name}`).toBe(emotionsClass());
  });

  it('an element rendered later with the placeholders gets the real class, composed as emotion composes it', () => {
    const cache = createCache({ key: 'css' });
    skipStyles();
    const outer = serializeStyles(outerStyles as never, cache.registered, props);
    const composed: unknown[] = [];
    const raw = getRegisteredStyles(
      cache.registered,
      composed as string[],
      `MuiButton-root css-${outer.name}`,
    );
    const inner = serializeStyles([...innerStyles, ...composed] as never, cache.registered, props);
    computeStyles();
    const element: Record<string, unknown> = { class: `${raw}css-${inner.name}` };
    realClasses(element);
    expect(element.class).toBe(emotionsClass());
  });

  it('outside a hydration, and for global styles and the css prop, it is emotion’s own', () => {
    const cache = createCache({ key: 'css' });
    expect(serializeStyles(outerStyles as never, cache.registered, props)).toEqual(
      serializeAll(outerStyles as never, cache.registered, props),
    );
    skipStyles();
    // Global and the css prop ask without the registered styles or without the props
    expect(serializeStyles([{ body: { margin: 0 } }] as never, undefined, props).styles).toContain('margin');
    expect(serializeStyles([{ margin: 0 }] as never, cache.registered).styles).toContain('margin');
  });
});
