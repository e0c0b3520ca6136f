import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** the palette's values the sheets repeat */
type Palette = {
  primary: { main: string; light: string };
  secondary: { main: string; contrastText: string };
  text: { primary: string; secondary: string };
  divider: string;
  error: { main: string };
  grey: Record<200, string>;
};
// the site is a TypeScript project of its own (web/tsconfig.json): its theme is loaded as the tests run
const { siteTheme } = createRequire(__filename)(join(__dirname, '../web/src/app/theme.ts')) as {
  siteTheme: () => { palette: Palette };
};

/**
 * The site's static style sheets (CSS modules of the first screen's parts) repeat a few of the
 * theme's values as custom properties: a change of the theme must reach them, or the cards would
 * drift from the MUI parts beside them.
 */
const sheet = (file: string) => readFileSync(join(__dirname, '../web/src', file), 'utf8');
const property = (css: string, name: string) => new RegExp(`--${name}:\\s*([^;]+);`).exec(css)?.[1].trim();

describe('the static style sheets carry the theme’s values', () => {
  const theme = siteTheme();
  const card = sheet('catalogue/ListingCard.module.css');

  it.each([
    ['primary', theme.palette.primary.main],
    ['secondary', theme.palette.secondary.main],
    ['on-secondary', theme.palette.secondary.contrastText],
    ['text', theme.palette.text.primary],
    ['text-secondary', theme.palette.text.secondary],
    ['divider', theme.palette.divider],
    ['photo-ground', theme.palette.grey[200]],
  ])('the card’s --%s is the theme’s %s', (name, value) => {
    expect(property(card, name)).toBe(value);
  });

  it('the price’s and the metro’s are the theme’s', () => {
    const parts = sheet('catalogue/cardParts.module.css');
    expect([property(parts, 'text-secondary'), property(parts, 'metro')]).toEqual([
      theme.palette.text.secondary,
      theme.palette.error.main,
    ]);
  });

  it.each([
    ['primary', theme.palette.primary.main],
    ['primary-light', theme.palette.primary.light],
    ['text', theme.palette.text.primary],
    ['photo-ground', theme.palette.grey[200]],
  ])('the gallery’s --%s is the theme’s %s', (name, value) => {
    expect(property(sheet('photos/Gallery.module.css'), name)).toBe(value);
  });
});
