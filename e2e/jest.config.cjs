module.exports = require('../jest.base.cjs')('node', {
  testMatch: ['**/journeys/**/*.test.ts'],
  // A journey starts the shop and a browser: give it room on a two-core machine.
  testTimeout: 180_000,
  maxWorkers: 1,
});
