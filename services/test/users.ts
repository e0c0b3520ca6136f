import { ROLES } from '@estate/events';
import type { AppContext } from '../src/core/context';
import { registerUser } from '../src/identity';

export type SiteUser = { userId: string; name: string; phone: string; email?: string | null };

/** A visitor's account as sign-up makes it: role user, no agency; no e-mail unless given. */
export const registerSiteUser = (ctx: AppContext, user: SiteUser) =>
  registerUser(ctx, {
    type: 'RegisterUser',
    ...user,
    email: user.email ?? null,
    role: ROLES.USER,
    agencyId: null,
  });

/** Visitors' accounts (registerSiteUser), readable once it returns: a test may sign them in at once. */
export async function registerSiteUsers(ctx: AppContext, ...users: SiteUser[]) {
  for (const user of users) await registerSiteUser(ctx, user);
  await ctx.projections.whenCaughtUp();
}
