import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until } from '@estate/events/testing';
import { closeContext } from '../bootstrap';
import type { Actor } from '../core/access';
import { SqliteCheckpointStore } from '../core/reactors/checkpoints';
import type { ReactorRunner } from '../core/reactors/reactor';
import { changeUser } from '../identity';
import { createAgency, createPublication } from '../../test/publications';
import { startTestApp, type TestApp } from '../../test/testApp';
import { handlePublication } from './decide';
import { DECLINE_REACTOR } from './reactors';
import { RecordingSms, RecordingMail } from '../../test/recordingProviders';

const moderator: Actor = { userId: 'moderator', role: 99, agencyId: null };
const ADDRESS = 'agent-dc@example.ru';

describe('a declined listing is told to its author', () => {
  let dataDir: string;
  const mail = new RecordingMail();
  const sms = new RecordingSms();
  const start = () => startTestApp({ dataDir, seed: false, overrides: { mail, sms } });
  const decline = (t: TestApp) =>
    handlePublication(
      t.ctx.eventStore,
      'dc-flat',
      { type: 'DeclinePublication', actor: moderator, reason: 'На фото другая квартира' },
      { actor: moderator.userId },
    );
  /** an agent with an e-mail and a published listing */
  async function author(t: TestApp) {
    const agency = await createAgency(t.ctx, 'dc', '51');
    await changeUser(t.ctx, agency.agent.userId, { type: 'ChangeEmail', email: ADDRESS });
    await createPublication(t.ctx, agency.agent, { id: 'dc-flat', price: 8_000_000, publishedDaysAgo: 2 });
    return agency;
  }
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'estate-publications-reactors-'));
    mail.sent.length = 0;
    sms.sent.length = 0;
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('an SMS and a letter with the reason and the cabinet’s page of the listing, once each', async () => {
    const t = await start();
    const { agentPhone } = await author(t);
    await decline(t);
    await t.ctx.reactors.whenCaughtUp();
    await until(() => mail.sent.length > 0 && sms.sent.length > 0);
    expect(mail.sent).toHaveLength(1);
    expect(mail.sent[0]).toMatchObject({ to: ADDRESS, subject: 'Объявление отклонено модератором' });
    expect(mail.sent[0].text).toContain('Объявление «Объявление dc-flat» отклонено модератором');
    expect(mail.sent[0].text).toContain('Причина: На фото другая квартира');
    expect(mail.sent[0].text).toContain('/cabinet/#/publications/dc-flat/show');
    expect(sms.sent).toEqual([
      expect.objectContaining({ to: agentPhone, text: expect.stringContaining('отклонено модератором') }),
    ]);
    await closeContext(t.ctx);
  });

  it('keeps the switches the author turned off', async () => {
    const t = await start();
    const { agent } = await author(t);
    await changeUser(t.ctx, agent.userId, {
      type: 'ChangeNotificationSettings',
      settings: { canReceiveSmsNotifications: false },
    });
    await decline(t);
    await t.ctx.reactors.whenCaughtUp();
    await until(() => mail.sent.length > 0);
    expect((await t.ctx.jobs.counts('sms')).waiting ?? 0).toBe(0);
    expect(sms.sent).toHaveLength(0);
    await closeContext(t.ctx);
  });

  it('is told exactly once when the process dies after the decline and before any reaction', async () => {
    const first = await start();
    await author(first);
    await (first.ctx.reactors as ReactorRunner).stop();
    const before = await first.ctx.eventStore.headPosition();
    await decline(first);
    await closeContext(first.ctx);
    expect(mail.sent).toHaveLength(0);

    const second = await start();
    await until(() => mail.sent.length > 0 && sms.sent.length > 0);
    await second.ctx.reactors.whenCaughtUp();
    await closeContext(second.ctx);

    // delivered again from an older checkpoint (a crash before the checkpoint was saved): nothing twice
    const checkpoints = new SqliteCheckpointStore(join(dataDir, 'reactors.sqlite'));
    await checkpoints.set(DECLINE_REACTOR, before);
    await checkpoints.close();
    const third = await start();
    await third.ctx.reactors.whenCaughtUp();
    expect((await third.ctx.jobs.counts('email')).waiting).toBe(0);
    expect(mail.sent).toHaveLength(1);
    expect(sms.sent).toHaveLength(1);
    await closeContext(third.ctx);
  });
});
