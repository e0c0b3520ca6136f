import type { EventOf } from '@estate/events';
import { commandHandler, type Decider } from '../core/decider';
import { DomainError } from '../core/errors';

/**
 * One address of the blog (`blog-slug-<slug>`): held by one post or one category at a time, since
 * `/blog/{slug}` may name either. Claimed before a post or category takes it, released when it
 * leaves it (a change of address, a deletion).
 */
export type BlogSlugEvent = EventOf<'BlogSlugClaimed'> | EventOf<'BlogSlugReleased'>;
export type SlugOwner = { kind: 'post' | 'category'; id: string };
export type BlogSlug = { holder: SlugOwner | null };
export type BlogSlugCommand =
  | { type: 'Claim'; slug: string; owner: SlugOwner; moderatorId: string }
  | { type: 'Release'; slug: string; owner: SlugOwner; moderatorId: string };

export const blogSlugStream = (slug: string) => `blog-slug-${slug}`;

const sameOwner = (a: SlugOwner | null, b: SlugOwner) => a !== null && a.kind === b.kind && a.id === b.id;

export const blogSlugDecider: Decider<BlogSlugCommand, BlogSlug, BlogSlugEvent> = {
  initialState: () => ({ holder: null }),

  evolve(state, event) {
    switch (event.type) {
      case 'BlogSlugClaimed':
        return { holder: event.data.owner };
      case 'BlogSlugReleased':
        return sameOwner(state.holder, event.data.owner) ? { holder: null } : state;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },

  decide(command, state) {
    const { slug, owner, moderatorId } = command;
    switch (command.type) {
      case 'Claim':
        if (sameOwner(state.holder, owner)) return [];
        if (state.holder)
          throw new DomainError('INVALID_DATA', undefined, {
            slug: [
              state.holder.kind === 'post'
                ? 'Этот адрес уже у другой статьи'
                : 'Этот адрес уже у рубрики блога',
            ],
          });
        return [{ type: 'BlogSlugClaimed', data: { slug, owner, moderatorId } }];
      case 'Release':
        // only the holder gives an address back; anyone else's release changes nothing
        return sameOwner(state.holder, owner)
          ? [{ type: 'BlogSlugReleased', data: { slug, owner, moderatorId } }]
          : [];
      default: {
        const unknown: never = command;
        return unknown;
      }
    }
  },
};

/** The decider's command handler, bound to its streams (core/decider.ts `commandHandler`). */
export const handleBlogSlug = commandHandler(blogSlugDecider, blogSlugStream);
