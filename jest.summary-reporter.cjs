// Records each jest run's totals in .test-results/, so `npm test` can end with one plain line
// for the whole repository: "N passed, N failed".
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const dir = path.join(__dirname, '.test-results');
    fs.mkdirSync(dir, { recursive: true });
    const name = path.basename(process.cwd());
    fs.writeFileSync(
      path.join(dir, `${name}-${process.pid}.json`),
      JSON.stringify({ workspace: name, passed: results.numPassedTests, failed: results.numFailedTests, skipped: results.numPendingTests }),
    );
  }
}

module.exports = SummaryReporter;
