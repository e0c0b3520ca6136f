import { login as loginByCode, logout as endSession, profile as askProfile } from '@estate/client';
import type { AuthProvider } from 'react-admin';
import { isStaff, mayOpen, NOT_STAFF, SWITCHED_OFF } from './staff';
import type { Profile } from './types';

/**
 * Who is signed in is asked of `GET /api/profile` (null: nobody): the session is the HttpOnly cookie
 * the site and the cabinet share, so an owner signed in on the site is signed in here too. The
 * answer is kept until a sign-in, a sign-out or a 401.
 */
let profile: Promise<Profile | null> | null = null;
/** the next ask goes to the server: the profile screen changed the name, the phone or the photo */
export const forgetProfile = () => (profile = null);
const loadProfile = () =>
  (profile ??= askProfile().catch((error: unknown) => {
    profile = null; // a network failure is asked again next time
    throw error;
  }));

/** Whether the cookie belongs to a staff member of this cabinet: only they are signed out of it by «Выйти». */
let staffSignedIn = false;

/**
 * No getPermissions: react-admin asks it on every render of its routes, and when signed out an
 * answer that is already known (the cached profile) raced its redirect to the sign-in page, which
 * looped through checkAuth and logout for about 15 s before the page showed (ra-core's useLogout
 * warns of it). The role comes with the identity instead (the menu reads it there).
 */
export const authProvider: AuthProvider = {
  /** the login page has already asked for the code; this checks it, and the server sets the session cookie */
  async login({ phone, code }: { phone: string; code: string }) {
    await loginByCode(phone, code);
    profile = null;
    const me = await loadProfile();
    staffSignedIn = isStaff(me);
    // a plain user stays signed in on the site; the cabinet is not theirs
    if (!staffSignedIn) throw new Error(NOT_STAFF);
  },
  async logout() {
    // react-admin also calls this when checkAuth fails: a signed-out visitor or a site user is not signed out anywhere
    if (!staffSignedIn) return;
    await endSession().catch(() => undefined);
    staffSignedIn = false;
    profile = Promise.resolve(null); // known: nobody is signed in now, no need to ask
  },
  async checkAuth() {
    // no notification: a visitor who is not signed in simply lands on the sign-in page
    const me = await loadProfile();
    staffSignedIn = isStaff(me);
    // react-admin's contract: a failed check rejects with where to go and `message: false` (no notification)
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    if (!staffSignedIn) throw { redirectTo: '/login', message: false };
  },
  // async with nothing to await: react-admin reads the throws below as the rejections it expects
  // eslint-disable-next-line @typescript-eslint/require-await
  async checkError(error: { status?: number; message?: string }) {
    // switched off by the owner: still signed in (the site is theirs), but no agency screen opens
    if (error?.status === 403 && error.message === SWITCHED_OFF)
      // react-admin's contract, as in checkAuth: the rejection says where to go, with no notification
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      throw { logoutUser: false, redirectTo: '/switched-off', message: false };
    if (error?.status === 401) {
      staffSignedIn = false; // the server has already ended the session and cleared the cookie
      profile = null;
      throw new Error('Сессия завершена');
    }
  },
  /** the role's screens (staff.ts): asked by the menu's items and by every screen before its calls */
  async canAccess({ resource }) {
    return mayOpen((await loadProfile())?.role, resource);
  },
  async getIdentity() {
    const me = await loadProfile();
    if (!me) throw new Error('Сессия завершена');
    return { id: me.id, fullName: me.name, agencyId: me.agencyId, role: me.role };
  },
};
