import type { Projection } from '../projection';

/** Residential complexes as the new-builds pages and filters read them. */
export const residentialComplexProjection: Projection = {
  name: 'residential-complexes',
  version: 1,
  collections: {},
  async apply() {
    return;
  },
};
