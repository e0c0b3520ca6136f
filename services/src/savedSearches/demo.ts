import type { SavedSearchAlerts } from '@estate/events';
import type { AppContext } from '../core/context';
import { DEMO_CORRELATION } from '../core/demo';
import { derivedId } from '../core/ids';
import { handleSavedSearches } from './savedSearch';

/** the demo user's saved searches: a flat in Moscow told at once, a rent in St Petersburg once a day */
const SEARCHES: { name: string; filters: Record<string, unknown>; alerts: SavedSearchAlerts }[] = [
  {
    name: 'Двушка в Москве до 20 млн',
    filters: {
      dealCategory: 'sale',
      locationId: '1',
      roomCount: [2],
      price: [{ min: null, max: 20_000_000 }],
    },
    alerts: { frequency: 'instant', email: true, sms: false },
  },
  {
    name: 'Аренда в Петербурге',
    filters: { dealCategory: 'rent', locationId: '2', sortByPrice: 'ASC' },
    alerts: { frequency: 'daily', email: true, sms: false },
  },
];

/** Saves the demo searches once (their ids are derived, so a seed run again records nothing). */
export async function seedDemoSavedSearches(ctx: AppContext, userId: string) {
  for (const search of SEARCHES)
    await handleSavedSearches(
      ctx.eventStore,
      userId,
      {
        type: 'SaveSearch',
        userId,
        searchId: derivedId('demo-saved-search', userId, search.name),
        ...search,
      },
      { actor: 'seed', correlationId: DEMO_CORRELATION },
    );
}
