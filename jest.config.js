/** Jest runs TypeScript through SWC (CommonJS output) so tests need no build step. */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/events', '<rootDir>/projections', '<rootDir>/services', '<rootDir>/test'],
  testMatch: ['**/*.spec.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } },
    ],
  },
  moduleNameMapper: {
    '^@estate/(events|projections|services)$': '<rootDir>/$1/src/index.ts',
    '^@estate/(events|projections|services)/(.*)$': '<rootDir>/$1/src/$2',
  },
  testTimeout: 30000,
  // one test file at a time (`--maxWorkers=1`: the suites share the local engines and ports) in a
  // worker that is replaced once it holds over 1 GB after a file: run in the main process, the heap
  // grew to 4 GB by the browser suites and the last suites ran several times slower
  workerIdleMemoryLimit: '1GB',
  // kafkajs can leave one socket to the broker open after the broker-restart fault test (known issue,
  // see the issue note); without this the run would pass and then never exit
  forceExit: true,
  globalSetup: '<rootDir>/test/support/engines.ts',
  globalTeardown: '<rootDir>/test/support/enginesTeardown.ts',
  reporters: ['default', '<rootDir>/test/support/summaryReporter.cjs'],
};
