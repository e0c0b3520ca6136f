import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until } from '@estate/events/testing';
import { closeContext } from '../bootstrap';
import type { Actor } from '../core/access';
import { SqliteCheckpointStore } from '../core/reactors/checkpoints';
import type { ReactorRunner } from '../core/reactors/reactor';
import { changeUser } from '../identity';
import { startTestApp, type TestApp } from '../../test/testApp';
import { REALTOR_DECISION_REACTOR } from './reactors';
import { agencyDetails } from './testing';
import { approveRealtorRequest, rejectRealtorRequest, submitRealtorRequest } from './commands';
import { RecordingSms, RecordingMail } from '../../test/recordingProviders';
import { registerSiteUser } from '../../test/users';

/** every job a queue has had (waiting, running, done or dead) */
const queued = async (t: TestApp, queue: string) =>
  Object.values(await t.ctx.jobs.counts(queue)).reduce((sum, n) => sum + n, 0);

const moderator: Actor = { userId: 'moderator', role: 99, agencyId: null };
const PHONE = '79123450021';
const ADDRESS = 'petr@example.ru';
const details = agencyDetails({ email: ADDRESS });

describe('the moderator’s decision on a realtor request is told to the user', () => {
  let dataDir: string;
  const mail = new RecordingMail();
  const sms = new RecordingSms();
  const start = (seed = false) => startTestApp({ dataDir, seed, overrides: { mail, sms } });
  /** a user who has sent a realtor request */
  async function applicant(t: TestApp, userId = 'u-realtor') {
    await registerSiteUser(t.ctx, { userId, name: 'Пётр Иванов', phone: PHONE, email: 'account@example.ru' });
    await submitRealtorRequest(t.ctx, userId, 'Пётр Иванов', details);
  }
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'estate-agencies-reactors-'));
    mail.sent.length = 0;
    sms.sent.length = 0;
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('an approval: an SMS to the account’s phone and a letter to the request’s address, once each', async () => {
    const t = await start();
    await applicant(t);
    await approveRealtorRequest(t.ctx, moderator, 'u-realtor');
    await t.ctx.reactors.whenCaughtUp();
    await until(() => mail.to(ADDRESS).length > 0 && sms.to(PHONE).length > 0);
    expect(mail.to(ADDRESS)).toHaveLength(1);
    expect(mail.to(ADDRESS)[0]).toMatchObject({ subject: 'Заявка риелтора одобрена' });
    expect(mail.to(ADDRESS)[0].text).toContain('Заявка агентства «Новый дом» в базу риелторов одобрена');
    expect(mail.to(ADDRESS)[0].text).toContain('/account/user/realtor-request');
    expect(mail.to('account@example.ru')).toHaveLength(0);
    expect(sms.to(PHONE)).toHaveLength(1);
    expect(sms.to(PHONE)[0].text).toContain('Заявка агентства «Новый дом» одобрена');
    await closeContext(t.ctx);
  });

  it('a rejection: the letter gives the reason; the switches the user turned off are kept', async () => {
    const t = await start();
    await applicant(t);
    await changeUser(t.ctx, 'u-realtor', {
      type: 'ChangeNotificationSettings',
      settings: { canReceiveSmsNotifications: false },
    });
    await rejectRealtorRequest(t.ctx, moderator, 'u-realtor', 'Укажите сайт агентства');
    await t.ctx.reactors.whenCaughtUp();
    await until(() => mail.to(ADDRESS).length > 0);
    expect(mail.to(ADDRESS)[0]).toMatchObject({ subject: 'Заявка риелтора отклонена' });
    expect(mail.to(ADDRESS)[0].text).toContain('Причина: Укажите сайт агентства');
    expect(await queued(t, 'sms')).toBe(0);
    expect(sms.to(PHONE)).toHaveLength(0);

    // sent again and decided again: told again (another fact); with every switch off, nothing
    await changeUser(t.ctx, 'u-realtor', {
      type: 'ChangeNotificationSettings',
      settings: { canReceiveNotifications: false },
    });
    await submitRealtorRequest(t.ctx, 'u-realtor', 'Пётр Иванов', details);
    await approveRealtorRequest(t.ctx, moderator, 'u-realtor');
    await t.ctx.reactors.whenCaughtUp();
    expect(await queued(t, 'email')).toBe(1); // the rejection's letter only
    expect(mail.to(ADDRESS)).toHaveLength(1);
    await closeContext(t.ctx);
  });

  it('is told exactly once when the process dies after the decision and before any reaction', async () => {
    const first = await start();
    await applicant(first);
    // the process "dies" between the append and any reaction: the reactors stop, the decision is recorded
    await (first.ctx.reactors as ReactorRunner).stop();
    const before = await first.ctx.eventStore.headPosition();
    await approveRealtorRequest(first.ctx, moderator, 'u-realtor');
    expect(mail.to(ADDRESS)).toHaveLength(0);
    expect(sms.to(PHONE)).toHaveLength(0);
    await closeContext(first.ctx);

    // the restarted process takes the reaction up from the reactor's checkpoint
    const second = await start();
    await until(() => mail.to(ADDRESS).length > 0 && sms.to(PHONE).length > 0);
    await second.ctx.reactors.whenCaughtUp();
    await closeContext(second.ctx);

    // delivered again from an older checkpoint (a crash before the checkpoint was saved): nothing twice
    const checkpoints = new SqliteCheckpointStore(join(dataDir, 'reactors.sqlite'));
    await checkpoints.set(REALTOR_DECISION_REACTOR, before);
    await checkpoints.close();
    const third = await start();
    await third.ctx.reactors.whenCaughtUp();
    expect((await third.ctx.jobs.counts('email')).waiting).toBe(0);
    expect((await third.ctx.jobs.counts('sms')).waiting).toBe(0);
    expect(mail.to(ADDRESS)).toHaveLength(1);
    expect(sms.to(PHONE)).toHaveLength(1);
    await closeContext(third.ctx);
  });

  it('tells the demo accounts nothing: the seed’s approvals send no SMS and no letter', async () => {
    const t = await start(true);
    await t.ctx.reactors.whenCaughtUp();
    expect(await queued(t, 'sms')).toBe(0);
    expect(await queued(t, 'email')).toBe(0);
    await closeContext(t.ctx);
  });
});
