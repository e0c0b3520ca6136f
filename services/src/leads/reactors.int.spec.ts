import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MODERATOR_ROLE, type EventData } from '@estate/events';
import { until } from '@estate/events/testing';
import { closeContext } from '../bootstrap';
import { DEMO_CORRELATION } from '../core/demo';
import { SqliteCheckpointStore } from '../core/reactors/checkpoints';
import type { ReactorRunner } from '../core/reactors/reactor';
import { changeUser } from '../identity';
import { RecordingMail, RecordingSms } from '../../test/recordingProviders';
import { settled } from '../../test/settled';
import { startTestApp, type TestApp } from '../../test/testApp';
import { type LeadCommand, handleLead } from './lead';
import { LEAD_ANSWER_REACTOR } from './reactors';
import { registerSiteUser } from '../../test/users';

/**
 * A moderator's answer reaches the person (reactor `leads-answer`): an SMS to the lead's phone and
 * a letter to the account whose phone it is, as its switches allow; once per event, whatever is
 * delivered again; never for the demo.
 */
const PHONE = '79163330001';
const ADDRESS = 'lead-answer@example.ru';
const moderator = { userId: 'mod-1', name: 'Модератор Анна', role: MODERATOR_ROLE };
const lead = (leadId: string, phone = PHONE): EventData<'LeadReceived'> => ({
  leadId,
  kind: 'credit',
  name: 'Ирина',
  phone,
  text: 'Хочу ипотеку',
  titlePage: 'Ипотека',
  campaignLabel: null,
  selection: null,
  valuation: null,
  userId: null,
  phoneConfirmedBy: 'sms',
});

describe('a lead’s answer is told to the person', () => {
  let dataDir: string;
  const mail = new RecordingMail();
  const sms = new RecordingSms();
  /** the person's letters (the inbox gets its own of each new lead) */
  const letters = () => mail.sent.filter((m) => m.to === ADDRESS);
  const start = () => startTestApp({ dataDir, seed: false, overrides: { mail, sms } });
  const run = (t: TestApp, leadId: string, command: LeadCommand, correlationId?: string) =>
    handleLead(t.ctx.eventStore, leadId, command, {
      actor: moderator.userId,
      ...(correlationId ? { correlationId } : {}),
    });
  const answer = async (t: TestApp, leadId: string, phone = PHONE, correlationId?: string) => {
    await run(t, leadId, { type: 'ReceiveLead', lead: lead(leadId, phone) }, correlationId);
    await run(
      t,
      leadId,
      {
        type: 'CompleteLead',
        leadId,
        by: moderator,
        answer: { answerId: `${leadId}-a`, text: 'Одобрили, ждём вас в офисе' },
      },
      correlationId,
    );
  };
  const account = (t: TestApp) =>
    registerSiteUser(t.ctx, { userId: 'lead-person', name: 'Ирина', phone: PHONE, email: ADDRESS });
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'estate-leads-reactors-'));
    mail.sent.length = 0;
    sms.sent.length = 0;
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('an SMS to the lead’s phone and a letter to the account of that phone, once each', async () => {
    const t = await start();
    await account(t);
    await answer(t, 'l1');
    await t.ctx.reactors.whenCaughtUp();
    await until(() => letters().length > 0 && sms.sent.length > 0);
    expect(sms.sent).toEqual([
      expect.objectContaining({
        to: PHONE,
        text: 'Ответ на вашу заявку «Заявка на ипотеку»: Одобрили, ждём вас в офисе',
      }),
    ]);
    expect(letters()).toEqual([
      expect.objectContaining({ to: ADDRESS, subject: 'Ответ на вашу заявку: Заявка на ипотеку' }),
    ]);
    expect(letters()[0].text).toContain('со страницы «Ипотека»');
    await closeContext(t.ctx);
  });

  it('keeps the switches of the account: e-mail off sends the SMS alone', async () => {
    const t = await start();
    await account(t);
    await changeUser(t.ctx, 'lead-person', {
      type: 'ChangeNotificationSettings',
      settings: { canReceiveEmailNotifications: false },
    });
    await answer(t, 'l2');
    await t.ctx.reactors.whenCaughtUp();
    await until(() => sms.sent.length > 0);
    await settled(t); // every queued SMS and letter has gone
    expect(letters()).toHaveLength(0);
    await closeContext(t.ctx);
  });

  it('a demo lead’s answer tells nobody', async () => {
    const t = await start();
    await answer(t, 'l3', '79163330003', DEMO_CORRELATION);
    await t.ctx.reactors.whenCaughtUp();
    expect((await t.ctx.jobs.counts('sms')).waiting ?? 0).toBe(0);
    expect(sms.sent).toHaveLength(0);
    await closeContext(t.ctx);
  });

  it('is told exactly once when the answer is delivered again from an older checkpoint', async () => {
    const first = await start();
    await account(first);
    await (first.ctx.reactors as ReactorRunner).stop();
    const before = await first.ctx.eventStore.headPosition();
    await answer(first, 'l4');
    await closeContext(first.ctx);
    expect(sms.sent).toHaveLength(0);

    const second = await start();
    await until(() => letters().length > 0 && sms.sent.length > 0);
    await second.ctx.reactors.whenCaughtUp();
    await closeContext(second.ctx);

    const checkpoints = new SqliteCheckpointStore(join(dataDir, 'reactors.sqlite'));
    await checkpoints.set(LEAD_ANSWER_REACTOR, before);
    await checkpoints.close();
    const third = await start();
    await third.ctx.reactors.whenCaughtUp();
    expect((await third.ctx.jobs.counts('sms')).waiting ?? 0).toBe(0);
    expect(sms.sent).toHaveLength(1);
    expect(letters()).toHaveLength(1);
    await closeContext(third.ctx);
  });
});
