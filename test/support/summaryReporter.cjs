// Prints the run's totals as one plain line ("jest: N passed, N failed, N skipped") that any CI can read,
// after the ten slowest suites (where a run's time went, when it grows).
class SummaryReporter {
  constructor() {
    this.durations = [];
  }

  onTestResult(_test, result) {
    const { start, end } = result.perfStats;
    if (start && end) this.durations.push([end - start, result.testFilePath]);
  }

  onRunComplete(_contexts, results) {
    const slowest = this.durations.sort((a, b) => b[0] - a[0]).slice(0, 10);
    if (slowest.length > 0) {
      console.log('jest: slowest suites');
      for (const [ms, file] of slowest)
        console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file.replace(`${process.cwd()}/`, '')}`);
    }
    const skipped = results.numPendingTests + results.numTodoTests;
    console.log(
      `jest: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped`,
    );
  }
}
module.exports = SummaryReporter;
