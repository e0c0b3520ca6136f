import {
  MODERATOR_ROLE,
  PUBLICATION_STATUS,
  ROLES,
  type PublicationDetails,
  type PublicationStatus,
} from '@estate/events';
import { commandHandler, type Decider } from '../core/decider';
import { DomainError } from '../core/errors';
import {
  evolve,
  initialPublication,
  publicationStream,
  type Publication,
  type PublicationEvent,
} from './publication';
import { type Actor, mayManagePublication } from '../core/access';

/** Publishing needs the address's point (the form's suggestion, or the provider's answer for it). */
export const NO_POINT = 'Адрес не найден на карте: выберите его из подсказок, чтобы опубликовать объявление';

/** Who is acting (identity/sessions.ts makes it from the request): commands carry it so that decide alone says who may do what. */
export type { Actor };

export type PublicationCommand =
  | { type: 'CreatePublication'; actor: Actor; publicationId: string; details: PublicationDetails }
  | { type: 'EditPublication'; actor: Actor; details: PublicationDetails }
  | { type: 'PublishPublication'; actor: Actor; publishedAt?: string }
  | { type: 'ArchivePublication'; actor: Actor }
  | { type: 'MovePublicationToDraft'; actor: Actor }
  | { type: 'DeletePublication'; actor: Actor }
  | { type: 'DeclinePublication'; actor: Actor; reason: string }
  | { type: 'DeactivatePublication'; actor: Actor; reason: string }
  /** a moderator lets the listing stand as it is: it leaves the queue awaiting moderation */
  | { type: 'CheckPublication'; actor: Actor }
  /** a moderator undoes a decline: back to the status it had */
  | { type: 'RestorePublication'; actor: Actor }
  | { type: 'PromotePublication'; positionType: 1 | 2 | 3; tariffId: string; until: string }
  | { type: 'EndPromotion' };

const { PUBLISHED, DRAFT, ARCHIVED, DECLINED, PUBLISHED_NOT_ACTIVE } = PUBLICATION_STATUS;

/** product.md section 4: the actions each status offers (delete is offered by every status). */
const ALLOWED: Record<
  'edit' | 'publish' | 'archive' | 'toDraft' | 'decline' | 'deactivate' | 'promote',
  PublicationStatus[]
> = {
  edit: [PUBLISHED, DRAFT, DECLINED, PUBLISHED_NOT_ACTIVE],
  publish: [DRAFT, ARCHIVED, PUBLISHED_NOT_ACTIVE],
  archive: [PUBLISHED],
  toDraft: [PUBLISHED],
  decline: [PUBLISHED, DRAFT, PUBLISHED_NOT_ACTIVE],
  deactivate: [PUBLISHED],
  promote: [PUBLISHED],
};

const REFUSALS: Record<keyof typeof ALLOWED, string> = {
  edit: 'Объявление в архиве нельзя редактировать: сначала опубликуйте его',
  publish: 'Отклонённое объявление нужно сначала отредактировать',
  archive: 'Скрыть можно только опубликованное объявление',
  toDraft: 'В черновики можно перенести только опубликованное объявление',
  decline: 'Это объявление нельзя отклонить в текущем статусе',
  deactivate: 'Снять с показа можно только опубликованное объявление',
  promote: 'Продвигать можно только опубликованное объявление',
};

type Existing = Extract<Publication, { exists: true }>;

/** An agent manages their own listings, an owner every listing of the agency, a moderator any. */
function ensureMayManage(actor: Actor, publication: Existing) {
  if (!mayManagePublication(actor, publication)) throw new DomainError('FORBIDDEN');
}

function existing(state: Publication): Existing {
  if (!state.exists || state.deleted) throw new DomainError('NOT_FOUND', 'Объявление не найдено');
  return state;
}

function ensureAllowed(action: keyof typeof ALLOWED, publication: Existing) {
  if (!ALLOWED[action].includes(publication.status))
    throw new DomainError('ACTION_NOT_ALLOWED', REFUSALS[action]);
}

/** The checks every agency action shares: the listing exists, the actor may manage it, the status offers the action. */
function managed(state: Publication, actor: Actor, action: keyof typeof ALLOWED): Existing {
  const publication = existing(state);
  ensureMayManage(actor, publication);
  ensureAllowed(action, publication);
  return publication;
}

export function decide(command: PublicationCommand, state: Publication): PublicationEvent[] {
  switch (command.type) {
    case 'CreatePublication': {
      if (state.exists) return []; // a retried create changes nothing
      const { actor } = command;
      if (actor.role !== ROLES.AGENT && actor.role !== ROLES.AGENCY_OWNER)
        throw new DomainError('FORBIDDEN', 'Размещать объявления могут только сотрудники агентства');
      if (!actor.agencyId) throw new DomainError('FORBIDDEN', 'Пользователь не состоит в агентстве');
      return [
        {
          type: 'PublicationCreated',
          data: {
            publicationId: command.publicationId,
            agencyId: actor.agencyId,
            authorId: actor.userId,
            details: command.details,
          },
        },
      ];
    }
    case 'EditPublication': {
      const publication = managed(state, command.actor, 'edit');
      const id = publication.id;
      if (command.details.dealCategory !== publication.details.dealCategory) {
        throw new DomainError('INVALID_DATA', undefined, {
          dealCategory: ['Тип сделки нельзя изменить после создания объявления'],
        });
      }
      const events: PublicationEvent[] = [
        { type: 'PublicationEdited', data: { publicationId: id, details: command.details } },
      ];
      if (command.details.price !== publication.details.price) {
        events.push({
          type: 'PublicationPriceChanged',
          data: { publicationId: id, oldPrice: publication.details.price, newPrice: command.details.price },
        });
      }
      // a declined listing, once corrected, goes back to the drafts to be published again
      if (publication.status === DECLINED)
        events.push({ type: 'PublicationMovedToDraft', data: { publicationId: id } });
      return events;
    }
    case 'PublishPublication': {
      const publication = existing(state);
      ensureMayManage(command.actor, publication);
      if (publication.status === PUBLISHED) return [];
      ensureAllowed('publish', publication);
      if (publication.details.price <= 0)
        throw new DomainError('INVALID_DATA', undefined, { price: ['Укажите цену больше нуля'] });
      // a listing without a point is missing from the map and from every search by area or metro
      if (!publication.details.address.geo)
        throw new DomainError('INVALID_DATA', undefined, { 'address.fullAddress': [NO_POINT] });
      return [
        {
          type: 'PublicationPublished',
          data: {
            publicationId: publication.id,
            ...(command.publishedAt ? { publishedAt: command.publishedAt } : {}),
          },
        },
      ];
    }
    case 'ArchivePublication': {
      if (state.exists && !state.deleted && state.status === ARCHIVED)
        return (ensureMayManage(command.actor, state), []);
      return [
        { type: 'PublicationArchived', data: { publicationId: managed(state, command.actor, 'archive').id } },
      ];
    }
    case 'MovePublicationToDraft': {
      if (state.exists && !state.deleted && state.status === DRAFT)
        return (ensureMayManage(command.actor, state), []);
      return [
        {
          type: 'PublicationMovedToDraft',
          data: { publicationId: managed(state, command.actor, 'toDraft').id },
        },
      ];
    }
    case 'DeletePublication': {
      if (state.exists && state.deleted) return []; // deleting twice is fine
      const publication = existing(state);
      ensureMayManage(command.actor, publication);
      return [{ type: 'PublicationDeleted', data: { publicationId: publication.id } }];
    }
    case 'DeclinePublication': {
      if (command.actor.role !== MODERATOR_ROLE)
        throw new DomainError('FORBIDDEN', 'Отклонять объявления может только модератор');
      const publication = managed(state, command.actor, 'decline');
      return [
        {
          type: 'PublicationDeclined',
          data: { publicationId: publication.id, reason: command.reason, moderatorId: command.actor.userId },
        },
      ];
    }
    case 'CheckPublication': {
      if (command.actor.role !== MODERATOR_ROLE)
        throw new DomainError('FORBIDDEN', 'Проверять объявления может только модератор');
      const publication = existing(state);
      if (publication.status !== PUBLISHED)
        throw new DomainError('ACTION_NOT_ALLOWED', 'Одобрить можно только опубликованное объявление');
      if (publication.checked) return [];
      return [
        {
          type: 'PublicationChecked',
          data: { publicationId: publication.id, moderatorId: command.actor.userId },
        },
      ];
    }
    case 'RestorePublication': {
      if (command.actor.role !== MODERATOR_ROLE)
        throw new DomainError('FORBIDDEN', 'Восстанавливать объявления может только модератор');
      const publication = existing(state);
      if (publication.status !== DECLINED || !publication.declinedFrom)
        throw new DomainError('ACTION_NOT_ALLOWED', 'Восстановить можно только отклонённое объявление');
      const status = publication.declinedFrom;
      if (status !== PUBLISHED && status !== DRAFT && status !== PUBLISHED_NOT_ACTIVE)
        throw new DomainError('ACTION_NOT_ALLOWED', 'Восстановить можно только отклонённое объявление');
      return [
        {
          type: 'PublicationRestored',
          data: { publicationId: publication.id, moderatorId: command.actor.userId, status },
        },
      ];
    }
    case 'DeactivatePublication': {
      if (command.actor.role !== MODERATOR_ROLE) throw new DomainError('FORBIDDEN');
      const publication = managed(state, command.actor, 'deactivate');
      return [
        { type: 'PublicationDeactivated', data: { publicationId: publication.id, reason: command.reason } },
      ];
    }
    case 'PromotePublication': {
      const publication = existing(state);
      ensureAllowed('promote', publication);
      const { positionType, tariffId, until } = command;
      const running = publication.promotion;
      // the same promotion again (a payment's step run again after a crash) changes nothing
      if (
        running &&
        running.positionType === positionType &&
        running.tariffId === tariffId &&
        running.until === until
      )
        return [];
      return [
        {
          type: 'PublicationPromoted',
          data: { publicationId: publication.id, positionType, tariffId, until },
        },
      ];
    }
    case 'EndPromotion': {
      if (!state.exists || !state.promotion) return [];
      return [{ type: 'PublicationPromotionEnded', data: { publicationId: state.id } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

export const publicationDecider: Decider<PublicationCommand, Publication, PublicationEvent> = {
  decide,
  evolve,
  initialState: initialPublication,
};

/** The decider's command handler, bound to its streams (core/decider.ts `commandHandler`). */
export const handlePublication = commandHandler(publicationDecider, publicationStream);
