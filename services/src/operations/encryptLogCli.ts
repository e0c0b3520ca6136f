/**
 * npm run personal-data:encrypt   (DATA_DIR, default ./data; the server stopped)
 * Encrypts the personal fields of an embedded log written before they were (operations/encryptLog.ts).
 */
import { resolve } from 'node:path';
import { encryptExistingLog } from './encryptLog';

const dataDir = resolve(process.env.DATA_DIR ?? './data');
try {
  const report = await encryptExistingLog(dataDir);
  console.log(
    `${dataDir}: ${report.events} events copied, ${report.encrypted} with personal fields encrypted, ${report.streamsRenamed} phone streams renamed to their keyed hash`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
