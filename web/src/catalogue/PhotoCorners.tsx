import { Box, Chip } from '@mui/material';
import type { Publication } from '../api/types';
import { HydrateLater } from '../app/hydrateLater';
import { FavouriteButton } from './FavouriteButton';

/**
 * A card photo's corners: 'Лучшие' on a listing in a top place, and the heart, hydrated as it nears
 * the screen (it shows this browser's favourites) while the photo's link waits for a visitor.
 */
export function PhotoCorners({ publication }: { publication: Publication }) {
  return (
    <>
      {publication.isTop && (
        <Chip
          label="Лучшие"
          color="secondary"
          size="small"
          sx={{ position: 'absolute', top: 12, left: 12 }}
        />
      )}
      <HydrateLater>
        <Box sx={{ position: 'absolute', top: 8, right: 8 }}>
          <FavouriteButton publicationId={publication.id} />
        </Box>
      </HydrateLater>
    </>
  );
}
