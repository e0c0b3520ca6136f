import simpleRestProvider from 'ra-data-simple-rest';
import { httpClient } from './api';

const base = simpleRestProvider('/api/cabinet', httpClient);

/** ra-data-simple-rest, plus the one action a resource route cannot express: publishing a draft. */
export const dataProvider = {
  ...base,
  async publish(resource: 'publications', id: string) {
    const { json } = await httpClient(`/api/cabinet/${resource}/${encodeURIComponent(id)}/publish`, { method: 'POST' });
    return { data: json.data };
  },
};
export type CabinetDataProvider = typeof dataProvider;
