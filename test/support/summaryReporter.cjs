// Prints, after the ten slowest suites (where a run's time went, when it grows), a line per kind of
// test (unit, component, int, e2e: its suites, counts and the time from its first suite's start to its last's end)
// and the run's totals as one plain line that any CI can read: "jest: N passed, N failed, N skipped".
const kindOf = (path) => (/\.(e2e|int|unit|component)\.spec\.tsx?$/.exec(path) ?? [])[1] ?? 'other';

class SummaryReporter {
  constructor() {
    this.suites = [];
  }

  onTestResult(_test, result) {
    const { start, end } = result.perfStats;
    this.suites.push({
      file: result.testFilePath.replace(`${process.cwd()}/`, ''),
      kind: kindOf(result.testFilePath),
      start,
      end,
      passed: result.numPassingTests,
      failed: result.numFailingTests + (result.testExecError ? 1 : 0),
      skipped: result.numPendingTests + result.numTodoTests,
    });
  }

  onRunComplete(_contexts, results) {
    const timed = this.suites.filter((s) => s.start && s.end);
    const slowest = [...timed].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, 10);
    if (slowest.length > 0) {
      console.log('jest: slowest suites');
      for (const s of slowest)
        console.log(`  ${((s.end - s.start) / 1000).toFixed(1).padStart(6)} s  ${s.file}`);
    }
    for (const kind of ['unit', 'component', 'int', 'e2e', 'other']) {
      const of = this.suites.filter((s) => s.kind === kind);
      if (of.length === 0) continue;
      const sum = (key) => of.reduce((total, s) => total + s[key], 0);
      const spans = of.filter((s) => s.start && s.end);
      const wall = spans.length
        ? (Math.max(...spans.map((s) => s.end)) - Math.min(...spans.map((s) => s.start))) / 1000
        : 0;
      console.log(
        `jest: ${kind} — ${of.length} suites, ${sum('passed')} passed, ${sum('failed')} failed, ` +
          `${sum('skipped')} skipped, ${wall.toFixed(1)} s`,
      );
    }
    const skipped = results.numPendingTests + results.numTodoTests;
    // a suite that could not run (it threw as it loaded: a required engine missing under CI) counts
    // as one failure, since none of its tests ran to fail
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    console.log(`jest: ${results.numPassedTests} passed, ${failed} failed, ${skipped} skipped`);
  }
}
module.exports = SummaryReporter;
