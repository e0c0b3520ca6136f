// A browser test drives pages whose every wait has its own limit (Playwright's, 30 s or the page's
// default): the test's own limit stands above them, so a stuck step fails naming its locator rather
// than as "Exceeded timeout", and a test of many steps on a busy two-core machine is not cut short.
jest.setTimeout(120_000);
