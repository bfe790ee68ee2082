/**
 * Runs after every journey test (jest.config.cjs: setupFilesAfterEnv): when the test failed, each
 * page it opened is kept for CI as
 *   e2e/artifacts/<journey>/<test name>.png   a full-page screenshot
 *   e2e/artifacts/<journey>/<test name>.txt   the page's URL and the browser errors it logged
 * so a red run shows what the shopper saw. `.ci/run` prints the folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ARTIFACTS_DIR, openPages } from './browser';

declare global {
  // Set by src/journey-environment.cjs for the test that just ran.
  var __journeyFailed: boolean | undefined;
}

/** A file name from a test name: letters, digits and dashes, not too long. */
export function artifactName(text: string): string {
  return (
    text
      .replace(/[^\w]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 120) || 'test'
  );
}

let testStartedAt = 0;

beforeEach(() => {
  testStartedAt = Date.now();
});

afterEach(async () => {
  if (!globalThis.__journeyFailed) return;
  const { testPath, currentTestName } = expect.getState();
  const journey = path.basename(testPath ?? 'journey').replace(/\.test\.ts$/, '');
  const folder = path.join(ARTIFACTS_DIR, journey);
  fs.mkdirSync(folder, { recursive: true });
  const open = openPages().filter((entry) => !entry.page.isClosed());
  // The pages this test opened; a test that reuses an earlier page gets every open one.
  const opened = open.filter((entry) => entry.openedAt >= testStartedAt);
  const pages = opened.length > 0 ? opened : open;
  const base = artifactName(currentTestName ?? 'test');
  for (const [index, entry] of pages.entries()) {
    const name = index === 0 ? base : `${base}-${index + 1}`;
    await entry.page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true, timeout: 10_000 }).catch(() => undefined);
    const notes = [
      `test: ${currentTestName ?? ''}`,
      `url: ${entry.page.url()}`,
      '',
      'browser errors:',
      ...(entry.errors.length > 0 ? entry.errors.map((error) => `- ${error}`) : ['(none)']),
    ];
    fs.writeFileSync(path.join(folder, `${name}.txt`), `${notes.join('\n')}\n`);
  }
  console.log(`Failure artifacts of "${currentTestName ?? ''}": ${path.relative(process.cwd(), folder) || folder}/${base}.png`);
});
