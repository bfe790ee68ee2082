import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';

/** Debian's Chromium (never a downloaded browser build). */
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
export const ARTIFACTS_DIR = path.resolve(__dirname, '../artifacts');
/** The screens the issues were seen on: a common Android phone and a common laptop. */
export const PHONE = { width: 412, height: 823 } as const;
export const LAPTOP = { width: 1366, height: 768 } as const;

export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH))
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install -y chromium).`);
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

export interface Journey {
  context: BrowserContext;
  page: Page;
  /** Browser errors seen so far (uncaught exceptions and console errors). */
  errors: string[];
}

/** Every page a journey opened, for src/failure-artifacts.ts to photograph when a test fails. */
const opened: Array<{ page: Page; errors: string[]; openedAt: number }> = [];
export const openPages = (): ReadonlyArray<{ page: Page; errors: string[]; openedAt: number }> => opened;

export async function openJourney(browser: Browser, viewport = { width: 390, height: 844 }): Promise<Journey> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  opened.push({ page, errors, openedAt: Date.now() });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return { context, page, errors };
}

/**
 * Runs a part of a journey. Failure screenshots are now taken for every journey test by the shared
 * afterEach in src/failure-artifacts.ts (e2e/artifacts/<journey>/<test name>.png); this wrapper
 * stays so existing journeys read the same.
 */
export async function withScreenshotOnFailure(_page: Page, _name: string, run: () => Promise<void>): Promise<void> {
  await run();
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

/**
 * Waits until an <img> is loaded, decoded and drawn (its picture really arrived), scrolled into view
 * so a lazy one loads. Asked afresh each time: on a drawn page the shop's render replaces the
 * gateway's copy whole, and an element found just before may be gone a moment later (Playwright's
 * own scrolling then fails with "Element is not attached to the DOM").
 */
export async function pictureArrived(image: Locator, timeoutMs = 10_000): Promise<void> {
  await eventually(
    () =>
      image
        .evaluate(
          (element: HTMLImageElement) => {
            element.scrollIntoView({ block: 'nearest' });
            return element.complete ? element.naturalWidth : 0;
          },
          undefined,
          { timeout: 2_000 },
        )
        .catch(() => 0),
    (width) => width > 0,
    timeoutMs,
  );
}

/**
 * Waits until the shop's own render has replaced the gateway's drawn copy of a page, which it does
 * whole (elements, focus and all): an element found in the drawn copy is gone a moment later, so a
 * journey that measures, scrolls to or focuses an element of a drawn page waits for this first.
 * On a page that was not drawn it returns at once.
 */
export async function shopRendered(page: Page): Promise<void> {
  await page.locator('[data-first-screen]').waitFor({ state: 'detached', timeout: 20_000 });
}
