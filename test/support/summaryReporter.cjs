// Prints the run's totals as one plain line ("jest: N passed, N failed, N skipped") that any CI can read.
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const skipped = results.numPendingTests + results.numTodoTests;
    console.log(
      `jest: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped`,
    );
  }
}
module.exports = SummaryReporter;
