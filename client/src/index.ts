/**
 * @estate/client: the one HTTP client of the site (`web/`) and the cabinet (`cabinet/`). The React
 * code-entry pieces are in `@estate/client/codeEntry`.
 */
export * from './http';
export * from './api';
export * from './auth';
export * from './profile';
export * from './phone';
export * from './format';
export { loadChunk } from './chunks';
export { SCREEN_READER_ONLY } from './screenReader';
export { markHydratedWhenIdle, useHydratedSignal } from './ready';
export { useDebounced } from './useDebounced';
export * from './chat';
export type * from './types';
