import type { PostCategoryDetails } from '@estate/events';
import { deciderSpec } from '../core/deciderSpec';
import { postCategoryDecider, type PostCategoryEvent } from './postCategory';
import { AT as at, MODERATOR_ID as moderatorId } from './testing';

const given = deciderSpec(postCategoryDecider);
const details: PostCategoryDetails = {
  slug: 'ipoteka',
  name: 'Ипотека',
  description: 'Программы и ставки',
  imagePath: null,
  parentId: 'c0',
  position: 2,
};
const created: PostCategoryEvent = {
  type: 'PostCategoryCreated',
  data: { categoryId: 'c1', moderatorId, details },
};

describe('a blog category', () => {
  it('is created and published in one save', () =>
    given([])
      .when({ type: 'Create', id: 'c1', moderatorId, details, published: true, at })
      .then([
        created,
        { type: 'PostCategoryPublished', data: { categoryId: 'c1', moderatorId, publishedAt: at } },
      ]));

  it('cannot be put under itself', () => {
    given([])
      .when({
        type: 'Create',
        id: 'c1',
        moderatorId,
        details: { ...details, parentId: 'c1' },
        published: false,
        at,
      })
      .thenThrows('INVALID_DATA');
    given([created])
      .when({ type: 'Edit', moderatorId, details: { ...details, parentId: 'c1' }, at })
      .thenThrows('INVALID_DATA');
  });

  it('is renamed, moved to the top level, hidden and deleted, each by a moderator', () => {
    const top = { ...details, parentId: null, name: 'Ипотека и кредиты' };
    given([created])
      .when({ type: 'Edit', moderatorId: 'm2', details: top, published: false, at })
      .then([{ type: 'PostCategoryEdited', data: { categoryId: 'c1', moderatorId: 'm2', details: top } }]);
    const published: PostCategoryEvent = {
      type: 'PostCategoryPublished',
      data: { categoryId: 'c1', moderatorId, publishedAt: at },
    };
    given([created, published])
      .when({ type: 'Hide', moderatorId })
      .then([{ type: 'PostCategoryHidden', data: { categoryId: 'c1', moderatorId } }]);
    given([created])
      .when({ type: 'Delete', moderatorId })
      .then([{ type: 'PostCategoryDeleted', data: { categoryId: 'c1', moderatorId } }]);
  });

  it('is not found before it was created', () =>
    given([]).when({ type: 'Publish', moderatorId, at }).thenThrows('NOT_FOUND'));
});
