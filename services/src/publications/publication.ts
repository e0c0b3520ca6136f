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
  | EventOf<'PublicationChecked'>
  | EventOf<'PublicationRestored'>
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
      /** the status a moderator's decline took it from (a restore goes back to it) */
      declinedFrom: PublicationStatus | null;
      /** a moderator checked it since it was last published or edited */
      checked: boolean;
    };

export const initialPublication = (): Publication => ({ exists: false });

export const publicationStream = (id: string) => `publication-${id}`;

const { PUBLISHED, DRAFT, ARCHIVED, DECLINED, PUBLISHED_NOT_ACTIVE } = PUBLICATION_STATUS;

export function evolve(state: Publication, event: PublicationEvent): Publication {
  if (event.type === 'PublicationCreated') {
    const { publicationId: id, agencyId, authorId, details } = event.data;
    return {
      exists: true,
      id,
      status: DRAFT,
      agencyId,
      authorId,
      details,
      deleted: false,
      promotion: null,
      declinedFrom: null,
      checked: false,
    };
  }
  if (!state.exists) return state;
  switch (event.type) {
    case 'PublicationEdited':
      return { ...state, details: event.data.details, checked: false };
    case 'PublicationPriceChanged':
      return { ...state, details: { ...state.details, price: event.data.newPrice } };
    case 'PublicationPublished':
      return { ...state, status: PUBLISHED, checked: false };
    case 'PublicationArchived':
      return { ...state, status: ARCHIVED, promotion: null };
    case 'PublicationMovedToDraft':
      return { ...state, status: DRAFT, promotion: null };
    case 'PublicationDeleted':
      return { ...state, deleted: true, promotion: null };
    case 'PublicationDeclined':
      return { ...state, status: DECLINED, promotion: null, declinedFrom: state.status };
    case 'PublicationChecked':
      return { ...state, checked: true };
    case 'PublicationRestored':
      return { ...state, status: event.data.status, declinedFrom: null, checked: true };
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
