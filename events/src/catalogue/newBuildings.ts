import { z } from 'zod';

/** Residential complexes (new builds): events of the `residential-complex-<id>` streams. Filled by the new-builds slice. */
export const newBuildingEvents = {} satisfies Record<string, z.ZodType>;
