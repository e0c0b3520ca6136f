import { commandHandler } from '../core/decider';
import type { EventOf, PostCategoryDetails } from '@estate/events';
import { DomainError } from '../core/errors';
import { publishableDecider, type ItemCommand, type ItemState } from './publishable';

/** A blog category (a rubric), top-level or under one: `post-category-<id>`. */
export type PostCategoryEvent =
  | EventOf<'PostCategoryCreated'>
  | EventOf<'PostCategoryEdited'>
  | EventOf<'PostCategoryPublished'>
  | EventOf<'PostCategoryHidden'>
  | EventOf<'PostCategoryDeleted'>;
export type PostCategory = ItemState<PostCategoryDetails>;
export type PostCategoryCommand = ItemCommand<PostCategoryDetails>;

export const postCategoryStream = (id: string) => `post-category-${id}`;

export const postCategoryDecider = publishableDecider<PostCategoryDetails, PostCategoryEvent>({
  names: {
    created: 'PostCategoryCreated',
    edited: 'PostCategoryEdited',
    published: 'PostCategoryPublished',
    hidden: 'PostCategoryHidden',
    deleted: 'PostCategoryDeleted',
  },
  idKey: 'categoryId',
  notFound: 'Рубрика не найдена',
  slugOf: (details) => details.slug,
  check(details, id) {
    if (details.parentId === id)
      throw new DomainError('INVALID_DATA', undefined, {
        parentId: ['Рубрика не может входить сама в себя'],
      });
  },
});

/** The decider's command handler, bound to its streams (core/decider.ts `commandHandler`). */
export const handlePostCategory = commandHandler(postCategoryDecider, postCategoryStream);
