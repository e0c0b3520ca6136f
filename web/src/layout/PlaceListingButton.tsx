import { Button, type ButtonProps, type SxProps, type Theme } from '@mui/material';
import { useNavigate } from 'react-router';
import { USER_ROLE, useSession } from '../auth/session';
import { CABINET_SCREENS, cabinetAddress } from '../account/cabinetScreens';

/**
 * «Разместить объявление» (product.md, the realtor promo button; the header, the burger, the
 * footer): the staff go to their listings in the cabinet, a user to the realtor request, a guest
 * gets the sign-in. One button whoever clicks (the role is read on the click), so the server's
 * markup is the browser's.
 */
export function PlaceListingButton({ onClick, sx, ...props }: Omit<ButtonProps, 'children'>) {
  const { profile, loading, openAuth } = useSession();
  const navigate = useNavigate();
  return (
    <Button
      variant="contained"
      color="secondary"
      {...props}
      onClick={(event) => {
        onClick?.(event);
        if (loading) return;
        if (!profile) openAuth('login');
        // (navigate answers a promise only in a data router: nothing waits for the move)
        else if (profile.role === USER_ROLE) void navigate('/account/user/realtor-request');
        else window.location.assign(cabinetAddress(CABINET_SCREENS['publications-list']));
      }}
      sx={[{ whiteSpace: 'nowrap' }, ...(Array.isArray(sx) ? (sx as unknown[]) : [sx])] as SxProps<Theme>}
    >
      Разместить объявление
    </Button>
  );
}
