// Last step of `npm test`: one line with the totals of every jest run (see jest.summary-reporter.cjs).
const fs = require('node:fs');
const path = require('node:path');

const dir = path.join(__dirname, '..', '.test-results');
if (process.argv[2] === '--reset') {
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}
const totals = { passed: 0, failed: 0, skipped: 0 };
const rows = [];
for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  const result = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  rows.push(`  ${result.workspace.padEnd(20)} ${result.passed} passed, ${result.failed} failed`);
  for (const key of Object.keys(totals)) totals[key] += result[key];
}
console.log(`\nTest totals by workspace:\n${rows.sort().join('\n')}\n`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 || rows.length === 0 ? 1 : 0);
