import type { DomainEvent, PublicationDetails } from '@estate/events';
import { project, storedEvents } from '../projectionSpec';
import {
  MODERATION_HISTORY,
  MODERATION_LISTINGS,
  moderationProjection,
  type ModerationHistoryDocument,
  type ModerationListingDocument,
} from './projection';

/** Given the listings', complaints' and realtor requests' events / Then the queue and the histories. */
const details = { title: 'Двухкомнатная квартира' } as PublicationDetails;
const p = 'publication-p1';
const c = 'complaint-c1';
const events: { streamId: string; event: DomainEvent }[] = [
  {
    streamId: p,
    event: {
      type: 'PublicationCreated',
      data: { publicationId: 'p1', agencyId: 'a1', authorId: 'agent', details },
    },
  },
  { streamId: p, event: { type: 'PublicationPublished', data: { publicationId: 'p1' } } },
  {
    streamId: c,
    event: {
      type: 'ComplaintFiled',
      data: {
        complaintId: 'c1',
        publicationId: 'p1',
        listing: { title: 'Двухкомнатная квартира', agencyId: 'a1', authorId: 'agent' },
        phone: '79161234567',
        email: 'v@example.ru',
        comment: 'Квартира уже продана',
        userId: null,
      },
    },
  },
  {
    streamId: c,
    event: {
      type: 'ComplaintUpheld',
      data: {
        complaintId: 'c1',
        publicationId: 'p1',
        reason: 'Продана',
        resolutionId: 'r1',
        moderatorId: 'mod',
        moderatorName: 'Анна',
      },
    },
  },
  {
    streamId: p,
    event: {
      type: 'PublicationDeclined',
      data: { publicationId: 'p1', reason: 'Продана', moderatorId: 'mod' },
    },
  },
  {
    streamId: p,
    event: { type: 'PublicationRestored', data: { publicationId: 'p1', moderatorId: 'mod', status: 1 } },
  },
  {
    streamId: 'realtor-request-u1',
    event: {
      type: 'RealtorRequestRejected',
      data: { userId: 'u1', moderatorId: 'mod', reason: 'Нет ИНН' },
    },
  },
];
const history = storedEvents(events);

describe('the moderation read model', () => {
  it('keeps a listing’s moderation steps in order, with who did them and why', async () => {
    const store = await project([moderationProjection], history);
    const steps = await store
      .collection<ModerationHistoryDocument>(MODERATION_HISTORY)
      .find({ subject: 'publication', subjectId: 'p1' }, { sort: { position: 1 } });
    expect(steps.map((s) => [s.action, s.actorId, s.actorName, s.text])).toEqual([
      ['published', null, null, null],
      ['complaint-filed', null, null, 'Квартира уже продана'],
      ['complaint-upheld', 'mod', 'Анна', 'Продана'],
      ['declined', 'mod', null, 'Продана'],
      ['restored', 'mod', null, null],
    ]);
    const request = await store
      .collection<ModerationHistoryDocument>(MODERATION_HISTORY)
      .find({ subject: 'realtor-request', subjectId: 'u1' });
    expect(request.map((s) => [s.action, s.text])).toEqual([['rejected', 'Нет ИНН']]);
  });

  it('puts a published listing in the queue until a moderator checks it; an edit puts it back', async () => {
    const published = storedEvents(events.slice(0, 2));
    let store = await project([moderationProjection], published);
    const listings = () => store.collection<ModerationListingDocument>(MODERATION_LISTINGS);
    expect(await listings().findOne({ _id: 'p1' })).toMatchObject({
      title: 'Двухкомнатная квартира',
      status: 1,
      awaiting: true,
      changedAt: published[1].occurredAt,
    });
    const checked = storedEvents([
      ...events.slice(0, 2),
      {
        streamId: p,
        event: { type: 'PublicationChecked', data: { publicationId: 'p1', moderatorId: 'mod' } },
      },
    ]);
    store = await project([moderationProjection], checked);
    expect(await listings().findOne({ _id: 'p1' })).toMatchObject({ awaiting: false, checkedBy: 'mod' });
    const edited = storedEvents([
      ...events.slice(0, 2),
      {
        streamId: p,
        event: { type: 'PublicationChecked', data: { publicationId: 'p1', moderatorId: 'mod' } },
      },
      {
        streamId: p,
        event: {
          type: 'PublicationEdited',
          data: { publicationId: 'p1', details: { ...details, title: 'Новая' } },
        },
      },
    ]);
    store = await project([moderationProjection], edited);
    expect(await listings().findOne({ _id: 'p1' })).toMatchObject({ title: 'Новая', awaiting: true });
  });

  it('a declined listing leaves the queue and a restored one is back in its status, checked', async () => {
    const store = await project([moderationProjection], history);
    expect(
      await store.collection<ModerationListingDocument>(MODERATION_LISTINGS).findOne({ _id: 'p1' }),
    ).toMatchObject({ status: 1, awaiting: false, declineReason: null, checkedBy: 'mod' });
  });

  it('applies each event once: the same history again changes nothing', async () => {
    const once = await project([moderationProjection], history);
    const twice = await project(
      [moderationProjection],
      history,
      await project([moderationProjection], history),
    );
    for (const name of [MODERATION_HISTORY, MODERATION_LISTINGS])
      expect(await twice.collection(name).find({})).toEqual(await once.collection(name).find({}));
  });
});
