import { deciderSpec } from '../core/deciderSpec';
import { chatDecider, chatIdOf, type ChatCommand, type ChatStart } from './chat';
import type { EventOf } from '@estate/events';

/**
 * A chat (`chat-<id>`): the first message begins it with its two members; only they write; a
 * reply names messages of the same chat; the same message id twice posts once; reading records the
 * other member's newest message, once.
 */
const given = deciderSpec(chatDecider);
const chatId = chatIdOf('p1', 'visitor');
const start: ChatStart = {
  chatId,
  publicationId: 'p1',
  visitorId: 'visitor',
  authorId: 'author',
  agencyId: 'ag1',
  listing: {
    title: '2-комн. квартира',
    image: null,
    price: 9_500_000,
    roomCount: 2,
    totalArea: 54,
    dealCategory: 'sale',
    propertyType: 1,
  },
  bookingRequestId: null,
};
const send = (
  messageId: string,
  authorId: string,
  replyMessageIds: string[] = [],
  first = false,
): ChatCommand => ({
  type: 'SendMessage',
  chatId,
  messageId,
  authorId,
  text: 'Здравствуйте',
  replyMessageIds,
  start: first ? start : null,
});
const started: EventOf<'ChatStarted'> = { type: 'ChatStarted', data: start };
const posted = (
  messageId: string,
  authorId: string,
  replyMessageIds: string[] = [],
): EventOf<'ChatMessagePosted'> => ({
  type: 'ChatMessagePosted',
  data: {
    chatId,
    messageId,
    authorId,
    kind: 'text',
    text: 'Здравствуйте',
    bookingRequestId: null,
    replyMessageIds,
  },
});
const read = (readerId: string, upToMessageId: string): EventOf<'ChatMessagesRead'> => ({
  type: 'ChatMessagesRead',
  data: { chatId, readerId, upToMessageId },
});

describe('one chat per visitor and listing', () => {
  it('derives the same id for the same pair and another for another visitor', () => {
    expect(chatIdOf('p1', 'visitor')).toBe(chatId);
    expect(chatIdOf('p1', 'other')).not.toBe(chatId);
    expect(chatId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});

describe('sending a message', () => {
  it('begins the chat with the first message, in the same append', () => {
    given([])
      .when(send('m1', 'visitor', [], true))
      .then([started, posted('m1', 'visitor')]);
  });

  it('a second "first" message joins the chat the first one began', () => {
    given([started, posted('m1', 'visitor')])
      .when(send('m2', 'visitor', [], true))
      .then([posted('m2', 'visitor')]);
  });

  it('lets the author answer, naming a message of the chat', () => {
    given([started, posted('m1', 'visitor')])
      .when(send('m2', 'author', ['m1', 'm1']))
      .then([posted('m2', 'author', ['m1'])]);
  });

  it('posts the same message id once (a retried request)', () => {
    given([started, posted('m1', 'visitor')])
      .when(send('m1', 'visitor'))
      .then([]);
  });

  it('refuses an outsider as if the chat did not exist', () => {
    given([started]).when(send('m1', 'stranger')).thenThrows('NOT_FOUND');
  });

  it('refuses a chat that never began', () => {
    given([]).when(send('m1', 'visitor')).thenThrows('NOT_FOUND');
  });

  it('refuses a reply to a message of another chat', () => {
    given([started, posted('m1', 'visitor')])
      .when(send('m2', 'author', ['elsewhere']))
      .thenThrows('INVALID_DATA');
  });
});

describe('a booking step on the chat', () => {
  // the message the step posts, as the command gives it and the event records it
  const message = {
    chatId,
    messageId: 'b1',
    authorId: 'visitor',
    kind: 'booking-sent',
    text: 'Заявка на бронирование',
    bookingRequestId: 'r1',
  } as const;
  const step: ChatCommand = {
    type: 'PostBookingMessage',
    ...message,
    start: { ...start, bookingRequestId: 'r1' },
  };
  const stepPosted: EventOf<'ChatMessagePosted'> = {
    type: 'ChatMessagePosted',
    data: { ...message, replyMessageIds: [] },
  };

  it('begins the chat when the visitor has none about the listing', () => {
    given([])
      .when(step)
      .then([{ type: 'ChatStarted', data: { ...start, bookingRequestId: 'r1' } }, stepPosted]);
  });

  it('joins the chat the visitor began, and posts a redelivered step once', () => {
    given([started, posted('m1', 'visitor')])
      .when(step)
      .then([stepPosted]);
    given([started, stepPosted]).when(step).then([]);
  });
});

describe('reading', () => {
  it('records the other member’s newest message, once', () => {
    const history = [started, posted('m1', 'visitor'), posted('m2', 'visitor'), posted('m3', 'author')];
    given(history)
      .when({ type: 'ReadMessages', chatId, readerId: 'author' })
      .then([read('author', 'm2')]);
    given([...history, read('author', 'm2')])
      .when({ type: 'ReadMessages', chatId, readerId: 'author' })
      .then([]);
    given(history)
      .when({ type: 'ReadMessages', chatId, readerId: 'visitor' })
      .then([read('visitor', 'm3')]);
  });

  it('refuses an outsider', () => {
    given([started, posted('m1', 'visitor')])
      .when({ type: 'ReadMessages', chatId, readerId: 'stranger' })
      .thenThrows('NOT_FOUND');
  });
});
