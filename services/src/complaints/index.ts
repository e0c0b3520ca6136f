/**
 * The complaints slice: a visitor's complaint about a listing (`complaint-<id>`), the moderators'
 * queue of complaints and of the listings complained about, and their decision: dismiss, or decline
 * the listing (a workflow with the publications' DeclinePublication). What other slices and the app
 * may use of it is exported here; nothing else of the folder is imported from outside.
 */
import { declineListing } from './declineListing';

export { complaintDecider, complaintStream, type ComplaintCommand } from './complaint';
export { declineListing } from './declineListing';
export { complaintRoutes } from './api';
export { seedDemoComplaints } from './demo';
/** the workflows the background resumes after a crash */
export const complaintWorkflows = [declineListing];
