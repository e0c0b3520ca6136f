/**
 * The audit slice (issue 19, item 4): the agency owner's trail of every action taken in the agency
 * (the `audit` read model), filtered, sorted and paged in react-admin's simple-rest shape, and as CSV.
 * What the app may use of it is exported here; nothing else of the folder is imported from outside.
 */
export { auditRoutes } from './api';
export { toCsv } from './csv';
