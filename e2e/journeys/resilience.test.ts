import type { Browser } from 'playwright-core';
import { launchBrowser, openJourney, withScreenshotOnFailure } from '../src/browser';
import { startShop, type RunningShop } from '../src/shop';

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  // The catalogue remote runs on a port of its own, as its team deploys it.
  [shop, browser] = await Promise.all([startShop({ slot: 1, separateRemotes: ['mf_catalog'] }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

it('loads the catalogue from its own origin, then survives it going down', async () => {
  const { page } = await openJourney(browser);
  await withScreenshotOnFailure(page, 'stopped-remote', async () => {
    const remote = shop.stack.processes.get('mf_catalog')!;
    const config = await (await page.request.get(`${shop.url}/remotes.json`)).json();
    expect(config.remotes).toContainEqual(expect.objectContaining({ name: 'mf_catalog', entry: `${remote.url}/mf-manifest.json` }));

    await page.goto(`${shop.url}/`);
    await page.getByRole('heading', { name: 'Best Selling Products' }).waitFor();

    await shop.stack.stopProcess('mf_catalog');

    await page.goto(`${shop.url}/`);
    await page.getByText('This part of the shop is taking a short break').waitFor();
    // Header and footer keep working around the missing area.
    await page.getByRole('link', { name: 'Shwari Shop home' }).waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQs' }).click();
    await page.getByRole('heading', { name: 'Frequently Asked Questions' }).waitFor();
    await page.getByRole('button', { name: 'How can I pay?' }).click();
    await page.getByText('M-Pesa, Airtel Money, or a debit or credit card').waitFor();
  });
});
