import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (never a downloaded browser build). */
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
export const ARTIFACTS_DIR = path.resolve(__dirname, '../artifacts');

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install -y chromium).`);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
  });
}

export interface Journey {
  context: BrowserContext;
  page: Page;
  /** Browser errors seen so far (uncaught exceptions and console errors). */
  errors: string[];
}

export async function openJourney(browser: Browser, viewport = { width: 390, height: 844 }): Promise<Journey> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

/** Runs a journey and keeps a screenshot of the page when it fails (CI keeps e2e/artifacts/). */
export async function withScreenshotOnFailure(page: Page, name: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name.replace(/\W+/g, '-')}.png`), fullPage: true }).catch(() => undefined);
    throw error;
  }
}

/** Waits until a condition about the page holds (the UI updates asynchronously). */
export async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await probe();
  while (!accept(last)) {
    if (Date.now() > deadline) throw new Error(`Condition not met in ${timeoutMs} ms; last value: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await probe();
  }
  return last;
}
