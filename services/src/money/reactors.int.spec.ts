import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { until } from '@estate/events/testing';
import request from 'supertest';
import { createAgency, createPublication } from '../../test/publications';
import { startTestApp, type TestApp } from '../../test/testApp';
import { closeContext } from '../bootstrap';
import { SqliteCheckpointStore } from '../core/reactors/checkpoints';
import type { ReactorRunner } from '../core/reactors/reactor';
import { startSession, handleUser } from '../identity';
import { handlePublication } from '../publications';
import { billPromotions } from './promotion';
import { INVOICE_REACTOR, PROMOTION_ENDED_REACTOR, promotionEndedText } from './reactors';
import { RecordingSms, RecordingMail } from '../../test/recordingProviders';

const ACCOUNTING = 'accounting@estate.local';
const AGENT_EMAIL = 'agent-rx@example.ru';

describe('what follows the money facts', () => {
  let dataDir: string;
  const mail = new RecordingMail();
  const sms = new RecordingSms();
  const start = () =>
    startTestApp({ dataDir, seed: false, env: { SMS_RETRY_BACKOFF_MS: '10' }, overrides: { mail, sms } });
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'estate-money-reactors-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('an invoice letter and a promotion-ended notice are each sent exactly once across a crash after the append and a redelivery', async () => {
    const first: TestApp = await start();
    const agency = await createAgency(first.ctx, 'rx', '81');
    await handleUser(first.ctx.eventStore, agency.agent.userId, {
      type: 'ChangeEmail',
      email: AGENT_EMAIL,
    });
    const now = first.clock.now().getTime();
    await createPublication(first.ctx, agency.agent, {
      id: 'rx-flat',
      price: 9_000_000,
      publishedDaysAgo: 3,
    });
    // a promotion bought yesterday whose paid day is over, and a wallet with nothing to pay the next
    await handlePublication(first.ctx.eventStore, 'rx-flat', {
      type: 'PromotePublication',
      positionType: 1,
      tariffId: '1-1-sale',
      until: new Date(now - 60_000).toISOString(),
    });
    await first.ctx.projections.whenCaughtUp();
    const { token: owner } = await startSession(first.ctx, agency.owner.userId);

    // the process "dies" between the appends and any reaction: the reactors stop, the facts are recorded
    await (first.ctx.reactors as ReactorRunner).stop();
    const before = await first.ctx.eventStore.headPosition();
    await request(first.app)
      .post(`/api/agency/${agency.agencyId}/balance/invoice`)
      .set('Authorization', `Bearer ${owner}`)
      .send({
        sum: 5000,
        organizationName: 'ООО Ромашка',
        inn: '7701234567',
        kpp: '770101001',
        account: '40702810900000000001',
      })
      .expect(201);
    expect(await billPromotions(first.ctx)).toEqual({ charged: 0, ended: 1 });
    expect(mail.sent).toHaveLength(0);
    expect(sms.sent).toHaveLength(0);
    await closeContext(first.ctx);

    // the restarted process takes the reactions up from the reactors' checkpoints
    const second = await start();
    await until(
      () =>
        mail.to(ACCOUNTING).length > 0 &&
        mail.to(AGENT_EMAIL).length > 0 &&
        sms.to(agency.agentPhone).length > 0,
    );
    await second.ctx.reactors.whenCaughtUp();
    await closeContext(second.ctx);

    // delivered again from older checkpoints (a crash before they were saved): nothing twice
    const checkpoints = new SqliteCheckpointStore(join(dataDir, 'reactors.sqlite'));
    await checkpoints.set(INVOICE_REACTOR, before);
    await checkpoints.set(PROMOTION_ENDED_REACTOR, before);
    await checkpoints.close();
    const third = await start();
    await third.ctx.reactors.whenCaughtUp();
    expect((await third.ctx.jobs.counts('email')).waiting).toBe(0);
    expect((await third.ctx.jobs.counts('sms')).waiting).toBe(0);
    await closeContext(third.ctx);

    const [invoice] = mail.to(ACCOUNTING);
    expect(mail.to(ACCOUNTING)).toHaveLength(1);
    expect(invoice.subject).toBe('Запрос счёта на пополнение кошелька');
    expect(invoice.text).toMatch(
      /^Запрос счёта №\w{8} от агентства «Агентство rx»\nСумма: 5000 ₽\nОрганизация: ООО Ромашка/,
    );
    expect(invoice.text).toContain('КПП: 770101001');
    expect(mail.to(AGENT_EMAIL)).toEqual([
      expect.objectContaining({
        subject: 'Продвижение объявления закончилось',
        text: promotionEndedText('Объявление rx-flat'),
      }),
    ]);
    expect(sms.to(agency.agentPhone)).toEqual([
      expect.objectContaining({ text: promotionEndedText('Объявление rx-flat') }),
    ]);
  });

  it('tells the author only by the channels their switches leave on', async () => {
    const t = await start();
    try {
      const agency = await createAgency(t.ctx, 'ry', '82');
      await handleUser(t.ctx.eventStore, agency.agent.userId, {
        type: 'ChangeEmail',
        email: 'agent-ry@example.ru',
      });
      await handleUser(t.ctx.eventStore, agency.agent.userId, {
        type: 'ChangeNotificationSettings',
        settings: { canReceiveSmsNotifications: false },
      });
      await createPublication(t.ctx, agency.agent, {
        id: 'ry-flat',
        price: 9_000_000,
        publishedDaysAgo: 3,
        promoted: 2,
      });
      const ended = await handlePublication(t.ctx.eventStore, 'ry-flat', {
        type: 'EndPromotion',
      });
      await t.ctx.reactors.whenCaughtUp(ended.position);
      await until(() => mail.to('agent-ry@example.ru').length > 0);
      expect(mail.to('agent-ry@example.ru')).toHaveLength(1);
      expect(sms.to(agency.agentPhone)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('honours the tariff notice’s own switch, changed by name through the per-setting call', async () => {
    const t = await start();
    try {
      const agency = await createAgency(t.ctx, 'rz', '83');
      const email = 'agent-rz@example.ru';
      await handleUser(t.ctx.eventStore, agency.agent.userId, {
        type: 'ChangeEmail',
        email,
      });
      const { token } = await startSession(t.ctx, agency.agent.userId);
      const setting = (value: unknown, name = 'canReceiveTariffNotifications') =>
        request(t.app)
          .patch('/api/profile/notification-setting')
          .set('Authorization', `Bearer ${token}`)
          .send({ name, value });
      const off = await setting(false).expect(200);
      expect(off.body.data.settings).toEqual({
        canReceiveNotifications: true,
        canReceiveSmsNotifications: true,
        canReceiveEmailNotifications: true,
        canReceiveTariffNotifications: false,
      });
      expect((await setting('maybe').expect(400)).body.errorCode).toBe(1);
      expect((await setting(true, 'canReceiveTariffNotice').expect(400)).body.errorCode).toBe(1);

      const endPromotionOf = async (id: string) => {
        await createPublication(t.ctx, agency.agent, {
          id,
          price: 9_000_000,
          publishedDaysAgo: 3,
          promoted: 2,
        });
        const ended = await handlePublication(t.ctx.eventStore, id, {
          type: 'EndPromotion',
        });
        await t.ctx.reactors.whenCaughtUp(ended.position);
      };
      // switched off: the first listing's end is told nowhere; switched on again: the second one's is
      await endPromotionOf('rz-off');
      await setting(true).expect(200);
      await t.ctx.projections.whenCaughtUp();
      const profile = await request(t.app).get('/api/profile').set('Authorization', `Bearer ${token}`);
      expect(profile.body.data.settings.canReceiveTariffNotifications).toBe(true);
      await endPromotionOf('rz-on');
      await until(() => mail.to(email).length > 0 && sms.to(agency.agentPhone).length > 0);
      expect(mail.to(email).map((m) => m.text)).toEqual([promotionEndedText('Объявление rz-on')]);
      expect(sms.to(agency.agentPhone).map((m) => m.text)).toEqual([promotionEndedText('Объявление rz-on')]);
    } finally {
      await t.close();
    }
  });
});
