import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openJourney } from '../src/browser';
import { startShop, type RunningShop } from '../src/shop';

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ slot: 7 }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

/** Chrome DevTools' "Slow 4G": 150 ms of latency, 1.6 Mbit/s down, 750 kbit/s up. */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };

/** From a shell page, the tap on the logo until the catalogue's home is shown (the remote loads on the way). */
async function tapToCatalogue(page: Page): Promise<number> {
  const started = Date.now();
  await page.getByRole('link', { name: 'Shwari Shop home' }).click();
  await page.getByRole('heading', { name: 'Best Selling Products' }).waitFor({ timeout: 30_000 });
  return Date.now() - started;
}

it("on a phone's bad network, the catalogue loads after its lost requests are retried, not its fallback", async () => {
  const { page, context } = await openJourney(browser);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);

  // A shell page first: the catalogue remote is not needed (nor loaded) yet.
  await page.goto(`${shop.url}/faqs`);
  await page.getByRole('heading', { name: 'Frequently Asked Questions' }).waitFor();

  // Lost: the first ask for the catalogue's entry script (retried by the shell's federation runtime
  // plugin), the first for its page's stylesheet, and the first two for one file of the page's code
  // (both retried by the remote's own build). The page registers the remote by that entry script,
  // so no manifest is asked for at all.
  const failed: string[] = [];
  const seen: Record<string, number> = { manifest: 0, entry: 0, chunk: 0, stylesheet: 0 };
  const kindOf = (url: string) =>
    url.includes('mf-manifest') ? 'manifest' : url.includes('remoteEntry') ? 'entry' : url.endsWith('.css') ? 'stylesheet' : 'chunk';
  const lostAsks: Record<string, number> = { manifest: 0, entry: 1, chunk: 2, stylesheet: 1 };
  // Counted per file, so both lost asks of the page's code are for the same file.
  const asksOf = new Map<string, number>();
  let firstOfKind: Record<string, string> = {};
  await page.route(/\/remotes\/mf-catalog\/[^/?]+\.(json|js|css)(\?.*)?$/, async (route) => {
    const file = new URL(route.request().url()).pathname;
    const kind = kindOf(file);
    seen[kind] = (seen[kind] ?? 0) + 1;
    firstOfKind = { [kind]: file, ...firstOfKind };
    asksOf.set(file, (asksOf.get(file) ?? 0) + 1);
    if (firstOfKind[kind] === file && asksOf.get(file)! <= lostAsks[kind]!) {
      failed.push(`${kind} #${asksOf.get(file)}`);
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });

  const ms = await tapToCatalogue(page);

  // The same tap on the same network with nothing lost, for comparison.
  const calm = await openJourney(browser);
  const calmCdp = await calm.context.newCDPSession(calm.page);
  await calmCdp.send('Network.enable');
  await calmCdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await calm.page.goto(`${shop.url}/faqs`);
  await calm.page.getByRole('heading', { name: 'Frequently Asked Questions' }).waitFor();
  const calmMs = await tapToCatalogue(calm.page);
  console.log(
    `Slow 4G: catalogue shown ${ms} ms after the tap with ${failed.length} lost requests (${failed.join(', ')}; asked ${JSON.stringify(seen)}), ${calmMs} ms with none`,
  );

  expect(await page.getByText('This part of the shop is taking a short break').count()).toBe(0);
  // Each lost ask was asked again, and the page is styled: the catalogue's stylesheet is in it.
  expect(failed).toEqual(expect.arrayContaining(['entry #1', 'chunk #2', 'stylesheet #1']));
  expect(seen.manifest).toBe(0);
  expect(Math.max(...[...asksOf].filter(([file]) => kindOf(file) === 'chunk').map(([, asks]) => asks))).toBeGreaterThan(2);
  expect(seen.stylesheet).toBeGreaterThan(1);
  const styled = await page.evaluate(() => Array.from(document.styleSheets).some((sheet) => sheet.href?.includes('/remotes/mf-catalog/')));
  expect(styled).toBe(true);
});
