import type { DomainEvent } from '@estate/events';
import type { Decider } from '../core/decider';
import { DomainError } from '../core/errors';

/**
 * What moderators do with every kind of content (a post, a category, a slide, an investment
 * object): write it, publish it (from a date), hide it, delete it. One decider shape for all four,
 * each with its own event names, id field and rules; the specs of each kind check it.
 */
export type ItemStatus = 'none' | 'hidden' | 'published' | 'deleted';

export type ItemState<D> = {
  status: ItemStatus;
  id: string | null;
  details: D | null;
  publishedAt: string | null;
  /** every address the item has had (posts and categories): what to give back when it changes */
  slugs: string[];
};

export type ItemCommand<D> =
  /** `published`: also publish (from `publishedAt`, else now) or hide in the same step, as the cabinet's form saves */
  | {
      type: 'Create';
      id: string;
      moderatorId: string;
      details: D;
      published: boolean;
      publishedAt?: string | null;
      at: string;
    }
  | {
      type: 'Edit';
      moderatorId: string;
      details: D;
      published?: boolean;
      publishedAt?: string | null;
      at: string;
    }
  | { type: 'Publish'; moderatorId: string; publishedAt?: string | null; at: string }
  | { type: 'Hide'; moderatorId: string }
  | { type: 'Delete'; moderatorId: string };

type Names = { created: string; edited: string; published: string; hidden: string; deleted: string };

export type ItemConfig<D> = {
  /** the event types, in the catalogue */
  names: Names;
  /** the events' id field: 'postId', 'slideId' … */
  idKey: string;
  notFound: string;
  /** the item's own rules on its details (pure): throws a DomainError */
  check?: (details: D, id: string) => void;
  slugOf?: (details: D) => string;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The decider of one kind of item. Events are built from the names the config gives: they are the catalogue's own. */
export function publishableDecider<D, E extends DomainEvent>(
  config: ItemConfig<D>,
): Decider<ItemCommand<D>, ItemState<D>, E> {
  const { names, idKey } = config;
  const make = (type: string, id: string, data: object) => ({ type, data: { [idKey]: id, ...data } }) as E;
  const data = (event: E) => event.data as unknown as Record<string, unknown>;

  /** publishing or hiding, as a save asks it */
  function publication(
    state: ItemState<D>,
    id: string,
    cmd: { moderatorId: string; published?: boolean; publishedAt?: string | null; at: string },
  ): E[] {
    if (cmd.published === undefined) return [];
    if (!cmd.published)
      return state.status === 'published' ? [make(names.hidden, id, { moderatorId: cmd.moderatorId })] : [];
    const publishedAt = cmd.publishedAt ?? state.publishedAt ?? cmd.at;
    if (state.status === 'published' && publishedAt === state.publishedAt) return [];
    return [make(names.published, id, { moderatorId: cmd.moderatorId, publishedAt })];
  }

  const existing = (state: ItemState<D>) => {
    if (state.status === 'none' || state.status === 'deleted')
      throw new DomainError('NOT_FOUND', config.notFound);
    return state.id!;
  };

  return {
    initialState: () => ({ status: 'none', id: null, details: null, publishedAt: null, slugs: [] }),

    evolve(state, event) {
      const d = data(event);
      switch (event.type) {
        case names.created:
        case names.edited: {
          const details = d.details as D;
          const slug = config.slugOf?.(details);
          return {
            ...state,
            status: state.status === 'none' ? 'hidden' : state.status,
            id: d[idKey] as string,
            details,
            slugs: slug && !state.slugs.includes(slug) ? [...state.slugs, slug] : state.slugs,
          };
        }
        case names.published:
          return { ...state, status: 'published', publishedAt: d.publishedAt as string };
        case names.hidden:
          return { ...state, status: 'hidden' };
        case names.deleted:
          return { ...state, status: 'deleted' };
        default:
          return state;
      }
    },

    decide(command, state) {
      switch (command.type) {
        case 'Create': {
          // the same creation again (a resumed save, the seed run again) changes nothing more than its publication
          if (state.status !== 'none') {
            if (state.status === 'deleted' || !same(state.details, command.details))
              throw new DomainError('ACTION_NOT_ALLOWED', 'Запись с таким идентификатором уже есть');
            return publication(state, command.id, command);
          }
          config.check?.(command.details, command.id);
          const written = make(names.created, command.id, {
            moderatorId: command.moderatorId,
            details: command.details,
          });
          return [written, ...publication(state, command.id, command)];
        }
        case 'Edit': {
          const id = existing(state);
          config.check?.(command.details, id);
          const edited = same(state.details, command.details)
            ? []
            : [make(names.edited, id, { moderatorId: command.moderatorId, details: command.details })];
          return [...edited, ...publication(state, id, command)];
        }
        case 'Publish':
          return publication(state, existing(state), { ...command, published: true });
        case 'Hide':
          return publication(state, existing(state), { ...command, published: false, at: '' });
        case 'Delete':
          if (state.status === 'deleted') return [];
          return [make(names.deleted, existing(state), { moderatorId: command.moderatorId })];
        default: {
          const unknown: never = command;
          return unknown;
        }
      }
    },
  };
}
