import { Typography } from '@mui/material';
import type { ReactNode } from 'react';

const SIZE = { xs: 24, md: 32 };

/** A home page section's title (an h2 the section is labelled by), the same on every section. */
export function SectionTitle({ id, mb, children }: { id: string; mb?: number; children: ReactNode }) {
  return (
    <Typography
      id={id}
      variant="h4"
      component="h2"
      fontWeight={800}
      sx={mb === undefined ? { fontSize: SIZE } : { fontSize: SIZE, mb }}
    >
      {children}
    </Typography>
  );
}
