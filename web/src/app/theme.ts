import { createTheme, type Theme } from '@mui/material';
import { ruRU } from '@mui/material/locale';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    /** the spec's widest step, 1440 px */
    xxl: true;
  }
}

/**
 * The spec's breakpoints (product.md section 9: 500, 767, 1250, 1400, 1440 px) as MUI's, each the
 * first width of the larger layout: a phone up to 767 (md from 768), the tablet band up to 1250
 * (lg from 1251, where the carousels show 4 slides) — docs/decisions.md.
 */
export const BREAKPOINTS = { xs: 0, sm: 500, md: 768, lg: 1251, xl: 1400, xxl: 1440 } as const;
/** a media query (without `@media`) of the widths from a breakpoint on: a part that hydrates only there */
export const fromWidth = (key: keyof typeof BREAKPOINTS) => `(min-width: ${BREAKPOINTS[key]}px)`;

/** product.md section 9: a slider shows 1.05 slides under 600 px and 2 from 600 (not one of the breakpoints) */
export const SLIDER_WIDE = '@media (min-width: 600px)';

/**
 * The site's theme, shared by the browser and the server renderer (the same class names on both),
 * made when first asked for: the browser makes it in a task of its own before the page hydrates
 * (main.tsx), not as MUI's module is evaluated.
 */
let made: Theme | undefined;
export const siteTheme = (): Theme => (made ??= makeTheme());

const makeTheme = () =>
  createTheme(
    {
      breakpoints: { values: BREAKPOINTS },
      palette: {
        primary: { main: '#0460f5' }, // 4.9:1 on the page's grey (#0468ff was 4.42, under WCAG's 4.5)
        secondary: { main: '#ff6d00' },
        background: { default: '#f6f7f9' },
      },
      shape: { borderRadius: 8 },
      typography: {
        fontFamily: '"Inter", "Segoe UI", Roboto, Arial, sans-serif',
        button: { textTransform: 'none', fontWeight: 600 },
      },
      components: {
        // a dialog takes the focus on its own surface (MUI's focus trap), which is no control: the
        // browser's focus ring drew a thick black frame round it after a key was pressed (a code typed)
        MuiDialog: { styleOverrides: { paper: { '&:focus': { outline: 'none' } } } },
      },
    },
    ruRU,
  ); // MUI's own texts (aria-labels of pagination, autocomplete, alerts) in Russian
