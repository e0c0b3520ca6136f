import { Box, Link, type LinkProps } from '@mui/material';
import { Children, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

/** A step of the trail that leads back: the text's colour, underlined on hover. */
export function CrumbLink({ to, ...link }: Omit<LinkProps, 'component' | 'href'> & { to: string }) {
  return <Link component={RouterLink} to={to} color="inherit" underline="hover" {...link} />;
}

/**
 * Breadcrumbs: «Главная», then the given steps, with «/» between them, in a labelled navigation list
 * (MUI's Breadcrumbs is not used elsewhere on the site, and would have grown the MUI chunk every page loads).
 */
export function Crumbline({ children }: { children: ReactNode }) {
  const items = [
    <CrumbLink key="home" to="/">
      Главная
    </CrumbLink>,
    ...Children.toArray(children).filter(Boolean),
  ];
  return (
    <Box component="nav" aria-label="Навигационная цепочка">
      <Box
        component="ol"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          listStyle: 'none',
          m: 0,
          p: 0,
          color: 'text.secondary',
          typography: 'body2',
          gap: 1,
        }}
      >
        {items.map((item, i) => (
          <Box component="li" key={i} sx={{ display: 'flex', gap: 1 }}>
            {i > 0 && <span aria-hidden>/</span>}
            {item}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
