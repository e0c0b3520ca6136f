import type { CatalogueQuery } from '@estate/projections';
import { type z } from 'zod';
import { DomainError } from '../core/errors';
import { cityIdsWithin } from '../locations';
import { searchBody, toCatalogueQuery } from '../publications';

/**
 * What a saved search keeps: the catalogue's own search body (publications' `searchBody`), without
 * the page and its size; the order is kept so opening the search shows it as it was saved.
 */
export const savedFilters = searchBody.omit({ limit: true, offset: true });
export type SavedFilters = z.infer<typeof savedFilters>;

/**
 * The catalogue query of saved filters, as the catalogue search builds it (places expanded to the
 * listing locations they cover). A refused filter is answered under `filters.` in the envelope.
 */
export function queryOf(filters: SavedFilters): CatalogueQuery {
  try {
    return toCatalogueQuery({ ...filters, limit: 20, offset: 1 }, cityIdsWithin);
  } catch (error) {
    if (error instanceof DomainError && error.errors)
      throw new DomainError(
        error.kind,
        error.message,
        Object.fromEntries(
          Object.entries(error.errors).map(([field, messages]) => [`filters.${field}`, messages]),
        ),
      );
    throw error;
  }
}

/** The query of filters recorded before (read back through the same schema); null if they no longer parse. */
export function storedQueryOf(filters: Record<string, unknown>): CatalogueQuery | null {
  const parsed = savedFilters.safeParse(filters);
  if (!parsed.success) return null;
  try {
    return queryOf(parsed.data);
  } catch {
    return null;
  }
}
