import { CssBaseline } from '@mui/material';
import type { Root } from 'react-dom/client';
import { SignInForm } from './SignInForm';

/** The sign-in of a signed-out visit, on its own: MUI's default theme and the form, no react-admin. */
export function renderSignIn(root: Root, signIn: (phone: string, code: string) => Promise<void>) {
  root.render(
    <>
      <CssBaseline />
      <SignInForm signIn={signIn} />
    </>,
  );
}
