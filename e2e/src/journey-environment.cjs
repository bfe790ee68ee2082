// Jest's node environment, plus one fact the journeys' shared afterEach needs and cannot see for
// itself: whether the test that just ran failed (src/failure-artifacts.ts saves a screenshot then).
const { TestEnvironment } = require('jest-environment-node');

class JourneyEnvironment extends TestEnvironment {
  async handleTestEvent(event) {
    if (event.name === 'test_start') this.global.__journeyFailed = false;
    if (event.name === 'test_fn_failure') this.global.__journeyFailed = true;
  }
}

module.exports = JourneyEnvironment;
