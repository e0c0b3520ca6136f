/**
 * One's own profile (issue 40, item 7): loaded with the listings' chunk (App.tsx), never in the
 * dashboard's entry; its texts join the i18n when it loads.
 */
import { addMessages } from '../i18n';
import { profileMessages } from './ru';

addMessages(profileMessages);

export { ProfilePage } from './ProfilePage';
