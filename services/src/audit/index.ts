/**
 * The audit slice (issue 19, item 4): the agency owner's trail of every action taken in the agency
 * (the `audit` read model), filtered, sorted and paged in react-admin's simple-rest shape, and as CSV.
 * What the app may use of it is exported here; nothing else of the folder is imported from outside.
 */
import type { SliceManifest } from '../core/slice';
import { auditRoutes } from './api';

export const auditSlice: SliceManifest = {
  name: 'audit',
  routes: () => [{ at: 'api', routes: auditRoutes }],
};
export { toCsv } from './csv';
