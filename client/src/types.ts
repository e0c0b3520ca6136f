/**
 * The answers' types, inferred on the server from each slice's zod schemas (services/src/contract.ts):
 * never copied by hand. Type-only, so nothing of the server reaches a bundle.
 */
export type * from '@estate/services/contract';

/** The spec's paging meta: pages from 1. */
export type PageMeta = { current_page: number; last_page: number; per_page: number; total: number };
