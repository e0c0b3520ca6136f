import { randomUUID } from 'node:crypto';
import { skipped, tcpReachable } from '@estate/events/testing';
import type { ReadStore } from '@estate/projections';
import { projectionsOf } from '../src/slices';
import type { TestApp } from './testApp';

/**
 * The rows of a describe.each that runs a suite on the embedded store and on MongoDB (its stand-in
 * here), whose query language the filters must also speak: [name, env for startTestApp, whether to run].
 * MongoDB's row is skipped, with a printed line, when nothing answers.
 */
export function onBothReadStores(
  what: string,
  dbPrefix: string,
): [string, Record<string, string>, boolean][] {
  const url = process.env.TEST_MONGO_URL ?? 'mongodb://127.0.0.1:27018';
  const up = tcpReachable(url);
  if (!up) skipped(`${what} on MongoDB`, `nothing answers at ${url}`);
  return [
    ['the embedded read store', {}, true],
    ['MongoDB', { MONGO_URL: url, MONGO_DB: `${dbPrefix}_${randomUUID().slice(0, 8)}` }, up],
  ];
}

/**
 * Closes a suite's app; on MongoDB it first drops the read models and the extra collections named
 * (each suite has a database of its own, which the stand-in would otherwise keep until it stops).
 */
export async function closeDroppingCollections(
  t: TestApp,
  env: Record<string, string>,
  extra: readonly string[] = [],
) {
  if (env.MONGO_URL) await dropProjectorCollections(t.ctx.readStore, extra);
  await t.close();
}

/**
 * Drops, in a suite's own MongoDB database, what a projector run filled there: every read model, the
 * checkpoints and the lease, and the extra collections named (the stand-in keeps them until it stops).
 */
export async function dropProjectorCollections(store: ReadStore, extra: readonly string[] = []) {
  const readModels = projectionsOf().flatMap((projection) => Object.keys(projection.collections));
  for (const name of new Set([...readModels, 'projection_checkpoints', 'projection_leases', ...extra]))
    await store.collection(name).drop();
}
