/**
 * The moderation slice: the moderators' queue of listings awaiting moderation and the moderation
 * history of listings and realtor requests (who did what and when), read from the `moderation`
 * read model. What the app may use of it is exported here; nothing else of the folder is imported
 * from outside.
 */
import type { SliceManifest } from '../core/slice';
import { moderationRoutes } from './api';

export const moderationSlice: SliceManifest = {
  name: 'moderation',
  routes: () => [{ at: 'api', routes: moderationRoutes }],
};
