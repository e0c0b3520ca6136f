import { until } from '@estate/events/testing';
import request from 'supertest';
import { createAgency, createPublication } from '../../test/publications';
import { settled } from '../../test/settled';
import { signIn, startTestApp, type TestApp } from '../../test/testApp';
import { todayOf } from '../bookings';
import { CHAT_LIVE_TOPIC, type LivePush } from './live';
import { registerSiteUser } from '../../test/users';

/**
 * product.md section 3, Chat: the messages of a booking request carry focused, clientInfo,
 * dateInfo, guestsInfo, price and status (true on the one that matches the request's current
 * status), in `GET /api/chats/{id}/message-list`, for the guest and the host alike; a text
 * message carries none of them. The answers are also checked against their schema (core/route.ts).
 */
let t: TestApp;
let guest: string;
let agent: string;
const LISTING = 'chat-booking-flat';
const GUEST_PHONE = '79161240071';

const as = (token: string, r: request.Test) => r.set('Authorization', `Bearer ${token}`);
const messages = async (token: string, chatId: string) =>
  (await as(token, request(t.app).get(`/api/chats/${chatId}/message-list`)).expect(200)).body.data as {
    kind: string;
    focused: boolean | null;
    status: boolean | null;
    clientInfo: unknown;
    dateInfo: unknown;
    guestsInfo: unknown;
    price: number | null;
  }[];
const day = (offset: number) => todayOf(new Date(Date.now() + offset * 86_400_000));

beforeAll(async () => {
  t = await startTestApp({ seed: false });
  const agency = await createAgency(t.ctx, 'chat-booking', '62');
  await createPublication(t.ctx, agency.agent, {
    id: LISTING,
    deal: 'dailyRent',
    price: 4_000,
    guests: 4,
    publishedDaysAgo: 5,
  });
  await registerSiteUser(t.ctx, {
    userId: 'chat-booking-guest',
    name: 'Ольга',
    phone: GUEST_PHONE,
    email: 'olga@example.ru',
  });
  await t.ctx.projections.whenCaughtUp();
  guest = await signIn(t, GUEST_PHONE);
  agent = await signIn(t, agency.agentPhone);
});
afterAll(() => t.close());

it("a booking's messages tell its request: the guest, the dates, the guests, the price, which one is current", async () => {
  // the guest asks for 3 nights (her own phone: no SMS code), the host accepts
  const sent = await as(
    guest,
    request(t.app)
      .post(`/api/booking/daily-rent/${LISTING}`)
      .send({
        name: 'Ольга',
        phone: GUEST_PHONE,
        email: 'olga@example.ru',
        startDate: day(10),
        endDate: day(13),
        adultCount: 2,
        childCount: 1,
        'g-recaptcha-response': 'test',
      }),
  ).expect(201);
  const { id: requestId, chatId } = sent.body.data as { id: string; chatId: string };
  await settled(t);
  const [asked] = await messages(guest, chatId);
  expect(asked).toMatchObject({ kind: 'booking-sent', focused: true, status: true });
  // the sockets' push of that message (chats/live.ts) tells the request as the page does
  const pushes: LivePush[] = [];
  const listening = await t.ctx.bus.subscribe(`booking-push-${chatId}`, CHAT_LIVE_TOPIC, (batch) => {
    for (const { value } of batch) if ((value as LivePush).chatId === chatId) pushes.push(value as LivePush);
  });
  await until(() => pushes.some((p) => p.event.type === 'message'));
  await listening.stop();
  const pushed = pushes.find((p) => p.event.type === 'message')!.event;
  expect(asked.price).toBe(12_000);
  expect(pushed).toEqual({
    type: 'message',
    message: expect.objectContaining({
      kind: 'booking-sent',
      focused: true,
      status: true,
      clientInfo: asked.clientInfo,
      dateInfo: asked.dateInfo,
      guestsInfo: asked.guestsInfo,
      price: asked.price,
    }),
  });

  await as(agent, request(t.app).post(`/api/booking/daily-rent/${LISTING}/${requestId}/accept`)).expect(200);
  await settled(t);
  await as(guest, request(t.app).post('/api/chats/send-message'))
    .send({ adId: LISTING, chatId, text: 'Спасибо, до встречи!' })
    .expect(201);
  await t.ctx.projections.whenCaughtUp();

  const request3Nights = {
    clientInfo: { name: 'Ольга', phone: GUEST_PHONE, email: 'olga@example.ru' },
    dateInfo: { startDate: day(10), endDate: day(13), nightsCount: 3 },
    guestsInfo: { adultCount: 2, childCount: 1, allGuestsCount: 3 },
    price: 12_000,
  };
  for (const token of [guest, agent]) {
    const [first, accepted, text] = await messages(token, chatId);
    // the request's first message is history now: the acceptance is the current one
    expect(first).toEqual(
      expect.objectContaining({ kind: 'booking-sent', focused: false, status: false, ...request3Nights }),
    );
    expect(accepted).toEqual(
      expect.objectContaining({ kind: 'booking-accepted', focused: true, status: true, ...request3Nights }),
    );
    expect(text).toEqual(
      expect.objectContaining({
        kind: 'text',
        focused: null,
        status: null,
        clientInfo: null,
        dateInfo: null,
        guestsInfo: null,
        price: null,
      }),
    );
  }
});
