import { randomUUID } from 'node:crypto';
import { skipped, tcpReachable } from '@estate/events/testing';
import { INTERACTION_STATS, ProjectorLease, runWhileLeased } from '@estate/projections';
import request from 'supertest';
import { projectorRunner } from '../services/src/bootstrap';
import { startSession } from '../services/src/identity/sessions';
import { dropProjectorCollections } from '../services/test/readStores';
import { startTestApp } from '../services/test/testApp';

const mongoUrl = process.env.TEST_MONGO_URL ?? 'mongodb://127.0.0.1:27018';
const reachable = tcpReachable(mongoUrl);
if (!reachable) skipped('api and projector roles', `no MongoDB (or stand-in) at ${mongoUrl}`);

(reachable ? it : it.skip)(
  'an api process reads its own writes through the checkpoints of a projector running apart',
  async () => {
    const env = {
      MONGO_URL: mongoUrl,
      MONGO_DB: `roles_${randomUUID().slice(0, 8)}`,
      PROJECTOR_LEASE_MS: '1500',
    };
    // the projector: its own context on the same event log and read store, leading under the lease
    const projector = await startTestApp({ seed: false, env: { ...env, ROLE: 'projector' } });
    const leased = runWhileLeased(
      projectorRunner(projector.ctx),
      new ProjectorLease(projector.ctx.readStore, 'projector-1', 1500),
      { renewEveryMs: 500 },
    );
    const api = await startTestApp({ env: { ...env, ROLE: 'api' }, dataDir: projector.dataDir });
    try {
      expect(api.ctx.projections.constructor.name).toBe('CheckpointProgress');
      // an api process alone runs no SMS worker: the session is started directly, as the login call would
      const { token } = await startSession(api.ctx, 'demo-agent-11');
      const created = await request(api.app)
        .post('/api/cabinet/publications')
        .set('Authorization', `Bearer ${token}`)
        .send({
          dealCategory: 'rent',
          propertyType: 1,
          title: 'Студия у парка',
          price: 41000,
          locationId: '2',
          address: { fullAddress: 'Санкт-Петербург, ул. Савушкина, 3' },
        })
        .expect(201);
      expect(created.body).toMatchObject({ status: 2, title: 'Студия у парка' });
    } finally {
      await leased.stop();
      await dropProjectorCollections(api.ctx.readStore, [INTERACTION_STATS]);
      await api.close();
      await projector.close();
    }
  },
  // two processes on a 2-core machine with other suites' servers still winding down
  120_000,
);
