import { fromWidth, siteTheme } from '../../web/src/app/theme';

/**
 * The site's breakpoints are the spec's (product.md section 9: "Breakpoints: 500, 767, 1250, 1400,
 * 1440 px; mobile up to 767, tablet 768 to 1023 (a tablet-only band 758 to 1250)"; "4 slides from
 * width 1251"), as MUI's breakpoints of the site's theme (web/src/app/theme.ts).
 */
describe('the site theme’s breakpoints', () => {
  const { breakpoints } = siteTheme();

  it('are 500, 768 (after a phone’s 767), 1251 (after the band’s 1250), 1400 and 1440', () => {
    expect(breakpoints.values).toEqual({ xs: 0, sm: 500, md: 768, lg: 1251, xl: 1400, xxl: 1440 });
  });

  it('make a phone up to 767 px and the tablet band up to 1250 px', () => {
    expect(breakpoints.down('md')).toBe('@media (max-width:767.95px)');
    expect(breakpoints.between('md', 'lg')).toBe('@media (min-width:768px) and (max-width:1250.95px)');
    expect(breakpoints.up('lg')).toBe('@media (min-width:1251px)');
    expect(fromWidth('md')).toBe('(min-width: 768px)');
  });
});
