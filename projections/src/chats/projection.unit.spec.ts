import type { DomainEvent } from '@estate/events';
import { project, storedEvents } from '../projectionSpec';
import { CHAT_AGENCIES, CHAT_PEOPLE, CHAT_THREAD, CHATS, chatsProjection } from './projection';

const listing = {
  title: '2-комн. квартира',
  image: '/storage/demo/1.svg',
  price: 9_500_000,
  roomCount: 2,
  totalArea: 54,
  dealCategory: 'sale',
  propertyType: 1,
};
const chat = 'chat-c1';
/** what the chat was started with: its list document keeps it as it was */
const started = {
  publicationId: 'p1',
  visitorId: 'visitor',
  authorId: 'author',
  agencyId: 'ag1',
  listing,
  bookingRequestId: null,
};
const message = (messageId: string, authorId: string | null, text = 'Здравствуйте'): DomainEvent => ({
  type: 'ChatMessagePosted',
  data: {
    chatId: 'c1',
    messageId,
    authorId,
    kind: 'text',
    text,
    bookingRequestId: null,
    replyMessageIds: [],
  },
});
const history = storedEvents([
  {
    streamId: 'user-visitor',
    event: {
      type: 'UserRegistered',
      data: { userId: 'visitor', name: 'Ольга', phone: '79990000100', email: null, role: 3, agencyId: null },
    },
  },
  {
    streamId: 'agency-ag1',
    event: { type: 'AgencyRegistered', data: { agencyId: 'ag1', name: 'Этажи Плюс', ownerId: 'owner' } },
  },
  {
    streamId: chat,
    event: {
      type: 'ChatStarted',
      data: { chatId: 'c1', ...started },
    },
  },
  { streamId: chat, event: message('m1', 'visitor') },
  { streamId: chat, event: message('m2', 'visitor', 'Квартира свободна?') },
  { streamId: chat, event: message('m3', 'author', 'Да, приходите') },
  {
    streamId: chat,
    event: { type: 'ChatMessagesRead', data: { chatId: 'c1', readerId: 'author', upToMessageId: 'm2' } },
  },
  {
    streamId: 'user-visitor',
    event: { type: 'UserNameChanged', data: { userId: 'visitor', name: 'Ольга Петрова' } },
  },
]);

describe('chats projection', () => {
  it('given a chat, messages of both sides and a read, then the list document with each side’s unread count', async () => {
    const store = await project([chatsProjection], history);
    expect(await store.collection(CHATS).findOne({ _id: 'c1' })).toEqual({
      _id: 'c1',
      revision: 4,
      ...started,
      startedAt: '2026-01-01T00:02:00.000Z',
      lastMessage: { id: 'm3', text: 'Да, приходите', at: '2026-01-01T00:05:00.000Z', authorId: 'author' },
      lastActivityAt: '2026-01-01T00:05:00.000Z',
      messageCount: 3,
      unread: { visitor: 1, author: 0 },
    });
    const thread = await store.collection(CHAT_THREAD).find({ chatId: 'c1' }, { sort: { seq: 1 } });
    expect(thread.map((m) => [m._id, m.seq, m.side, m.text])).toEqual([
      ['m1', 1, 'visitor', 'Здравствуйте'],
      ['m2', 2, 'visitor', 'Квартира свободна?'],
      ['m3', 3, 'author', 'Да, приходите'],
    ]);
    expect(await store.collection(CHAT_PEOPLE).findOne({ _id: 'visitor' })).toEqual({
      _id: 'visitor',
      name: 'Ольга Петрова',
      avatar: null,
      agencyId: null,
    });
    expect(await store.collection(CHAT_AGENCIES).findOne({ _id: 'ag1' })).toEqual({
      _id: 'ag1',
      name: 'Этажи Плюс',
    });
  });

  it('given the same events twice, then each message is counted once', async () => {
    const store = await project([chatsProjection], [...history, ...history]);
    const doc = await store.collection(CHATS).findOne({ _id: 'c1' });
    expect(doc).toMatchObject({ messageCount: 3, unread: { visitor: 1, author: 0 } });
    expect(await store.collection(CHAT_THREAD).countDocuments({ chatId: 'c1' })).toBe(3);
  });

  it('given a booking step on a chat that never began (recorded before chats), then it is kept in the thread, and no chat is listed', async () => {
    const store = await project(
      [chatsProjection],
      storedEvents([
        {
          streamId: 'chat-old',
          event: {
            ...message('b1', null),
            data: { ...message('b1', null).data, chatId: 'old' },
          } as DomainEvent,
        },
      ]),
    );
    expect(await store.collection(CHATS).countDocuments({})).toBe(0);
    expect(await store.collection(CHAT_THREAD).findOne({ _id: 'b1' })).toMatchObject({
      chatId: 'old',
      side: 'visitor',
    });
  });
});
