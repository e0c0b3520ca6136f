/**
 * The content slice (issue 17): the blog's categories and posts (`post-category-<id>`, `post-<id>`,
 * their addresses on `blog-slug-<slug>`), the home page's slides (`slide-<id>`), the investment
 * objects (`investment-<id>`) and the site's settings (`settings`), written by moderators through
 * the cabinet's calls and read by the site. What the app and the other slices may use of it is
 * exported here; nothing else of the folder is imported from outside.
 */
import { cabinetContentRoutes } from './api/cabinet';
import { publicContentRoutes } from './api/public';
import { saveBlogEntry } from './saveBlogEntry';

export const contentRoutes = [...publicContentRoutes, ...cabinetContentRoutes];
/** outside /api: the site's documents and the demo's drawings (mounted beside the stored files) */
export { documentRoutes } from './api/documents';
export { demoContentImageRoute } from './demoImages';
export const contentWorkflows = [saveBlogEntry];
export { sanitizeContentHtml } from './html';
export { seedDemoContent } from './seed';
