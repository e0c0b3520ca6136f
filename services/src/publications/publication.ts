import { PUBLICATION_STATUS, type EventOf, type PublicationDetails, type PublicationStatus } from '@estate/events';

export type PublicationEvent =
  | EventOf<'PublicationCreated'>
  | EventOf<'PublicationEdited'>
  | EventOf<'PublicationPriceChanged'>
  | EventOf<'PublicationPublished'>;

export type Publication =
  | { exists: false }
  | { exists: true; id: string; status: PublicationStatus; agencyId: string | null; authorId: string; details: PublicationDetails };

export const initialPublication = (): Publication => ({ exists: false });

export const publicationStream = (id: string) => `publication-${id}`;

export function evolve(state: Publication, event: PublicationEvent): Publication {
  switch (event.type) {
    case 'PublicationCreated':
      return {
        exists: true,
        id: event.data.publicationId,
        status: PUBLICATION_STATUS.DRAFT,
        agencyId: event.data.agencyId,
        authorId: event.data.authorId,
        details: event.data.details,
      };
    case 'PublicationEdited':
      return state.exists ? { ...state, details: event.data.details } : state;
    case 'PublicationPriceChanged':
      return state.exists ? { ...state, details: { ...state.details, price: event.data.newPrice } } : state;
    case 'PublicationPublished':
      return state.exists ? { ...state, status: PUBLICATION_STATUS.PUBLISHED } : state;
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
