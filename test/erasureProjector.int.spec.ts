import { randomUUID } from 'node:crypto';
import { skipped, tcpReachable } from '@estate/events/testing';
import { INTERACTION_STATS, ProjectorLease, runWhileLeased } from '@estate/projections';
import { erasureRebuilds, projectorRunner } from '../services/src/bootstrap';
import { erasePerson } from '../services/src/identity';
import { projectionsOf } from '../services/src/slices';
import { dropProjectorCollections } from '../services/test/readStores';
import { startTestApp } from '../services/test/testApp';
import { registerSiteUser } from '../services/test/users';

const mongoUrl = process.env.TEST_MONGO_URL ?? 'mongodb://127.0.0.1:27018';
const reachable = tcpReachable(mongoUrl);
if (!reachable) skipped('erasure with a projector apart', `no MongoDB (or stand-in) at ${mongoUrl}`);

const NAME = 'Вероника Стёртая';
const PHONE = '79161234077';

/**
 * The split roles: the api forgets an erased person's keys (kept in MongoDB, shared by every role),
 * and the projector running apart rebuilds its read models, so none of them keeps the name it
 * decrypted before.
 */
(reachable ? it : it.skip)(
  'a projector apart rebuilds its read models after an erasure, so the name is gone from them',
  async () => {
    const env = {
      MONGO_URL: mongoUrl,
      MONGO_DB: `erasure_${randomUUID().slice(0, 8)}`,
      PROJECTOR_LEASE_MS: '1500',
    };
    const projector = await startTestApp({ seed: false, env: { ...env, ROLE: 'projector' } });
    const runner = projectorRunner(projector.ctx);
    const erasures = erasureRebuilds(projector.ctx, runner);
    const leased = runWhileLeased(runner, new ProjectorLease(projector.ctx.readStore, 'projector-1', 1500), {
      renewEveryMs: 500,
    });
    await erasures.start();
    const api = await startTestApp({ seed: false, env: { ...env, ROLE: 'api' }, dataDir: projector.dataDir });
    const collections = [...new Set(projectionsOf().flatMap((p) => Object.keys(p.collections)))];
    const readModels = async () =>
      JSON.stringify(
        await Promise.all(collections.map((name) => projector.ctx.readStore.collection(name).find({}))),
      );
    const until = async (check: () => Promise<boolean>) => {
      for (const deadline = Date.now() + 60_000; !(await check());) {
        if (Date.now() > deadline) throw new Error('the read models did not change in time');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    try {
      await registerSiteUser(api.ctx, { userId: 'erased-apart', name: NAME, phone: PHONE });
      await until(async () => (await readModels()).includes(NAME));

      await erasePerson(api.ctx, 'erased-apart', { by: 'erased-apart', reason: 'тест' });
      // rebuilt: the placeholder where the name was (an empty read model mid-rebuild is not yet that)
      await until(async () => {
        const json = await readModels();
        return json.includes('Пользователь удалён') && !json.includes(NAME);
      });
      const rebuilt = await readModels();
      expect(rebuilt).toContain('Пользователь удалён');
      expect(rebuilt).not.toContain(NAME);
    } finally {
      await erasures.stop();
      await leased.stop();
      await dropProjectorCollections(api.ctx.readStore, [INTERACTION_STATS]);
      await api.close();
      await projector.close();
    }
  },
  120_000,
);
