/**
 * Lighthouse (the npm package) driving Debian's Chromium, mobile preset with its default
 * (simulated slow 4G, 4x CPU) throttling: the four category scores and LCP, CLS and TBT of a page.
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../../e2e/src/browser';
import type { StorefrontPage } from './pages';

/** The flags the issue names: a headless browser that fetches nothing of its own while measuring. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthouseFigures {
  url: string;
  /** 0-100 per category. */
  scores: Record<Category, number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /**
   * Lighthouse's measure of the machine's CPU in that run (higher is faster): its simulated phone
   * multiplies the tasks it observed here, so TBT and the performance score move with this between
   * machines (and with the load on one).
   */
  benchmarkIndex: number;
  /** Audits that did not pass (title and the figure Lighthouse shows), to read what to fix. */
  failing: string[];
}

export interface LighthouseRunner {
  /** The median of several runs (Lighthouse's own choice of run: nearest the median FCP and TTI). */
  measure(url: string, storage?: StorefrontPage['storage'], cookies?: StorefrontPage['cookies']): Promise<LighthouseFigures>;
  close(): Promise<void>;
}

/**
 * One Chromium for every page; Lighthouse clears the HTTP cache before each page, so every page is
 * a first visit. Local storage (the cart) is set beforehand on the same origin through a tiny
 * same-origin file (robots.txt), so nothing the page needs is cached by setting it.
 *
 * Five runs a page, the median one: Lighthouse's variability guide says the median of five halves
 * a single run's spread. With three, the same page and code scored TBT 24, 81, 107 and 198 ms in
 * four runs on one machine, so a page's verdict depended on which three it drew.
 */
export async function startLighthouse(runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5)): Promise<LighthouseRunner> {
  // ES modules only: loaded at run time from this CommonJS bench.
  const { launch } = await import('chrome-launcher');
  const { default: lighthouse } = await import('lighthouse');
  const { computeMedianRun } = await import('lighthouse/core/lib/median-run.js');
  const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  return {
    async measure(url, storage = {}, cookies = {}) {
      {
        // Every page starts from the same local storage: only what it names (each run is independent).
        const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        const context = browser.contexts()[0]!;
        const page = await context.newPage();
        await page.goto(new URL('/robots.txt', url).toString());
        await page.evaluate(
          ({ entries, jar }) => {
            localStorage.clear();
            for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
            for (const name of document.cookie
              .split(';')
              .map((part) => part.split('=')[0]!.trim())
              .filter(Boolean))
              document.cookie = `${name}=; Path=/; Max-Age=0`;
            for (const [name, value] of Object.entries(jar)) document.cookie = `${name}=${value}; Path=/; SameSite=Lax`;
          },
          { entries: storage, jar: cookies },
        );
        await page.close();
        // Leaves the browser running (it was not launched by this connection).
        await browser.close();
      }
      // A busy machine moves single runs a lot: several, and the median one, as Lighthouse advises.
      const results: Array<NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr']> = [];
      // A run Lighthouse itself reports as broken (no paint seen, a protocol timeout) is tried again, twice at most.
      let lastError = '';
      for (let attempt = 0; results.length < Math.max(1, runs) && attempt < Math.max(1, runs) + 2; attempt++) {
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
        if (!result || result.lhr.runtimeError) {
          lastError = result?.lhr.runtimeError?.message ?? 'no result';
          continue;
        }
        results.push(result.lhr);
      }
      if (!results.length) throw new Error(`Lighthouse could not measure ${url}: ${lastError}`);
      // Typed against Lighthouse's internal result type, which is the same object.
      const lhr = computeMedianRun(results) as (typeof results)[number];
      const score = (category: Category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
      const numeric = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
      const failing = Object.values(lhr.audits)
        .filter(
          (audit) =>
            audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual',
        )
        .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      return {
        url,
        scores: {
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
          seo: score('seo'),
        },
        lcpMs: numeric('largest-contentful-paint'),
        cls: numeric('cumulative-layout-shift'),
        tbtMs: numeric('total-blocking-time'),
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
        failing,
      };
    },
    async close() {
      chrome.kill();
    },
  };
}
