import {
  PUBLICATION_STATUS,
  type EventOf,
  type PublicationDetails,
  type PublicationStatus,
} from '@estate/events';

export type PublicationEvent =
  | EventOf<'PublicationCreated'>
  | EventOf<'PublicationEdited'>
  | EventOf<'PublicationPriceChanged'>
  | EventOf<'PublicationPublished'>
  | EventOf<'PublicationArchived'>
  | EventOf<'PublicationMovedToDraft'>
  | EventOf<'PublicationDeleted'>
  | EventOf<'PublicationDeclined'>
  | EventOf<'PublicationDeactivated'>
  | EventOf<'PublicationPromoted'>
  | EventOf<'PublicationPromotionEnded'>;

export type Promotion = { positionType: 1 | 2 | 3; tariffId: string; until: string };

export type Publication =
  | { exists: false }
  | {
      exists: true;
      id: string;
      status: PublicationStatus;
      agencyId: string | null;
      authorId: string;
      details: PublicationDetails;
      deleted: boolean;
      promotion: Promotion | null;
    };

export const initialPublication = (): Publication => ({ exists: false });

export const publicationStream = (id: string) => `publication-${id}`;

const { PUBLISHED, DRAFT, ARCHIVED, DECLINED, PUBLISHED_NOT_ACTIVE } = PUBLICATION_STATUS;

export function evolve(state: Publication, event: PublicationEvent): Publication {
  if (event.type === 'PublicationCreated') {
    const { publicationId: id, agencyId, authorId, details } = event.data;
    return { exists: true, id, status: DRAFT, agencyId, authorId, details, deleted: false, promotion: null };
  }
  if (!state.exists) return state;
  switch (event.type) {
    case 'PublicationEdited':
      return { ...state, details: event.data.details };
    case 'PublicationPriceChanged':
      return { ...state, details: { ...state.details, price: event.data.newPrice } };
    case 'PublicationPublished':
      return { ...state, status: PUBLISHED };
    case 'PublicationArchived':
      return { ...state, status: ARCHIVED, promotion: null };
    case 'PublicationMovedToDraft':
      return { ...state, status: DRAFT, promotion: null };
    case 'PublicationDeleted':
      return { ...state, deleted: true, promotion: null };
    case 'PublicationDeclined':
      return { ...state, status: DECLINED, promotion: null };
    case 'PublicationDeactivated':
      return { ...state, status: PUBLISHED_NOT_ACTIVE, promotion: null };
    case 'PublicationPromoted': {
      const { positionType, tariffId, until } = event.data;
      return { ...state, promotion: { positionType, tariffId, until } };
    }
    case 'PublicationPromotionEnded':
      return { ...state, promotion: null };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}
