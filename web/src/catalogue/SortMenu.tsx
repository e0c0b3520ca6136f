import SortIcon from '@mui/icons-material/Sort';
import { Box, Button } from '@mui/material';
import { Menu, MenuItem } from '../app/overlays';
import { useState } from 'react';
import { SORTS } from './filters';

/** The spec's sort (Modals: «by date or by price»): a menu of the four orders; a choice applies at once. */
export function SortMenu({ value, onChange }: { value: string; onChange: (sort: string) => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<SortIcon />}
        sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'catalogue-sort' : undefined}
        aria-label={`Сортировка: ${SORTS[value].label.toLowerCase()}`}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {/* a phone shows the icon alone: the button's name still says the order */}
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {SORTS[value].label}
        </Box>
      </Button>
      <Menu id="catalogue-sort" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {Object.entries(SORTS).map(([key, s]) => (
          <MenuItem
            key={key}
            selected={key === value}
            onClick={() => {
              setAnchor(null);
              if (key !== value) onChange(key);
            }}
          >
            {s.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
