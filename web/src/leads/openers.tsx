import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A modal's code is loaded on the first click of its button, so the catalogue's and the listing's
 * first files carry none of the forms (the build check of the site's JavaScript).
 */
export function useLazyModal<P extends { open: boolean; onClose(): void }>(
  Modal: ComponentType<P>,
  props: Omit<P, 'open' | 'onClose'>,
): { open: () => void; element: ReactNode } {
  const [state, setState] = useState<'never' | 'open' | 'closed'>('never');
  const element =
    state === 'never' ? null : (
      <Suspense fallback={null}>
        <Modal {...(props as P)} open={state === 'open'} onClose={() => setState('closed')} />
      </Suspense>
    );
  return { open: () => setState('open'), element };
}

export const LazySelectionDialog = lazy(() => import('./SelectionDialog'));
export const LazyComplaintDialog = lazy(() => import('./ComplaintDialog'));
export const LazyRequestDialog = lazy(() => import('./RequestDialog'));
