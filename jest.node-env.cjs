// Node's own test environment, able to run a file in another time zone (jest.time-zone.cjs).
const { TestEnvironment } = require('jest-environment-node');
const withTimeZone = require('./jest.time-zone.cjs');

module.exports = withTimeZone(TestEnvironment);
