/**
 * The moderators' back-office, one chunk for all its screens (each a resource's folder in the shape
 * of react-admin's demo): one entry more for the bundler instead of eight, which kept the shared
 * chunks of the agency's screens (the dashboard's) whole. The rich-text editor is a chunk of its own.
 */
import { dataProvider } from '../dataProvider';
import { addMessages } from '../i18n';
import { moderationCalls } from './calls';
import { moderationMessages } from './ru';

// before any of the screens renders: their texts, and their calls on the data provider
addMessages(moderationMessages);
Object.assign(dataProvider, moderationCalls);

export { default as leads } from '../leads';
export { default as complaints, complainedPublications } from '../complaints';
export { default as realtorRequests } from '../realtorRequests';
export { default as moderationListings } from '../moderationListings';
export { default as posts } from '../posts';
export { default as postCategories } from '../postCategories';
export { default as slides } from '../slides';
export { default as investments } from '../investments';
export { SettingsPage } from '../settings/SettingsPage';
