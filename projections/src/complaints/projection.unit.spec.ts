import type { DomainEvent, EventData } from '@estate/events';
import { appliedOnceAndTwice, project, storedEvents } from '../projectionSpec';
import {
  COMPLAINT_LISTINGS,
  COMPLAINTS,
  complaintsProjection,
  type ComplaintDocument,
  type ComplaintListingDocument,
} from './projection';

const filed = (complaintId: string, publicationId: string, comment: string): DomainEvent => ({
  type: 'ComplaintFiled',
  data: {
    complaintId,
    publicationId,
    listing: { title: `Квартира ${publicationId}`, agencyId: 'ag1', authorId: 'agent' },
    phone: '79161234567',
    email: 'visitor@example.ru',
    comment,
    userId: null,
  } satisfies EventData<'ComplaintFiled'>,
});
const anna = { moderatorId: 'mod-anna', moderatorName: 'Анна' };
const history = storedEvents([
  { streamId: 'complaint-c1', event: filed('c1', 'p1', 'Фотографии не этой квартиры') },
  { streamId: 'complaint-c2', event: filed('c2', 'p1', 'Цена не та, что по телефону') },
  { streamId: 'complaint-c3', event: filed('c3', 'p2', 'Квартира уже продана') },
  {
    streamId: 'complaint-c3',
    event: {
      type: 'ComplaintDismissed',
      data: { complaintId: 'c3', publicationId: 'p2', reason: null, ...anna },
    },
  },
  {
    streamId: 'complaint-c1',
    event: {
      type: 'ComplaintUpheld',
      data: {
        complaintId: 'c1',
        publicationId: 'p1',
        reason: 'Фото не соответствуют',
        resolutionId: 'w1',
        ...anna,
      },
    },
  },
]);

describe('complaints read model', () => {
  it('keeps each complaint with its status, who decided and why, and its history', async () => {
    const store = await project([complaintsProjection], history);
    const complaints = store.collection<ComplaintDocument>(COMPLAINTS);
    expect(await complaints.findOne({ _id: 'c1' })).toMatchObject({
      publicationId: 'p1',
      status: 'upheld',
      reason: 'Фото не соответствуют',
      resolvedBy: { id: 'mod-anna', name: 'Анна' },
      history: [
        { action: 'filed', moderator: null, text: null },
        { action: 'upheld', moderator: { id: 'mod-anna', name: 'Анна' }, text: 'Фото не соответствуют' },
      ],
    });
    expect(await complaints.findOne({ _id: 'c3' })).toMatchObject({ status: 'dismissed', reason: null });
    expect(await complaints.findOne({ _id: 'c2' })).toMatchObject({ status: 'open', resolvedBy: null });
  });

  it('counts each listing’s complaints, the open ones, and names the last', async () => {
    const store = await project([complaintsProjection], history);
    const listings = store.collection<ComplaintListingDocument>(COMPLAINT_LISTINGS);
    expect(await listings.findOne({ _id: 'p1' })).toMatchObject({
      title: 'Квартира p1',
      complaintsCount: 2,
      openCount: 1,
      hasOpen: true,
      lastComplaintId: 'c2',
      lastComment: 'Цена не та, что по телефону',
      lastComplaintAt: history[1].occurredAt,
    });
    expect(await listings.findOne({ _id: 'p2' })).toMatchObject({
      complaintsCount: 1,
      openCount: 0,
      hasOpen: false,
    });
  });

  it('an upholding taken back opens the complaint again', async () => {
    const reopened = storedEvents([
      { streamId: 'complaint-c1', event: filed('c1', 'p1', 'Фотографии не этой квартиры') },
      {
        streamId: 'complaint-c1',
        event: {
          type: 'ComplaintUpheld',
          data: { complaintId: 'c1', publicationId: 'p1', reason: 'Фото не те', resolutionId: 'w1', ...anna },
        },
      },
      {
        streamId: 'complaint-c1',
        event: {
          type: 'ComplaintReopened',
          data: { complaintId: 'c1', publicationId: 'p1', resolutionId: 'w1', ...anna },
        },
      },
    ]);
    const store = await project([complaintsProjection], reopened);
    const doc = await store.collection<ComplaintDocument>(COMPLAINTS).findOne({ _id: 'c1' });
    expect(doc).toMatchObject({ status: 'open', resolvedBy: null, reason: null });
    expect(doc!.history.map((h) => h.action)).toEqual(['filed', 'upheld', 'reopened']);
    expect(await store.collection(COMPLAINT_LISTINGS).findOne({ _id: 'p1' })).toMatchObject({ openCount: 1 });
  });

  it('applies each event once: the same history again changes nothing', async () => {
    const { once, twice } = await appliedOnceAndTwice([complaintsProjection], history, [
      COMPLAINTS,
      COMPLAINT_LISTINGS,
    ]);
    expect(twice).toEqual(once);
  });
});
