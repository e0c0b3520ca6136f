/** One's own profile (React, MUI), the site's account page and the cabinet's #/profile alike. */
export { MyDataSection } from './MyDataSection';
export { ProfileSections, USER_SWITCHES } from './ProfileSections';
export { PROFILE_TEXTS, type ProfileTexts } from './texts';
