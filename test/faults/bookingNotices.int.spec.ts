import { bookingStream } from '../../services/src/bookings/booking';
import { chatStream } from '../../services/src/chats';
import { guestPagePath } from '../../services/src/bookings/guestLinks';
import type { TestApp } from '../support/server';
import { killedProcessSuite, leftBehind, runUntilKilled } from './killedProcess';

/**
 * Issue 13: a notification follows its fact even when the process dies between the two. A child
 * process records booking facts and is killed (SIGKILL) after the appends and before any reaction;
 * the process started again on the same data folder sends each SMS, e-mail and chat message
 * exactly once, and a further restart sends nothing more.
 */
const HOST_PHONE = '79550000888';
const HOST_EMAIL = 'host-fault@example.ru';
const GUEST_PHONE = '79160000888';
const GUEST_EMAIL = 'guest-fault@example.ru';

type Outcome = { requestId: string; guestKey: string };
type Recorded = { accepted: Outcome; rejected: Outcome; cancelled: Outcome };

describe('booking notifications across a killed process', () => {
  const suite = killedProcessSuite('estate-booking-fault-');
  const { sms, mail } = suite;

  it('sends each one exactly once after a kill between the appends and any reaction', async () => {
    const { recorded, signal } = await runUntilKilled<Recorded>(
      'test/faults/bookingAppendThenDie.ts',
      suite.dataDir,
      { HOST_PHONE, HOST_EMAIL, GUEST_PHONE, GUEST_EMAIL },
    );
    expect(signal).toBe('SIGKILL');
    const { accepted, rejected, cancelled } = recorded;

    const expectEachOnce = async (t: TestApp) => {
      expect(sms.textsTo(HOST_PHONE)).toHaveLength(3);
      expect(mail.subjectsTo(HOST_EMAIL)).toEqual(Array(3).fill('Новая заявка на бронирование'));
      const guest = sms.textsTo(GUEST_PHONE);
      for (const { requestId, guestKey } of [accepted, rejected, cancelled])
        expect(guest.filter((text) => text.includes(guestPagePath(requestId, guestKey)))).toHaveLength(1);
      expect(guest.filter((text) => /^Бронирование с .* подтверждено\.$/.test(text))).toHaveLength(1);
      expect(guest.filter((text) => text === 'К сожалению, заявка отклонена: Ремонт')).toHaveLength(1);
      expect(guest).toHaveLength(5);
      expect(mail.subjectsTo(GUEST_EMAIL)).toEqual([
        'Бронирование подтверждено',
        'Заявка на бронирование отклонена',
      ]);
      const chat = async (requestId: string) => {
        const [requested] = await t.ctx.eventStore.readStream(bookingStream(requestId));
        const stream = chatStream((requested.data as { chatId: string }).chatId);
        return (await t.ctx.eventStore.readStream(stream))
          .filter((e) => e.type === 'ChatMessagePosted')
          .map((e) => (e.data as { kind: string }).kind);
      };
      expect(await chat(accepted.requestId)).toEqual(['booking-sent', 'booking-accepted']);
      expect(await chat(rejected.requestId)).toEqual(['booking-sent', 'booking-rejected']);
      expect(await chat(cancelled.requestId)).toEqual(['booking-sent', 'booking-canceled']);
    };

    // the process died after the appends and before any reaction: no chat message, no SMS or e-mail queued
    const { types, queuedNotices } = await leftBehind(suite.dataDir);
    expect(types).toEqual(
      expect.arrayContaining(['BookingRequested', 'BookingAccepted', 'BookingCancelled']),
    );
    expect(types).not.toContain('ChatMessagePosted');
    expect(queuedNotices).toBe(0);
    await suite.restartAndCheck(expectEachOnce);
    // and a further restart sends nothing more
    await suite.restartAndCheck(expectEachOnce);
  });
});
