import { commandHandler } from '../core/decider';
import type { EventOf, PostDetails } from '@estate/events';
import { DomainError } from '../core/errors';
import { publishableDecider, type ItemCommand, type ItemState } from './publishable';

/** A blog post (an article in a category) or a page (a document read by its address): `post-<id>`. */
export type PostEvent =
  | EventOf<'PostCreated'>
  | EventOf<'PostEdited'>
  | EventOf<'PostPublished'>
  | EventOf<'PostHidden'>
  | EventOf<'PostDeleted'>;
export type Post = ItemState<PostDetails>;
export type PostCommand = ItemCommand<PostDetails>;

export const postStream = (id: string) => `post-${id}`;

export const postDecider = publishableDecider<PostDetails, PostEvent>({
  names: {
    created: 'PostCreated',
    edited: 'PostEdited',
    published: 'PostPublished',
    hidden: 'PostHidden',
    deleted: 'PostDeleted',
  },
  idKey: 'postId',
  notFound: 'Статья не найдена',
  slugOf: (details) => details.slug,
  check(details) {
    if (details.kind === 'article' && !details.categoryId)
      throw new DomainError('INVALID_DATA', undefined, { categoryId: ['Выберите рубрику статьи'] });
    if (details.kind === 'page' && details.categoryId)
      throw new DomainError('INVALID_DATA', undefined, {
        categoryId: ['Страница не входит в рубрику: уберите рубрику или сделайте её статьёй'],
      });
  },
});

/** The decider's command handler, bound to its streams (core/decider.ts `commandHandler`). */
export const handlePost = commandHandler(postDecider, postStream);
