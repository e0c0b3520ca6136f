import { defineProjection, ignoreAlreadyApplied } from '../projection';
import {
  RESIDENTIAL_COMPLEXES,
  toResidentialComplexFields,
  type ResidentialComplexDocument,
} from './document';

/** Residential complexes as the new-builds pages and filters read them. */
export const residentialComplexProjection = defineProjection({
  name: 'residential-complexes',
  version: 1,
  collections: {
    [RESIDENTIAL_COMPLEXES]: [
      { key: { locationId: 1, priceFrom: 1 } },
      { key: { class: 1, priceFrom: 1 } },
      { key: { priceFrom: 1 } },
    ],
  },
  handles: ['ResidentialComplexRegistered', 'ResidentialComplexUpdated'],
  async apply(event, store) {
    const complexes = store.collection<ResidentialComplexDocument>(RESIDENTIAL_COMPLEXES);
    switch (event.type) {
      case 'ResidentialComplexRegistered': {
        const { complexId, details } = event.data;
        const document: ResidentialComplexDocument = {
          _id: complexId,
          revision: event.revision,
          ...toResidentialComplexFields(details),
          createdAt: event.occurredAt,
          updatedAt: event.occurredAt,
        };
        // a second delivery finds the document there already
        await ignoreAlreadyApplied(() => complexes.insertOne(document));
        return;
      }
      case 'ResidentialComplexUpdated': {
        const { complexId, details } = event.data;
        await complexes.updateOne(
          { _id: complexId, revision: { $lt: event.revision } },
          {
            $set: {
              ...toResidentialComplexFields(details),
              revision: event.revision,
              updatedAt: event.occurredAt,
            },
          },
        );
        return;
      }
    }
  },
});
