import { Box, Drawer, List, ListItemButton } from '@mui/material';
import { NavLink } from 'react-router';
import { CityButton } from '../place/CityButton';
import { NAV } from './nav';

/** The site's sections and the city on a phone: the drawer the header's «Меню» opens. */
export default function MenuDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Drawer open={open} onClose={onClose}>
      <Box sx={{ px: 1, pt: 1, width: 260 }}>
        <CityButton fullWidth onOpen={onClose} />
      </Box>
      <List sx={{ width: 260 }}>
        {NAV.map((item) => (
          <ListItemButton key={item.to} component={NavLink} to={item.to} onClick={onClose}>
            {item.label}
          </ListItemButton>
        ))}
      </List>
    </Drawer>
  );
}
