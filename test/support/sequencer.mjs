// Orders a run's suites: the unit, component and int suites first, while npm test's checks (ESLint's
// type-aware rules above all) still load the cores, then the browser suites, whose pages a loaded
// machine slows until a person's first tap or keys land before a part has hydrated; the larger file
// first within each kind (a clean clone has no timings of earlier runs to sort by), so that the last
// suites are short ones and both workers end together.
import { statSync } from 'node:fs';
import Sequencer from '@jest/test-sequencer';

const KIND_ORDER = { unit: 0, component: 1, int: 2, e2e: 3 };
const kindOf = (path) => (/\.(e2e|int|unit|component)\.spec\.tsx?$/.exec(path) ?? [])[1];
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
