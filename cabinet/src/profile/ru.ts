import { PROFILE_TEXTS } from '@estate/client/profileView';

/**
 * The texts of one's own profile (issue 40, item 7), the site's words (`@estate/client/profileView`):
 * they come with the screen's chunk (profile/index.ts), so the dashboard's entry does not carry them.
 */
export const profileMessages = { profile: PROFILE_TEXTS };
