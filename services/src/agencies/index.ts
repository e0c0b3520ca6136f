import type { SliceManifest } from '../core/slice';
import { agencyRoutes, realtorRoutes } from './api';
import { confirmAgency } from './confirmAgency';
import { agencyReactors } from './reactors';

/**
 * The agencies slice: realtor requests (`realtor-request-<userId>`), their confirmation into an
 * agency (the `confirm-agency` workflow), the agency's profile and staff (`agency-<id>`), and its
 * unique name and INN (`agency-name-…`, `agency-inn-…`). What other slices and the app may use of
 * it is exported here; nothing else of the folder is imported from outside.
 */
/** the demo seed opens its agencies as users do: a request, the moderator's approval, the confirmation */
export { approveRealtorRequest, submitRealtorRequest } from './commands';
export { confirmAgency, confirmRealtorRequest } from './confirmAgency';
export { agencyDecider, agencyStream, handleAgency } from './agency';
export { realtorRequestDecider, realtorRequestStream } from './realtorRequest';

export const agenciesSlice: SliceManifest = {
  name: 'agencies',
  routes: () => [
    { at: 'api', routes: realtorRoutes },
    { at: 'api', routes: agencyRoutes },
  ],
  reactors: agencyReactors,
  /** the use cases across streams, resumed by the background after a crash */
  workflows: [confirmAgency],
};
