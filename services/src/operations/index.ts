/**
 * The operator's tools (docs/operations.md): the command line (cli.ts, admin.ts), backup and
 * restore, the log's encryption, and what a running process answers on its internal port.
 */
export { adminEndpoint, adminTargetsOf, type AdminTargets } from './control';
