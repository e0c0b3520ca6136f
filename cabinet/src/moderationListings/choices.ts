import { messageKey } from '../i18n/translate';

/** api.md's publication statuses, as the moderators' filter offers them */
export const STATUS_CHOICES = [
  { id: 1, name: messageKey('resources.moderation-listings.statuses.published') },
  { id: 2, name: messageKey('resources.moderation-listings.statuses.draft') },
  { id: 3, name: messageKey('resources.moderation-listings.statuses.archived') },
  { id: 4, name: messageKey('resources.moderation-listings.statuses.declined') },
  { id: 5, name: messageKey('resources.moderation-listings.statuses.notActive') },
];
