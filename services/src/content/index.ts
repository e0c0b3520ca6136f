/**
 * The content slice (issue 17): the blog's categories and posts (`post-category-<id>`, `post-<id>`,
 * their addresses on `blog-slug-<slug>`), the home page's slides (`slide-<id>`), the investment
 * objects (`investment-<id>`) and the site's settings (`settings`), written by moderators through
 * the cabinet's calls and read by the site. What the app and the other slices may use of it is
 * exported here; nothing else of the folder is imported from outside.
 */
import type { SliceManifest } from '../core/slice';
import type { Workflow } from '../core/workflow';
import { cabinetContentRoutes } from './api/cabinet';
import { documentRoutes } from './api/documents';
import { publicContentRoutes } from './api/public';
import { demoContentImageRoute } from './demoImages';
import { saveBlogEntry } from './saveBlogEntry';

/** the site renders the blog's and the home page's calls in process */
export const contentRoutes = [...publicContentRoutes, ...cabinetContentRoutes];
export const contentSlice: SliceManifest = {
  name: 'content',
  routes: () => [
    { at: 'api', routes: contentRoutes },
    // outside /api: the demo's drawings beside the stored files, the site's documents after them
    { at: 'outside-api', routes: [demoContentImageRoute] },
    { at: 'after-storage', routes: documentRoutes },
  ],
  workflows: [saveBlogEntry] as Workflow<never, unknown>[],
};
export { sanitizeContentHtml } from './html';
export { seedDemoContent } from './seed';
