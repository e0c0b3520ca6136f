import { dayOf, INTERACTIONS_TOPIC, type Interaction } from '@estate/projections';
import type { AppContext } from '../core/context';

/**
 * The interactions a person's actions record, one shape each, whoever records them (the routes, or
 * the demo's history). The id is what makes counting exactly-once: a view, an opening, a phone
 * reveal or a favourite counts once per viewer, listing and day; a chat once.
 */
export const interactionOf = {
  /** a card seen in a list (`view`) or a listing opened (`click`), from a viewer and a hashed address */
  seen: (
    kind: 'view' | 'click',
    viewer: string,
    publicationId: string,
    at: string,
    origin: string,
  ): Interaction => ({
    id: `${kind}:${viewer}:${publicationId}:${dayOf(at)}`,
    kind,
    publicationId,
    at,
    viewer,
    origin,
  }),
  phone: (viewer: string, publicationId: string, at: string): Interaction => ({
    id: `phone:${viewer}:${publicationId}:${dayOf(at)}`,
    kind: 'phone',
    publicationId,
    at,
    viewer,
  }),
  favourite: (userId: string, publicationId: string, at: string): Interaction => ({
    id: `favorite:${userId}:${publicationId}:${dayOf(at)}`,
    kind: 'favorite',
    publicationId,
    at,
    viewer: `user:${userId}`,
  }),
  /** a new chat about a listing: a response ('Отклики') */
  chat: (chatId: string, userId: string, publicationId: string, at: string): Interaction => ({
    id: `chat:${chatId}`,
    kind: 'chat',
    publicationId,
    at,
    viewer: `user:${userId}`,
  }),
};

/** Puts interactions on the bus, keyed by listing, for the statistics consumer. */
export const publishInteractions = (ctx: AppContext, interactions: Interaction[]) =>
  ctx.bus.publish(
    INTERACTIONS_TOPIC,
    interactions.map((i) => ({ key: i.publicationId, value: i })),
  );
