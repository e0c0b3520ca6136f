import type { EventData, PublicationDetails, StoredEvent } from '@estate/events';
import { PUBLICATION_STATUS } from '@estate/events';
import { ignoreAlreadyApplied, type Projection } from '../projection';
import type { ReadStore } from '../readStore/port';
import { AGENCIES, USERS, type AgencyDocument, type UserDocument } from '../identity/documents';
import { CATALOGUE, type CatalogueDocument } from './document';

const detailsFields = (d: PublicationDetails) => ({
  dealCategory: d.dealCategory,
  propertyType: d.propertyType,
  title: d.title,
  description: d.description,
  price: d.price,
  locationId: d.address.locationId,
  address: d.address,
  images: d.images,
  ...d.params,
});

/**
 * The catalogue: one document per publication, in every status (the public search filters on
 * status 1, the cabinet reads the rest). Indexes put equality fields first and the sorted key last.
 */
export const catalogueProjection: Projection = {
  name: 'catalogue',
  version: 1,
  collections: {
    [CATALOGUE]: [
      { key: { status: 1, dealCategory: 1, price: 1 } },
      { key: { status: 1, dealCategory: 1, publishedAt: -1 } },
      { key: { status: 1, dealCategory: 1, locationId: 1, price: 1 } },
      { key: { status: 1, dealCategory: 1, locationId: 1, publishedAt: -1 } },
      { key: { agencyId: 1, status: 1, updatedAt: -1 } },
      { key: { authorId: 1, status: 1, updatedAt: -1 } },
    ],
  },
  async apply(event: StoredEvent, store: ReadStore) {
    const catalogue = store.collection<CatalogueDocument>(CATALOGUE);
    const guard = { _id: event.streamId.slice('publication-'.length), revision: { $lt: event.revision } };
    switch (event.type) {
      case 'PublicationCreated': {
        const data = event.data as EventData<'PublicationCreated'>;
        const author = await store.collection<UserDocument>(USERS).findOne({ _id: data.authorId });
        const agency = data.agencyId ? await store.collection<AgencyDocument>(AGENCIES).findOne({ _id: data.agencyId }) : null;
        const document: CatalogueDocument = {
          _id: data.publicationId,
          revision: event.revision,
          status: PUBLICATION_STATUS.DRAFT,
          agencyId: data.agencyId,
          authorId: data.authorId,
          ...detailsFields(data.details),
          actualPrice: null,
          author: { id: data.authorId, name: author?.name ?? '', phone: author?.phone ?? '', avatar: author?.avatar ?? null },
          agency: agency ? { id: agency._id, name: agency.name, avatar: agency.avatar } : null,
          createdAt: event.occurredAt,
          updatedAt: event.occurredAt,
          publishedAt: null,
        };
        await ignoreAlreadyApplied(() => catalogue.insertOne(document));
        return;
      }
      case 'PublicationEdited': {
        const data = event.data as EventData<'PublicationEdited'>;
        await catalogue.updateOne(guard, { $set: { ...detailsFields(data.details), revision: event.revision, updatedAt: event.occurredAt } });
        return;
      }
      case 'PublicationPriceChanged': {
        const data = event.data as EventData<'PublicationPriceChanged'>;
        await catalogue.updateOne(guard, { $set: { actualPrice: data.oldPrice, price: data.newPrice, revision: event.revision } });
        return;
      }
      case 'PublicationPublished':
        await catalogue.updateOne(guard, {
            $set: { status: PUBLICATION_STATUS.PUBLISHED, publishedAt: event.occurredAt, updatedAt: event.occurredAt, revision: event.revision },
          });
        return;
      default:
        return;
    }
  },
};
