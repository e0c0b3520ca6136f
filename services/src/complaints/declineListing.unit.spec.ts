import { whenever } from '@estate/events/testing';
import { MODERATOR_ROLE, PUBLICATION_STATUS, ROLES, type SqliteEventStore } from '@estate/events';
import { createPublication } from '../../test/publications';
import type { Actor } from '../core/access';
import { freshEventStoreForEachTest, workflowContext } from '../../test/eventStore';
import { fold } from '../core/decider';
import { resumeWorkflow, runWorkflow } from '../core/workflow';
import { crashPoints, InjectedCrash } from '../core/workflowSpec';
import { publicationDecider, publicationStream, handlePublication } from '../publications';
import { complaintDecider, complaintStream, type ComplaintHandler, handleComplaint } from './complaint';
import { declineListing, type DeclineListingInput } from './declineListing';

/**
 * A complaint upheld and its listing declined, across the complaint's and the listing's streams:
 * outcomes Given / When / Then, and a crash at every point. The rule the state must keep: a
 * complaint is upheld only with its listing declined, once the workflow has finished (or undone).
 */
const agent: Actor = { userId: 'agent-cl', role: ROLES.AGENT, agencyId: 'agency-cl' };
const moderator: ComplaintHandler = { userId: 'mod-anna', name: 'Анна', role: MODERATOR_ROLE };
const REASON = 'Фотографии не соответствуют объекту';

let store: SqliteEventStore;
freshEventStoreForEachTest('decline-listing', (opened) => (store = opened));

const ctx = () => workflowContext(store, '2026-05-13T07:00:00.000Z');

async function file(complaintId: string) {
  await handleComplaint(store, complaintId, {
    type: 'FileComplaint',
    complaint: {
      complaintId,
      publicationId: 'flat',
      listing: { title: 'Объявление flat', agencyId: 'agency-cl', authorId: agent.userId },
      phone: '79161234567',
      email: 'visitor@example.ru',
      comment: 'Фотографии не этой квартиры',
      userId: null,
    },
  });
}

/** a published listing with complaints c1 (the one decided), c2 (open) and c3 (dismissed already) */
async function given(listing: 'published' | 'archived' = 'published') {
  await createPublication(ctx(), agent, { id: 'flat', price: 9_000_000, publishedDaysAgo: 3 });
  if (listing === 'archived')
    await handlePublication(store, 'flat', {
      type: 'ArchivePublication',
      actor: agent,
    });
  for (const id of ['c1', 'c2', 'c3']) await file(id);
  await handleComplaint(store, 'c3', {
    type: 'DismissComplaint',
    complaintId: 'c3',
    reason: null,
    by: moderator,
  });
}

const input: DeclineListingInput = {
  complaintId: 'c1',
  publicationId: 'flat',
  reason: REASON,
  moderator,
  others: ['c2', 'c3'],
};
const types = async (stream: string) => (await store.readStream(stream)).map((e) => e.type);
const complaintOf = async (id: string) => fold(complaintDecider, await store.readStream(complaintStream(id)));
const listingOf = async () => fold(publicationDecider, await store.readStream(publicationStream('flat')));
const statusOf = async () => {
  const listing = await listingOf();
  return listing.exists ? listing.status : null;
};

/** no complaint stands upheld unless its listing is declined */
async function expectAllowedState() {
  const upheld =
    (await complaintOf('c1')).status === 'upheld' || (await complaintOf('c2')).status === 'upheld';
  expect(whenever(upheld, await statusOf(), PUBLICATION_STATUS.DECLINED)).toBe(PUBLICATION_STATUS.DECLINED);
}

describe('declining a listing on a complaint', () => {
  it('upholds the complaint, declines the listing with the reason and upholds its other open complaints', async () => {
    await given();
    expect(await runWorkflow(store, declineListing, 'w1', input)).toEqual({ complaintId: 'c1' });
    expect(await statusOf()).toBe(PUBLICATION_STATUS.DECLINED);
    const [declined] = (await store.readStream(publicationStream('flat'))).filter(
      (e) => e.type === 'PublicationDeclined',
    );
    expect(declined.data).toEqual({ publicationId: 'flat', reason: REASON, moderatorId: 'mod-anna' });
    expect(await complaintOf('c1')).toMatchObject({ status: 'upheld', resolutionId: 'w1' });
    expect(await complaintOf('c2')).toMatchObject({ status: 'upheld', resolutionId: 'w1' });
    expect((await complaintOf('c3')).status).toBe('dismissed');
  });

  it('run again with the same id, changes nothing', async () => {
    await given();
    await runWorkflow(store, declineListing, 'w1', input);
    await runWorkflow(store, declineListing, 'w1', input);
    expect((await types(publicationStream('flat'))).filter((t) => t === 'PublicationDeclined')).toHaveLength(
      1,
    );
    expect(await types(complaintStream('c1'))).toEqual(['ComplaintFiled', 'ComplaintUpheld']);
  });

  it('a listing that cannot be declined (hidden meanwhile) leaves the complaint open, with the refusal', async () => {
    await given('archived');
    await expect(runWorkflow(store, declineListing, 'w1', input)).rejects.toMatchObject({
      kind: 'ACTION_NOT_ALLOWED',
    });
    expect(await statusOf()).toBe(PUBLICATION_STATUS.ARCHIVED);
    expect(await types(complaintStream('c1'))).toEqual([
      'ComplaintFiled',
      'ComplaintUpheld',
      'ComplaintReopened',
    ]);
    expect((await complaintOf('c1')).status).toBe('open');
    expect((await complaintOf('c2')).status).toBe('open');
  });

  it('a complaint decided meanwhile is refused before the listing is touched', async () => {
    await given();
    await expect(
      runWorkflow(store, declineListing, 'w1', { ...input, complaintId: 'c3', others: ['c1', 'c2'] }),
    ).rejects.toMatchObject({ kind: 'ACTION_NOT_ALLOWED' });
    expect(await statusOf()).toBe(PUBLICATION_STATUS.PUBLISHED);
  });

  describe.each(
    crashPoints(declineListing)
      .filter((p) => p.during === 'run')
      .map((p) => [p.label, p] as const),
  )('%s', (_label, point) => {
    it('leaves an allowed state, and a resume declines the listing exactly once', async () => {
      await given();
      await expect(runWorkflow(store, point.workflow, 'w1', input)).rejects.toBeInstanceOf(InjectedCrash);
      expect(await resumeWorkflow(store, [declineListing as never], 'w1')).toBe('completed');
      await expectAllowedState();
      expect(
        (await types(publicationStream('flat'))).filter((t) => t === 'PublicationDeclined'),
      ).toHaveLength(1);
      expect(await types(complaintStream('c1'))).toEqual(['ComplaintFiled', 'ComplaintUpheld']);
      expect((await complaintOf('c2')).status).toBe('upheld');
    });
  });

  describe.each(
    crashPoints(declineListing)
      .filter((p) => p.during === 'undo')
      .map((p) => [p.label, p] as const),
  )('%s', (_label, point) => {
    it('leaves an allowed state, and a resume finishes opening the complaint again', async () => {
      await given('archived');
      await expect(runWorkflow(store, point.workflow, 'w1', input)).rejects.toBeInstanceOf(InjectedCrash);
      expect(await resumeWorkflow(store, [declineListing as never], 'w1')).toBe('compensated');
      await expectAllowedState();
      expect((await complaintOf('c1')).status).toBe('open');
      expect(await statusOf()).toBe(PUBLICATION_STATUS.ARCHIVED);
    });
  });
});
