import { Button } from '@mui/material';
import { Snackbar } from '../app/overlays';
import { useState } from 'react';
import { useSession } from '../auth/session';
import { useGuestPrompt } from './guestFavourites';
import { BOTTOM_MENU_HEIGHT } from '../home/BottomMenu';

/** phones: the bottom menu's widths (product.md section 9) */
const UNDER_TABLET = '@media (max-width: 767.95px)';

/**
 * After a guest's heart: the listing is kept in this browser, and signing in keeps it in the
 * account too (product.md: a guest who clicks the heart is prompted to sign in or register).
 */
export function GuestPrompt() {
  const { openAuth } = useSession();
  const shown = useGuestPrompt();
  const [closed, setClosed] = useState(0);
  return (
    <Snackbar
      open={shown > closed}
      autoHideDuration={8000}
      onClose={(_, reason) => reason !== 'clickaway' && setClosed(shown)}
      message="Добавлено в избранное на этом устройстве. Войдите или зарегистрируйтесь, чтобы сохранить его в аккаунте"
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      // above the phones' bottom menu (up to 767 px) and a listing's sticky bar (its page sets the variable)
      sx={{
        bottom: 'calc(24px + var(--sticky-bar-height, 0px))',
        [UNDER_TABLET]: {
          bottom: `calc(${BOTTOM_MENU_HEIGHT + 16}px + var(--sticky-bar-height, 0px) + env(safe-area-inset-bottom))`,
        },
      }}
      action={
        <>
          <Button
            color="secondary"
            size="small"
            onClick={() => {
              setClosed(shown);
              openAuth('login');
            }}
          >
            Войти
          </Button>
          <Button
            color="inherit"
            size="small"
            aria-label="Закрыть подсказку"
            onClick={() => setClosed(shown)}
          >
            ✕
          </Button>
        </>
      }
    />
  );
}
