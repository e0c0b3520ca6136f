import { Writable } from 'node:stream';
import { createLogger } from '../src/core/logger';

/** A logger at debug level that keeps every line it writes, for a test that searches a run's logs. */
export function capturedLogs() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger('debug', sink), lines };
}
