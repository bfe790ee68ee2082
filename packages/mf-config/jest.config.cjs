const path = require('node:path');

const BUNDLER_RUNTIME_DIST = path.dirname(require.resolve('@module-federation/webpack-bundler-runtime'));

module.exports = require('../../jest.base.cjs')('node', {
  testMatch: ['**/?(*.)test.js'],
  // The bundler runtime's ES module files are webpack's to read; under jest the same file's CommonJS build.
  moduleNameMapper: {
    '^@module-federation/webpack-bundler-runtime/dist/(.*)\\.js$': `${BUNDLER_RUNTIME_DIST}/$1.cjs`,
  },
});
