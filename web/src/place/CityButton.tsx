import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import { Box, Button, Skeleton } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { setLocationsModal, useChosenPlace, useLocationsModal } from './store';

/** The modal and its search come in a chunk of their own, on the first opening. */
const LocationModal = lazy(() => import('./LocationModal').then((m) => ({ default: m.LocationModal })));

/**
 * The header's place (and the burger menu's): its name opens the locations modal. A fixed-width
 * box keeps the header still while the place is being found (the first visit asks for the IP's).
 */
export function CityButton({ fullWidth, onOpen }: { fullWidth?: boolean; onOpen?: () => void }) {
  const { place, ready } = useChosenPlace();
  const name = place?.name ?? '';
  return (
    <Box sx={{ width: fullWidth ? '100%' : 170, minWidth: 0, flexShrink: 1 }}>
      {ready ? (
        <Button
          color="inherit"
          startIcon={<PlaceIcon color="primary" />}
          onClick={() => {
            setLocationsModal(true);
            onOpen?.();
          }}
          aria-label={`Выбрать регион или город, сейчас: ${name}`}
          aria-haspopup="dialog"
          data-testid="city-button"
          sx={{ maxWidth: '100%', justifyContent: 'flex-start', fontWeight: 500, whiteSpace: 'nowrap' }}
        >
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {name}
          </Box>
        </Button>
      ) : (
        <Skeleton variant="rounded" width="100%" height={36} aria-label="Загрузка города" />
      )}
    </Box>
  );
}

/** The one locations modal of the page, mounted once it has been asked for. */
export function LocationsModalHost() {
  const open = useLocationsModal();
  const { place } = useChosenPlace();
  const [asked, setAsked] = useState(false);
  if (open && !asked) setAsked(true);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <LocationModal open={open} current={place} onClose={() => setLocationsModal(false)} />
    </Suspense>
  );
}
