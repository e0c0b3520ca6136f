/**
 * Three kinds of tests, each a Jest project run the fastest safe way (docs/testing.md):
 * - unit: deciders, workflows, projections and pure helpers (`*.unit.spec.ts`); no server, no engine;
 * - int: the app through supertest, the engines' contract suites, processes and faults (`*.int.spec.ts`);
 *   each suite has its own data folder, database, topic or queue prefix and port, so they run side by side;
 * - e2e: the site and the cabinet in Chromium (`test/browser/*.e2e.spec.ts`); one browser for the run.
 * TypeScript runs through SWC (CommonJS output), so tests need no build step.
 */
const shared = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } },
    ],
  },
  setupFilesAfterEnv: ['<rootDir>/test/support/expectations.ts'],
  moduleNameMapper: {
    '^@estate/(events|projections|services)$': '<rootDir>/$1/src/index.ts',
    '^@estate/(events|projections|services)/(.*)$': '<rootDir>/$1/src/$2',
  },
};
const everywhere = ['<rootDir>/events', '<rootDir>/projections', '<rootDir>/services', '<rootDir>/test'];

/**
 * Component tests: the front ends' shared components rendered with Testing Library in jsdom (React's
 * own renderer, no browser); TSX through SWC with React's automatic runtime, CSS modules as their
 * class names.
 */
const component = {
  ...shared,
  displayName: 'component',
  roots: ['<rootDir>/client', '<rootDir>/web', '<rootDir>/cabinet'],
  testMatch: ['**/*.component.spec.tsx'],
  testEnvironment: 'jsdom',
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          target: 'es2022',
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  moduleNameMapper: {
    ...shared.moduleNameMapper,
    '^@estate/client$': '<rootDir>/client/src/index.ts',
    '^@estate/client/(.*)$': '<rootDir>/client/src/$1',
  },
};

export default {
  projects: [
    { ...shared, displayName: 'unit', roots: everywhere, testMatch: ['**/*.unit.spec.ts'] },
    component,
    {
      ...shared,
      displayName: 'int',
      roots: everywhere,
      testMatch: ['**/*.int.spec.ts'],
      globalSetup: '<rootDir>/test/support/intSetup.ts',
      globalTeardown: '<rootDir>/test/support/intTeardown.ts',
    },
    {
      ...shared,
      displayName: 'e2e',
      roots: ['<rootDir>/test/browser'],
      testMatch: ['**/*.e2e.spec.ts'],
      setupFilesAfterEnv: [...shared.setupFilesAfterEnv, '<rootDir>/test/support/e2eTimeouts.ts'],
      globalSetup: '<rootDir>/test/support/e2eSetup.ts',
      globalTeardown: '<rootDir>/test/support/e2eTeardown.ts',
    },
  ],
  testTimeout: 30000,
  // the unit and int suites while npm test's checks still run, then the browser suites; the larger file
  // first within each kind, so both workers end together (test/support/sequencer.mjs)
  testSequencer: '<rootDir>/test/support/sequencer.mjs',
  // a worker is replaced once it holds over 1 GB after a file: the app's modules are loaded anew per
  // file, and a worker that ran dozens of browser suites grew to 4 GB and slowed every later file
  workerIdleMemoryLimit: '1GB',
  // kafkajs can leave one socket to the broker open after the broker-restart fault test (known issue);
  // without this the run would pass and then never exit
  forceExit: true,
  reporters: ['default', '<rootDir>/test/support/summaryReporter.cjs'],
};
