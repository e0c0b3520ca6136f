import { ROLES } from '@estate/events';
import type { AppContext } from '../src/core/context';
import { registerUser } from '../src/identity';

/** A visitor's account as sign-up makes it: role user, no agency; no e-mail unless given. */
export const registerSiteUser = (
  ctx: AppContext,
  user: { userId: string; name: string; phone: string; email?: string | null },
) =>
  registerUser(ctx, {
    type: 'RegisterUser',
    ...user,
    email: user.email ?? null,
    role: ROLES.USER,
    agencyId: null,
  });
