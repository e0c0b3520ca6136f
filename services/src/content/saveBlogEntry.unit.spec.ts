import type { SqliteEventStore } from '@estate/events';
import { freshEventStoreForEachTest } from '../../test/eventStore';
import { fold } from '../core/decider';
import { resumeWorkflow, runWorkflow } from '../core/workflow';
import { crashPoints, InjectedCrash } from '../core/workflowSpec';
import { blogSlugDecider, blogSlugStream } from './blogSlug';
import { postDecider, postStream } from './post';
import { saveBlogEntry, type SaveBlogEntryInput } from './saveBlogEntry';
import { AT as at, MODERATOR_ID as moderatorId, postDetails as details, createCommand } from './testing';

/** A post's address across the post and the addresses' streams: Given streams / When the save runs / Then the holders; then a crash at every step. */
/** a post's save (the union narrowed, so that a test may change its command) */
type PostSave = Extract<SaveBlogEntryInput, { owner: { kind: 'post' } }>;
const create = (id: string, slug = details.slug): PostSave => ({
  owner: { kind: 'post', id },
  command: createCommand(id, { ...details, slug }, true),
  moderatorId,
});
const edit = (id: string, slug: string): PostSave => ({
  owner: { kind: 'post', id },
  command: { type: 'Edit', moderatorId, details: { ...details, slug }, at },
  moderatorId,
});

describe('saving a blog post (workflow)', () => {
  let store: SqliteEventStore;
  freshEventStoreForEachTest('blog', (opened) => (store = opened));

  const holder = async (slug: string) =>
    fold(blogSlugDecider, await store.readStream(blogSlugStream(slug))).holder?.id ?? null;
  const post = async (id: string) => fold(postDecider, await store.readStream(postStream(id)));

  it('given a free address, when a post is created, then it holds the address and is published', async () => {
    await runWorkflow(store, saveBlogEntry, 'w1', create('p1'));
    expect(await holder('kak-kupit-kvartiru')).toBe('p1');
    expect((await post('p1')).status).toBe('published');
  });

  it('given an address another post holds, then errorCode 1 under slug and nothing written for the post', async () => {
    await runWorkflow(store, saveBlogEntry, 'w1', create('p1'));
    await expect(runWorkflow(store, saveBlogEntry, 'w2', create('p2'))).rejects.toMatchObject({
      kind: 'INVALID_DATA',
      errors: { slug: ['Этот адрес уже у другой статьи'] },
    });
    expect((await post('p2')).status).toBe('none');
    expect(await holder('kak-kupit-kvartiru')).toBe('p1');
  });

  it('given a post, when its address changes, then the old one is free and the new one its', async () => {
    await runWorkflow(store, saveBlogEntry, 'w1', create('p1'));
    await runWorkflow(store, saveBlogEntry, 'w2', edit('p1', 'pokupka-kvartiry'));
    expect(await holder('kak-kupit-kvartiru')).toBeNull();
    expect(await holder('pokupka-kvartiry')).toBe('p1');
    // and another post may take the old one
    await runWorkflow(store, saveBlogEntry, 'w3', create('p2'));
    expect(await holder('kak-kupit-kvartiru')).toBe('p2');
  });

  it('given an edit the post refuses, then the new address is given back and the old one kept', async () => {
    await runWorkflow(store, saveBlogEntry, 'w1', create('p1'));
    const refused: PostSave = {
      ...edit('p1', 'novyy-adres'),
      command: {
        type: 'Edit',
        moderatorId,
        details: { ...details, slug: 'novyy-adres', categoryId: null },
        at,
      },
    };
    await expect(runWorkflow(store, saveBlogEntry, 'w2', refused)).rejects.toMatchObject({
      kind: 'INVALID_DATA',
    });
    expect(await holder('novyy-adres')).toBeNull();
    expect(await holder('kak-kupit-kvartiru')).toBe('p1');
    // refused with its own address: the address stays its
    const sameAddress: PostSave = {
      ...refused,
      command: { type: 'Edit', moderatorId, details: { ...details, categoryId: null }, at },
    };
    await expect(runWorkflow(store, saveBlogEntry, 'w3', sameAddress)).rejects.toMatchObject({
      kind: 'INVALID_DATA',
    });
    expect(await holder('kak-kupit-kvartiru')).toBe('p1');
  });

  it('given a post, when it is deleted, then every address it had is free', async () => {
    await runWorkflow(store, saveBlogEntry, 'w1', create('p1'));
    await runWorkflow(store, saveBlogEntry, 'w2', {
      owner: { kind: 'post', id: 'p1' },
      command: { type: 'Delete', moderatorId },
      moderatorId,
    });
    expect(await holder('kak-kupit-kvartiru')).toBeNull();
    expect((await post('p1')).status).toBe('deleted');
  });

  const points = crashPoints(saveBlogEntry);

  describe.each(points.filter((p) => p.during === 'run').map((p) => [p.label, p] as const))(
    'a crash %s',
    (_label, point) => {
      it('leaves the address with the post or with nobody; the same id run again finishes exactly once', async () => {
        await expect(runWorkflow(store, point.workflow, 'w1', create('p1'))).rejects.toBeInstanceOf(
          InjectedCrash,
        );
        expect([null, 'p1']).toContain(await holder('kak-kupit-kvartiru'));
        expect(await resumeWorkflow(store, [saveBlogEntry as never], 'w1')).toBe('completed');
        expect(await holder('kak-kupit-kvartiru')).toBe('p1');
        expect((await store.readStream(postStream('p1'))).map((e) => e.type)).toEqual([
          'PostCreated',
          'PostPublished',
        ]);
        const head = await store.headPosition();
        await runWorkflow(store, saveBlogEntry, 'w1', create('p1'));
        expect(await store.headPosition()).toBe(head);
      });
    },
  );

  describe.each(points.filter((p) => p.during === 'undo').map((p) => [p.label, p] as const))(
    'a crash %s',
    (_label, point) => {
      it('after a refused save, the address is free once the run is finished', async () => {
        const refused: PostSave = {
          ...create('p1'),
          command: createCommand('p1', { ...details, categoryId: null }),
        };
        await expect(runWorkflow(store, point.workflow, 'w1', refused)).rejects.toBeInstanceOf(InjectedCrash);
        expect(await resumeWorkflow(store, [saveBlogEntry as never], 'w1')).toBe('compensated');
        expect(await holder('kak-kupit-kvartiru')).toBeNull();
        expect((await post('p1')).status).toBe('none');
      });
    },
  );
});
