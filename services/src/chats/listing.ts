import type { EventData } from '@estate/events';
import type { CatalogueDocument } from '@estate/projections';
import { chatIdOf, type ChatStart } from './chat';

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

/** The start of a visitor's chat about a listing (its first message carries it): the pair's one chat. */
export function chatStartOf(listing: CatalogueDocument, visitorId: string): ChatStart {
  return {
    chatId: chatIdOf(listing._id, visitorId),
    publicationId: listing._id,
    visitorId,
    authorId: listing.authorId,
    agencyId: listing.agencyId,
    listing: chatListingOf(listing),
    bookingRequestId: null,
  };
}
