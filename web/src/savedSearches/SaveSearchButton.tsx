import BookmarkAddIcon from '@mui/icons-material/BookmarkAddOutlined';
import { Box, Button } from '@mui/material';
import { lazy } from 'react';
import { useSession } from '../auth/session';
import { useLazyModal } from '../leads/openers';
import type { SavedFilters } from './links';

const LazySaveSearchDialog = lazy(() => import('./SaveSearchDialog'));

/**
 * «Сохранить поиск» (issue 19): asks a name and how to tell of new listings, in a dialog loaded on
 * the first click; a visitor who is not signed in is asked to sign in first, as «Написать» does.
 */
export function SaveSearchButton({ filters: request }: { filters: SavedFilters }) {
  const { profile, openAuth } = useSession();
  // the search as the catalogue asks it, without its page
  const { limit: _limit, offset: _offset, ...filters } = request;
  const dialog = useLazyModal(LazySaveSearchDialog, { filters });
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<BookmarkAddIcon />}
        onClick={() => (profile ? dialog.open() : openAuth('login'))}
        aria-label="Сохранить поиск"
        sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
      >
        {/* a phone shows the icon alone, as the map's button does: the row of the catalogue's controls stays one line */}
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          Сохранить поиск
        </Box>
      </Button>
      {dialog.element}
    </>
  );
}
