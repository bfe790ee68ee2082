module.exports = require('../jest.base.cjs')('node', {
  // The production-start tests launch real service processes.
  testTimeout: 60_000,
});
