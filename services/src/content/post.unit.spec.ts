import { deciderSpec } from '../core/deciderSpec';
import { postDecider, type PostEvent } from './post';
import { AT as at, MODERATOR_ID as moderatorId, postDetails as details, createCommand } from './testing';

const given = deciderSpec(postDecider);
const created: PostEvent = { type: 'PostCreated', data: { postId: 'p1', moderatorId, details } };
const published: PostEvent = { type: 'PostPublished', data: { postId: 'p1', moderatorId, publishedAt: at } };

describe('a blog post', () => {
  it('is created hidden, with the moderator who wrote it', () =>
    given([]).when(createCommand('p1', details)).then([created]));

  it('is created and published in one save, dated now unless the moderator gives a date', () => {
    given([])
      .when(createCommand('p1', details, true))
      .then([created, published]);
    const backDated = '2026-01-15T09:00:00.000Z';
    given([])
      .when({ type: 'Create', id: 'p1', moderatorId, details, published: true, publishedAt: backDated, at })
      .then([
        created,
        { type: 'PostPublished', data: { postId: 'p1', moderatorId, publishedAt: backDated } },
      ]);
  });

  it('changes nothing when the same creation comes again (a resumed save)', () =>
    given([created, published])
      .when({
        type: 'Create',
        id: 'p1',
        moderatorId,
        details,
        published: true,
        at: '2026-03-02T00:00:00.000Z',
      })
      .then([]));

  it('refuses another post under a taken id', () =>
    given([created])
      .when(createCommand('p1', { ...details, title: 'Другая' }))
      .thenThrows('ACTION_NOT_ALLOWED'));

  it('needs a category for an article, and none for a page', () => {
    given([])
      .when(createCommand('p1', { ...details, categoryId: null }))
      .thenThrows('INVALID_DATA');
    given([])
      .when(createCommand('p1', { ...details, kind: 'page' }))
      .thenThrows('INVALID_DATA');
    const page = { ...details, kind: 'page' as const, categoryId: null };
    given([])
      .when(createCommand('p1', page))
      .then([{ type: 'PostCreated', data: { postId: 'p1', moderatorId, details: page } }]);
  });

  it('records an edit that changes something, by the moderator who made it', () => {
    const retitled = { ...details, title: 'Как купить квартиру в 2026 году' };
    given([created, published])
      .when({ type: 'Edit', moderatorId: 'm2', details: retitled, at })
      .then([{ type: 'PostEdited', data: { postId: 'p1', moderatorId: 'm2', details: retitled } }]);
    given([created, published]).when({ type: 'Edit', moderatorId: 'm2', details, at }).then([]);
  });

  it('is hidden and published again, keeping its first date unless given another', () => {
    const hidden: PostEvent = { type: 'PostHidden', data: { postId: 'p1', moderatorId } };
    given([created, published]).when({ type: 'Hide', moderatorId }).then([hidden]);
    given([created, published, hidden])
      .when({ type: 'Publish', moderatorId, at: '2026-05-01T00:00:00.000Z' })
      .then([published]);
    given([created, published]).when({ type: 'Publish', moderatorId, at }).then([]);
    given([created]).when({ type: 'Hide', moderatorId }).then([]);
    given([created, published])
      .when({ type: 'Edit', moderatorId, details, published: false, at })
      .then([hidden]);
  });

  it('is deleted once; a deleted post cannot be edited or published', () => {
    const deleted: PostEvent = { type: 'PostDeleted', data: { postId: 'p1', moderatorId } };
    given([created, published]).when({ type: 'Delete', moderatorId }).then([deleted]);
    given([created, published, deleted]).when({ type: 'Delete', moderatorId }).then([]);
    given([created, deleted]).when({ type: 'Edit', moderatorId, details, at }).thenThrows('NOT_FOUND');
    given([created, deleted]).when({ type: 'Publish', moderatorId, at }).thenThrows('NOT_FOUND');
    given([created, deleted]).when(createCommand('p1', details)).thenThrows('ACTION_NOT_ALLOWED');
  });

  it('cannot be changed before it exists', () => {
    given([]).when({ type: 'Edit', moderatorId, details, at }).thenThrows('NOT_FOUND');
    given([]).when({ type: 'Hide', moderatorId }).thenThrows('NOT_FOUND');
    given([]).when({ type: 'Delete', moderatorId }).thenThrows('NOT_FOUND');
  });

  it('remembers every address it had, to give back the ones it left', () => {
    const moved = { ...details, slug: 'pokupka-kvartiry' };
    const state = [
      created,
      { type: 'PostEdited', data: { postId: 'p1', moderatorId, details: moved } } as PostEvent,
    ].reduce((state, event) => postDecider.evolve(state, event), postDecider.initialState());
    expect(state.slugs).toEqual(['kak-kupit-kvartiru', 'pokupka-kvartiry']);
    expect(state.details?.slug).toBe('pokupka-kvartiry');
  });
});
