// Orders a run's suites so that both workers end together: the browser suites first (a minute each at
// most), then the int suites, then the unit suites (a second each), the larger file first within each
// kind (a clean clone has no timings of earlier runs to sort by).
import { statSync } from 'node:fs';
import Sequencer from '@jest/test-sequencer';

const KIND_ORDER = { e2e: 0, int: 1, unit: 2 };
const kindOf = (path) => (/\.(e2e|int|unit)\.spec\.ts$/.exec(path) ?? [])[1];
const size = (path) => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

export default class KindSequencer extends Sequencer {
  sort(tests) {
    return [...tests].sort(
      (a, b) =>
        (KIND_ORDER[kindOf(a.path)] ?? 3) - (KIND_ORDER[kindOf(b.path)] ?? 3) || size(b.path) - size(a.path),
    );
  }
}
