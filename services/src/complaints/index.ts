/**
 * The complaints slice: a visitor's complaint about a listing (`complaint-<id>`), the moderators'
 * queue of complaints and of the listings complained about, and their decision: dismiss, or decline
 * the listing (a workflow with the publications' DeclinePublication). What other slices and the app
 * may use of it is exported here; nothing else of the folder is imported from outside.
 */
import type { SliceManifest } from '../core/slice';
import type { Workflow } from '../core/workflow';
import { complaintRoutes } from './api';
import { declineListing } from './declineListing';

export { complaintDecider, complaintStream, type ComplaintCommand } from './complaint';
export { declineListing } from './declineListing';
export { seedDemoComplaints } from './demo';

export const complaintsSlice: SliceManifest = {
  name: 'complaints',
  routes: () => [{ at: 'api', routes: complaintRoutes }],
  /** the workflows the background resumes after a crash */
  workflows: [declineListing] as Workflow<never, unknown>[],
};
