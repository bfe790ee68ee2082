/**
 * axe-core in Chromium on a page once it has settled: the violations of WCAG 2.1 A/AA and axe's
 * best practices, by impact. The target is zero serious or critical ones.
 */
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import type { AxeResults } from 'axe-core';
import { followRequests } from './settle';
import type { StorefrontPage } from './pages';

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/**
 * axe is added to the page as an inline script, which the gateway's Content-Security-Policy
 * rightly refuses (only its own loader runs inline, by its hash), so these contexts do not apply
 * the policy. axe checks none of what the policy governs; the browser journeys (e2e) check that
 * the pages run under it.
 */
const BYPASS_CSP_FOR_AXE = { bypassCSP: true };

export interface AxeFigures {
  path: string;
  serious: number;
  critical: number;
  /** rule (impact): number of elements, first element: to read what to fix. */
  details: string[];
  /** The page's `<html lang>` when it was checked: the language it was shown in. */
  language: string;
}

/** Waits for the page to settle: no requests for a while and no loading indicator left. */
async function settle(page: Page, network: ReturnType<typeof followRequests>): Promise<void> {
  await page.waitForLoadState('load');
  await network.quiet();
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"], .ant-spin-spinning'), undefined, { timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

export async function axeCheck(page: Page, path: string, network: ReturnType<typeof followRequests>): Promise<AxeFigures> {
  await settle(page, network);
  await page.addScriptTag({ content: AXE_SOURCE });
  const results = (await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        // Experimental in axe, so outside every tag: a control whose name leaves out the words it shows (WCAG 2.5.3).
        rules: { 'label-content-name-mismatch': { enabled: true } },
        resultTypes: ['violations'],
      }),
    TAGS,
  )) as AxeResults;
  const count = (impact: string) =>
    results.violations.filter((rule) => rule.impact === impact).reduce((sum, rule) => sum + rule.nodes.length, 0);
  return {
    path,
    language: await page.evaluate(() => document.documentElement.lang),
    serious: count('serious'),
    critical: count('critical'),
    details: results.violations.map(
      (rule) => `${rule.id} (${rule.impact}): ${rule.nodes.length}, e.g. ${rule.nodes[0]?.target.join(' ') ?? ''}`,
    ),
  };
}

/** Storefront pages as a shopper on a phone sees them, with the given local storage and cookies (the cart, the language). */
export async function axeStorefront(browser: Browser, origin: string, pages: StorefrontPage[]): Promise<AxeFigures[]> {
  const figures: AxeFigures[] = [];
  for (const entry of pages) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, ...BYPASS_CSP_FOR_AXE });
    await context.addInitScript((storage) => {
      if (sessionStorage.getItem('bench-storage-set')) return;
      sessionStorage.setItem('bench-storage-set', '1');
      for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
    }, entry.storage);
    await context.addCookies(Object.entries(entry.cookies ?? {}).map(([name, value]) => ({ name, value, url: origin, sameSite: 'Lax' })));
    const page = await context.newPage();
    const network = followRequests(page);
    await page.goto(`${origin}${entry.path}`);
    figures.push(await axeCheck(page, entry.path, network));
    await context.close();
  }
  return figures;
}

/** The back office's pages on a desktop, signed in as staff through the login page. */
export async function axeBackOffice(
  browser: Browser,
  origin: string,
  paths: string[],
  credentials: { email: string; password: string },
): Promise<AxeFigures[]> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, ...BYPASS_CSP_FOR_AXE });
  const page = await context.newPage();
  const network = followRequests(page);
  const figures: AxeFigures[] = [];
  try {
    for (const path of paths) {
      await page.goto(`${origin}${path}`);
      if (path === '/admin/login') {
        figures.push(await axeCheck(page, path, network));
        await page.getByLabel('Username or email').fill(credentials.email);
        await page.getByLabel('Password').fill(credentials.password);
        await page.getByRole('button', { name: /log in|sign in/i }).click();
        await page.waitForURL(/\/admin\/dashboard$/);
        continue;
      }
      figures.push(await axeCheck(page, path, network));
    }
  } finally {
    await context.close();
  }
  return figures;
}
