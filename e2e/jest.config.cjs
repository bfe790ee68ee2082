const path = require('node:path');

module.exports = require('../jest.base.cjs')('node', {
  testMatch: ['**/journeys/**/*.test.ts'],
  // Knows whether a test failed, so the shared afterEach keeps its screenshot (e2e/artifacts/).
  testEnvironment: path.join(__dirname, 'src/journey-environment.cjs'),
  setupFilesAfterEnv: [path.join(__dirname, 'src/failure-artifacts.ts')],
  // A journey starts the shop and a browser: give it room on a two-core machine.
  testTimeout: 180_000,
  maxWorkers: 1,
});
