import type { AlertProps } from '@mui/material';
import { lazy, Suspense } from 'react';

const Alert = lazy(() => import('@mui/material/Alert'));

/**
 * MUI's Alert for a notice a first page shows only when something failed (a search that could not
 * load): its code comes with it, not in the page's first JavaScript. In a boundary of its own, so a
 * server-rendered notice keeps its markup until the code has come, and one shown later takes no
 * other part of the page with it.
 */
export function Notice(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  );
}
