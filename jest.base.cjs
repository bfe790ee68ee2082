// One jest setup for every workspace: TypeScript through SWC (fast on two cores, no type check:
// `npm run typecheck` does that), node or jsdom per workspace.
const path = require('node:path');

module.exports = function jestConfig(environment = 'node', extra = {}) {
  return {
    testEnvironment: path.join(__dirname, environment === 'jsdom' ? 'jest.jsdom-env.cjs' : 'jest.node-env.cjs'),
    testEnvironmentOptions: environment === 'jsdom' ? { url: 'http://localhost/' } : {},
    transform: {
      '^.+\\.(t|j)sx?$': [
        require.resolve('@swc/jest'),
        {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: 'es2022',
          },
          module: { type: 'commonjs' },
        },
      ],
    },
    moduleNameMapper: {
      '\\.(css)$': path.join(__dirname, 'jest.style-stub.cjs'),
      '\\.(svg|png|jpe?g|webp)(\\?inline)?$': path.join(__dirname, 'jest.file-stub.cjs'),
      // A part of a message catalog (mf-config's catalogLoader keeps the ids it names): the whole file here.
      '^(.+/locales/[\\w-]+\\.json)\\?only=.*$': '$1',
    },
    testMatch: ['**/?(*.)test.ts?(x)'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    reporters: ['default', path.join(__dirname, 'jest.summary-reporter.cjs')],
    // Service suites start real servers and migrate real databases (MySQL too) in their hooks: on a
    // busy two-core machine that outlasts jest's 5 s default without anything being wrong.
    testTimeout: environment === 'node' ? 30_000 : 5_000,
    ...extra,
    setupFilesAfterEnv: [
      ...(environment === 'jsdom' ? [path.join(__dirname, 'jest.testing-library.cjs')] : []),
      ...(extra.setupFilesAfterEnv ?? []),
    ],
  };
};
