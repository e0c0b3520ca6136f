import type { EventData } from '@estate/events';
import type { CatalogueDocument } from '@estate/projections';

/** What a chat keeps of its listing (the chat list's price, image, rooms and area), from the catalogue. */
export const chatListingOf = (doc: CatalogueDocument): EventData<'ChatStarted'>['listing'] => ({
  title: doc.title,
  image: doc.images[0]?.path ?? null,
  price: doc.price,
  roomCount: doc.roomCount,
  totalArea: doc.totalArea,
  dealCategory: doc.dealCategory,
  propertyType: doc.propertyType,
});
