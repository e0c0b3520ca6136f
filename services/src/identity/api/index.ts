import { emailRoutes } from './email';
import { erasureRoutes } from './erasure';
import { formCodeRoutes } from './formCodes';
import { phoneChangeRoutes } from './phoneChange';
import { profileRoutes } from './profile';
import { signInRoutes } from './signIn';
import { signUpRoutes } from './signUp';

/**
 * Every identity call, one declaration each (core/route.ts), by use case: signing in and out, signing
 * up, changing the phone, the e-mail address and its confirmation, a form's phone check, the person's data (its export and erasure), the profile.
 */
export const identityRoutes = [
  ...signInRoutes,
  ...signUpRoutes,
  ...phoneChangeRoutes,
  ...emailRoutes,
  ...formCodeRoutes,
  ...erasureRoutes,
  ...profileRoutes,
];
