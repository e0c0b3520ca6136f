import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLES, upcast } from '@estate/events';
import { closeContext } from '../bootstrap';
import { SqliteCheckpointStore } from '../core/reactors/checkpoints';
import type { ReactorEvent, ReactorRunner } from '../core/reactors/reactor';
import { registerUser } from '../identity';
import { createAgency, createPublication } from '../../test/publications';
import { settled } from '../../test/settled';
import { startTestApp, type TestApp } from '../../test/testApp';
import { acceptBooking } from './acceptBooking';
import { bookingStream } from './booking';
import { cancelBookingByLink } from './cancelBooking';
import { chatStream } from '../chats';
import { rejectBooking } from './commands';
import { todayOf } from './dates';
import { guestPagePath } from './guestLinks';
import { BOOKING_CHAT_REACTOR, BOOKING_NOTICES_REACTOR } from './reactors';
import { requestBooking, type BookingInput } from './requestBooking';
import { RecordingSms, RecordingMail } from '../../test/recordingProviders';

const SECRET = 'the-same-server-secret-in-every-process-0123456789';
const HOST_PHONE = '79550000777';
const HOST_EMAIL = 'host@example.ru';
const GUEST_PHONE = '79160000777';
const GUEST_EMAIL = 'guest@example.ru';
const day = (offset: number) => todayOf(new Date(Date.now() + offset * 86_400_000));
const asking = (from: number, to: number): BookingInput => ({
  name: 'Ольга',
  phone: GUEST_PHONE,
  email: GUEST_EMAIL,
  startDate: day(from),
  endDate: day(to),
  adultCount: 2,
  childCount: 0,
});

describe('what follows the booking facts', () => {
  let dataDir: string;
  const sms = new RecordingSms();
  const mail = new RecordingMail();
  const start = () =>
    startTestApp({ dataDir, seed: false, env: { VISITOR_SECRET: SECRET }, overrides: { sms, mail } });
  /** the host: the listing's agent, with an e-mail address */
  const host = { userId: 'host-1', role: ROLES.AGENT, agencyId: 'agency-notices' };
  const chatOf = async (t: TestApp, requestId: string) => {
    const [requested] = await t.ctx.eventStore.readStream(bookingStream(requestId));
    const chatId = (requested.data as { chatId: string }).chatId;
    // the messages: the chat's start (its first event, once) carries none
    return (await t.ctx.eventStore.readStream(chatStream(chatId)))
      .filter((e) => e.type === 'ChatMessagePosted')
      .map((e) => (e.data as { kind: string; text: string }).kind);
  };

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'estate-booking-reactors-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('tells the host and the guest once per fact, posts one chat message per fact, and a redelivered fact sends nothing twice', async () => {
    const t = await start();
    await createAgency(t.ctx, 'notices', '77');
    await registerUser(t.ctx, {
      type: 'RegisterUser',
      userId: host.userId,
      name: 'Анна',
      phone: HOST_PHONE,
      email: HOST_EMAIL,
      role: ROLES.AGENT,
      agencyId: host.agencyId,
    });
    await createPublication(t.ctx, host, {
      id: 'sea',
      deal: 'dailyRent',
      price: 3_000,
      guests: 4,
      publishedDaysAgo: 5,
    });
    // a guest without an account: the link to the request's page comes by SMS
    const accepted = await requestBooking(t.ctx, null, 'sea', asking(10, 12));
    await acceptBooking(t.ctx, host, 'sea', accepted.requestId);
    const rejected = await requestBooking(t.ctx, null, 'sea', asking(20, 21));
    await rejectBooking(t.ctx, host, rejected.requestId, 'Ремонт');
    const cancelled = await requestBooking(t.ctx, null, 'sea', asking(30, 31));
    await cancelBookingByLink(t.ctx, cancelled.requestId, cancelled.guestKey!, 'Поменялись планы');
    await settled(t);

    const host3 = sms.textsTo(HOST_PHONE);
    expect(host3).toHaveLength(3);
    expect(host3.every((text) => text.startsWith('Новая заявка на «Объявление sea» с '))).toBe(true);
    expect(mail.subjectsTo(HOST_EMAIL)).toEqual(Array(3).fill('Новая заявка на бронирование'));
    const guestSms = sms.textsTo(GUEST_PHONE);
    for (const { requestId, guestKey } of [accepted, rejected, cancelled])
      expect(guestSms.filter((text) => text.includes(guestPagePath(requestId, guestKey!)))).toHaveLength(1);
    expect(guestSms.filter((text) => /^Бронирование с .* подтверждено\.$/.test(text))).toHaveLength(1);
    expect(guestSms.filter((text) => text === 'К сожалению, заявка отклонена: Ремонт')).toHaveLength(1);
    expect(guestSms).toHaveLength(5);
    expect(mail.subjectsTo(GUEST_EMAIL)).toEqual([
      'Бронирование подтверждено',
      'Заявка на бронирование отклонена',
    ]);
    expect(await chatOf(t, accepted.requestId)).toEqual(['booking-sent', 'booking-accepted']);
    expect(await chatOf(t, rejected.requestId)).toEqual(['booking-sent', 'booking-rejected']);
    expect(await chatOf(t, cancelled.requestId)).toEqual(['booking-sent', 'booking-canceled']);

    // every fact delivered again, to each reactor: nothing more is queued, sent or posted
    const runner = t.ctx.reactors as ReactorRunner;
    const sentBefore = sms.sent.length + mail.sent.length;
    const headBefore = await t.ctx.eventStore.headPosition();
    for (const { requestId } of [accepted, rejected, cancelled])
      for (const stored of await t.ctx.eventStore.readStream(bookingStream(requestId)))
        for (const reactor of runner.reactors.filter((r) => r.handles.includes(stored.type as never)))
          await reactor.react({
            ...stored,
            data: upcast(stored.type, stored.schemaVersion, stored.data),
          } as ReactorEvent<never>);
    await settled(t);
    expect(sms.sent.length + mail.sent.length).toBe(sentBefore);
    expect(await t.ctx.eventStore.headPosition()).toBe(headBefore);
    await closeContext(t.ctx);
  });

  it('delivered again from older checkpoints after a restart (a crash before the checkpoint was saved), sends nothing twice', async () => {
    const checkpoints = new SqliteCheckpointStore(join(dataDir, 'reactors.sqlite'));
    for (const reactor of [BOOKING_CHAT_REACTOR, BOOKING_NOTICES_REACTOR]) await checkpoints.set(reactor, 0);
    await checkpoints.close();
    const sentBefore = sms.sent.length + mail.sent.length;
    const t = await start();
    const headBefore = await t.ctx.eventStore.headPosition();
    await settled(t);
    expect(sms.sent.length + mail.sent.length).toBe(sentBefore);
    expect(await t.ctx.eventStore.headPosition()).toBe(headBefore);
    await closeContext(t.ctx);
  });
});
