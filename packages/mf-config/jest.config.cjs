module.exports = require('../../jest.base.cjs')('node', { testMatch: ['**/?(*.)test.js'] });
