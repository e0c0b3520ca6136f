/**
 * The leads slice: what the site's request forms send (`POST /api/send-request`: a call back, a
 * mortgage, a question, a selection of flats, a wallet invoice, investment feedback, a subscription
 * to the listings base, a valuation), each a `lead-<id>` stream, and the moderators' work on it.
 * What other slices and the app may use of it is exported here; nothing else of the folder is
 * imported from outside.
 */
export { leadDecider, leadStream, type LeadCommand, type LeadHandler } from './lead';
export { LEAD_ANSWER_REACTOR, LEADS_INBOX_REACTOR } from './reactors';
export { seedDemoLeads } from './demo';

import type { SliceManifest } from '../core/slice';
import { leadRoutes } from './api';
import { leadReactors } from './reactors';

export const leadsSlice: SliceManifest = {
  name: 'leads',
  routes: () => [{ at: 'api', routes: leadRoutes }],
  reactors: leadReactors,
};
