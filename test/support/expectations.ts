// Every test checks something: a test that makes no assertion fails (`expect.hasAssertions`), so a test
// that returns early or only drives the app cannot pass for nothing. A wait that is itself the check
// (a locator's `waitFor`, supertest's `.expect(200)`) is followed by an `expect` of what was waited for.
beforeEach(() => {
  expect.hasAssertions();
});
