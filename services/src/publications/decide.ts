import { PUBLICATION_STATUS, ROLES, MODERATOR_ROLE, type PublicationDetails, type PublicationStatus, type Role } from '@estate/events';
import type { Decider } from '../core/decider';
import { DomainError } from '../core/errors';
import { evolve, initialPublication, type Publication, type PublicationEvent } from './publication';

/** Who is acting: commands carry it so that decide alone says who may do what. */
export type Actor = { userId: string; role: Role; agencyId: string | null };

export type PublicationCommand =
  | { type: 'CreatePublication'; actor: Actor; publicationId: string; details: PublicationDetails }
  | { type: 'EditPublication'; actor: Actor; details: PublicationDetails }
  | { type: 'PublishPublication'; actor: Actor };

const { PUBLISHED, DRAFT, ARCHIVED, DECLINED, PUBLISHED_NOT_ACTIVE } = PUBLICATION_STATUS;
/** product.md section 4: which statuses allow which action */
const EDITABLE: PublicationStatus[] = [PUBLISHED, DRAFT, DECLINED, PUBLISHED_NOT_ACTIVE];
const PUBLISHABLE: PublicationStatus[] = [DRAFT, ARCHIVED, PUBLISHED_NOT_ACTIVE];

type Existing = Extract<Publication, { exists: true }>;

/** An agent manages their own listings, an owner every listing of the agency, a moderator any. */
function ensureMayManage(actor: Actor, publication: Existing) {
  if (actor.role === MODERATOR_ROLE) return;
  if (actor.role === ROLES.AGENCY_OWNER && actor.agencyId !== null && actor.agencyId === publication.agencyId) return;
  if (actor.role === ROLES.AGENT && actor.userId === publication.authorId && actor.agencyId === publication.agencyId) return;
  throw new DomainError('FORBIDDEN');
}

function existing(state: Publication): Existing {
  if (!state.exists) throw new DomainError('NOT_FOUND', 'Объявление не найдено');
  return state;
}

export function decide(command: PublicationCommand, state: Publication): PublicationEvent[] {
  switch (command.type) {
    case 'CreatePublication': {
      if (state.exists) return []; // a retried create changes nothing
      const { actor } = command;
      if (actor.role !== ROLES.AGENT && actor.role !== ROLES.AGENCY_OWNER) throw new DomainError('FORBIDDEN', 'Размещать объявления могут только сотрудники агентства');
      if (!actor.agencyId) throw new DomainError('FORBIDDEN', 'Пользователь не состоит в агентстве');
      return [
        {
          type: 'PublicationCreated',
          data: { publicationId: command.publicationId, agencyId: actor.agencyId, authorId: actor.userId, details: command.details },
        },
      ];
    }
    case 'EditPublication': {
      const publication = existing(state);
      ensureMayManage(command.actor, publication);
      if (!EDITABLE.includes(publication.status)) throw new DomainError('ACTION_NOT_ALLOWED', 'Объявление в архиве нельзя редактировать: сначала опубликуйте его');
      if (command.details.dealCategory !== publication.details.dealCategory) {
        throw new DomainError('INVALID_DATA', undefined, { dealCategory: ['Тип сделки нельзя изменить после создания объявления'] });
      }
      const events: PublicationEvent[] = [{ type: 'PublicationEdited', data: { publicationId: publication.id, details: command.details } }];
      if (command.details.price !== publication.details.price) {
        events.push({ type: 'PublicationPriceChanged', data: { publicationId: publication.id, oldPrice: publication.details.price, newPrice: command.details.price } });
      }
      return events;
    }
    case 'PublishPublication': {
      const publication = existing(state);
      ensureMayManage(command.actor, publication);
      if (publication.status === PUBLISHED) return [];
      if (!PUBLISHABLE.includes(publication.status)) throw new DomainError('ACTION_NOT_ALLOWED', 'Отклонённое объявление нужно сначала отредактировать');
      if (publication.details.price <= 0) throw new DomainError('INVALID_DATA', undefined, { price: ['Укажите цену больше нуля'] });
      return [{ type: 'PublicationPublished', data: { publicationId: publication.id } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const publicationDecider: Decider<PublicationCommand, Publication, PublicationEvent> = { decide, evolve, initialState: initialPublication };
