import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROLES } from '@estate/events';
import request from 'supertest';
import { closeContext } from '../bootstrap';
import { registerUser } from '../identity';
import { createAgency, createPublication } from '../../test/publications';
import { settled } from '../../test/settled';
import { signIn, startTestApp } from '../../test/testApp';

/**
 * The matcher's index lives in memory: after a restart it is filled again from what the log holds
 * (the saved searches' read model, rebuilt from the events), so a search saved before the restart
 * is alerted of a listing published after it, and a search paused before it is not.
 */
it('matches the searches saved before a restart', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'estate-alerts-restart-'));
  try {
    const first = await startTestApp({ seed: false, dataDir });
    const { agent } = await createAgency(first.ctx, 'restart', '73');
    await registerUser(first.ctx, {
      type: 'RegisterUser',
      userId: 'restart-user',
      name: 'Покупатель',
      phone: '79162250001',
      email: 'restart@alerts.test',
      role: ROLES.USER,
      agencyId: null,
    });
    await first.ctx.projections.whenCaughtUp();
    const token = await signIn(first, '79162250001');
    for (const [name, paused] of [
      ['Москва', false],
      ['На паузе', true],
    ] as const) {
      const saved = await request(first.app)
        .post('/api/saved-searches')
        .set('Authorization', `Bearer ${token}`)
        .send({
          name,
          filters: { dealCategory: 'sale', locationId: '1' },
          alerts: { frequency: 'instant', email: true, sms: false },
        })
        .expect(201);
      if (paused)
        await request(first.app)
          .patch(`/api/saved-searches/${saved.body.data.id}`)
          .set('Authorization', `Bearer ${token}`)
          .send({ paused: true })
          .expect(200);
    }
    await settled(first);
    await closeContext(first.ctx);

    const second = await startTestApp({ seed: false, dataDir });
    try {
      await createPublication(second.ctx, agent, { id: 'restart-p1', price: 9_000_000, publishedDaysAgo: 0 });
      await settled(second);
      const list = await request(second.app)
        .get('/api/saved-searches')
        .set('Authorization', `Bearer ${token}`)
        .expect(200);
      const counts = Object.fromEntries(
        (list.body.data as { name: string; newCount: number }[]).map((s) => [s.name, s.newCount]),
      );
      expect(counts).toEqual({ Москва: 1, 'На паузе': 0 });
      const letters = await request(second.app).get('/api/dev/email').query({ to: 'restart@alerts.test' });
      expect(letters.body.data).toHaveLength(1);
      expect(letters.body.data[0].subject).toBe('Новое объявление по поиску «Москва»');
    } finally {
      await closeContext(second.ctx);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
