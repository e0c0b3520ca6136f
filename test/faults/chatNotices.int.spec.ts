import { killedProcessSuite, leftBehind, runUntilKilled } from './killedProcess';

/**
 * Issue 15, item 4: the absent member's notice follows the message even when the process dies
 * between the two. A child process records a visitor's first message and is killed (SIGKILL) after
 * the append and before any reaction; the process started again on the same data folder tells the
 * listing's author once by SMS and e-mail, and a further restart tells nothing more.
 */
const HOST_PHONE = '79550000899';
const HOST_EMAIL = 'host-chatfault@example.ru';
const VISITOR_PHONE = '79160000899';

describe('a chat notice across a killed process', () => {
  const suite = killedProcessSuite('estate-chat-fault-');
  const { sms, mail } = suite;

  it('tells the absent author exactly once after a kill between the append and any reaction', async () => {
    const { recorded, signal } = await runUntilKilled<{ chatId: string }>(
      'test/faults/chatAppendThenDie.ts',
      suite.dataDir,
      { HOST_PHONE, HOST_EMAIL, VISITOR_PHONE },
    );
    const { chatId } = recorded;
    expect(signal).toBe('SIGKILL');

    // the process died after the append and before any reaction: nothing queued
    const { types, queuedNotices } = await leftBehind(suite.dataDir);
    expect(types).toEqual(expect.arrayContaining(['ChatStarted', 'ChatMessagePosted']));
    expect(queuedNotices).toBe(0);

    const expectOnce = () => {
      const texts = sms.textsTo(HOST_PHONE).filter((t) => t.startsWith('Новое сообщение'));
      expect(texts).toHaveLength(1);
      expect(texts[0]).toContain(`/chat?chatId=${chatId}`);
      expect(mail.subjectsTo(HOST_EMAIL)).toEqual(['Новое сообщение об объявлении «Объявление loft»']);
    };
    await suite.restartAndCheck(expectOnce);
    // and a further restart tells nothing more
    await suite.restartAndCheck(expectOnce);
  }, 60_000);
});
