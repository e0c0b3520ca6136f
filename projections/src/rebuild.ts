/**
 * npm run projections:rebuild -- <name|all>
 * Drops the named read models and replays the whole event log into them, then prints what it built.
 * Embedded read models live in the server's memory and are rebuilt at its start (from a snapshot and
 * the log after it): there this command verifies that the whole log replays cleanly and how long a
 * rebuild takes.
 */
import { dirname, join, resolve } from 'node:path';
import { PersonalDataEventStore, SqlitePersonalKeyStore, SqliteEventStore } from '@estate/events';
import { allProjections } from './index';
import { MemoryReadStore } from './readStore/memory';
import { ProjectionRunner } from './runner';

async function main() {
  const name = process.argv[2];
  const known = allProjections.map((p) => p.name);
  if (!name || (name !== 'all' && !known.includes(name))) {
    console.error(`usage: npm run projections:rebuild -- <${[...known, 'all'].join('|')}>`);
    process.exit(2);
  }
  const file = join(resolve(process.env.DATA_DIR ?? './data'), 'events.sqlite');
  // the personal fields are read as the server reads them: decrypted, or the placeholder once erased
  const events = new PersonalDataEventStore(
    new SqliteEventStore(file),
    new SqlitePersonalKeyStore(join(dirname(file), 'keys.sqlite')),
  );
  const store = new MemoryReadStore();
  const runner = new ProjectionRunner(events, store, allProjections, {
    onError: (error) => console.error('projection failed:', error),
  });
  await runner.start();
  await runner.whenCaughtUp();
  const started = performance.now();
  await runner.rebuild(name);
  const ms = performance.now() - started;
  console.log(`rebuilt ${name} from ${runner.position} events of ${file} in ${Math.round(ms)} ms`);
  for (const projection of allProjections.filter((p) => name === 'all' || p.name === name)) {
    for (const collection of Object.keys(projection.collections)) {
      console.log(
        `  ${projection.name}.${collection}: ${await store.collection(collection).countDocuments({})} documents`,
      );
    }
  }
  await runner.stop();
  await events.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
