import { useLogin } from 'react-admin';
import { SignInForm } from './SignInForm';

/** react-admin's sign-in page (after a sign-out, or a session that ended): the same form, through the auth provider. */
export function LoginPage() {
  const login = useLogin();
  return <SignInForm signIn={(phone, code) => login({ phone, code })} />;
}
