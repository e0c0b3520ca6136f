import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PersonalDataEventStore, SqliteEventStore, SqlitePersonalKeyStore } from '@estate/events';
import { hashReadModels } from '@estate/projections';
import { encryptExistingLog, eventFileCopy } from '../services/src/operations/encryptLog';
import { DEMO_PHONES } from '../services/src/seed';
import { projectionsOf } from '../services/src/slices';
import { copyDemoLog, demoLogFolder } from '../services/test/demoLog';
import { signIn, startTestApp } from '../services/test/testApp';

/**
 * Issue 43, item 5: a log written before personal fields were encrypted (the run's demo log, written
 * back in clear with its phone streams under their numbers, as the app wrote it before) is brought
 * to the encrypted form by `npm run personal-data:encrypt`; the app then reads it as before.
 */
const folder = () => mkdtempSync(join(tmpdir(), 'encrypt-log-'));

/** The demo log as the app wrote it before encryption: every field in clear, `phone-7…` stream ids, no key file. */
async function legacyCopyOfDemoLog(): Promise<string> {
  const encrypted = folder();
  copyDemoLog(demoLogFolder()!, encrypted);
  const reader = new PersonalDataEventStore(
    new SqliteEventStore(join(encrypted, 'events.sqlite')),
    new SqlitePersonalKeyStore(join(encrypted, 'keys.sqlite')),
  );
  const legacy = folder();
  const target = eventFileCopy(join(legacy, 'events.sqlite'));
  for (let after = 0; ;) {
    const batch = await reader.readAll(after, 1000);
    if (batch.length === 0) break;
    target.copy(
      batch.map((e) => {
        const phone = (e.data as { phone?: string }).phone;
        return { ...e, streamId: e.streamId.startsWith('phone-h') && phone ? `phone-${phone}` : e.streamId };
      }),
    );
    after = batch[batch.length - 1].position;
  }
  target.db.close();
  await reader.close();
  rmSync(encrypted, { recursive: true, force: true });
  return legacy;
}

it('encrypts a log written in clear by copy and replace, keeps every event in place, and the app reads it as before', async () => {
  const legacy = await legacyCopyOfDemoLog();
  const before = readFileSync(join(legacy, 'events.sqlite'));
  expect(before.includes(Buffer.from(DEMO_PHONES.owner))).toBe(true);
  const reference = await startTestApp(); // the same demo log, written encrypted by the app itself
  const expectedHash = await hashReadModels(reference.ctx.readStore, projectionsOf());
  const expectedHead = await reference.ctx.eventStore.headPosition();
  await reference.close();

  const report = await encryptExistingLog(legacy);

  expect(report.events).toBe(expectedHead);
  expect(report.encrypted).toBeGreaterThan(0);
  expect(report.streamsRenamed).toBeGreaterThan(0);
  const after = readFileSync(join(legacy, 'events.sqlite'));
  expect(after.includes(Buffer.from(DEMO_PHONES.owner))).toBe(false);
  expect(after.includes(Buffer.from(`phone-${DEMO_PHONES.owner}`))).toBe(false);
  // a second run finds nothing left to do
  expect(await encryptExistingLog(legacy)).toEqual({
    events: report.events,
    encrypted: 0,
    streamsRenamed: 0,
  });

  const migrated = await startTestApp({ dataDir: legacy, seed: false });
  try {
    expect(await migrated.ctx.eventStore.headPosition()).toBe(expectedHead);
    expect(await hashReadModels(migrated.ctx.readStore, projectionsOf())).toBe(expectedHash);
    await signIn(migrated, DEMO_PHONES.owner); // the number's stream is found under its keyed hash
  } finally {
    await migrated.close();
  }
});
