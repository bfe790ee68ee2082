import type { Browser } from 'playwright-core';
import path from 'node:path';
import { ARTIFACTS_DIR, launchBrowser, openJourney } from '../src/browser';
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

it("staff see every area's live release and health on the back office's Versions page", async () => {
  const { page } = await openJourney(browser, { width: 1280, height: 900 });
  await page.goto(`${shop.url}/admin/login`);
  await page.getByLabel('Username or email').fill('admin@shwarimills.co.ke');
  await page.getByLabel('Password').fill('Admin@12345');
  await page.getByRole('button', { name: /log in|sign in/i }).click();
  await page.waitForURL(/\/admin\/dashboard$/);

  await page.getByRole('link', { name: 'Versions' }).click();
  await page.getByRole('heading', { level: 1, name: 'Versions' }).waitFor();
  const catalog = page.getByRole('row').filter({ hasText: 'catalogue' });
  await catalog.getByText('Healthy').waitFor();
  const catalogVersion = (await catalog.locator('code').textContent()) ?? '';
  expect(catalogVersion).toMatch(/^\d+\.\d+\.\d+/);
  const health = (await (await page.request.get(`${shop.url}/healthz`)).json()) as { version: string };
  await page.getByRole('row').filter({ hasText: 'this gateway' }).getByText(health.version).waitFor();
  await page.getByRole('row').filter({ hasText: 'mf_catalog' }).getByText('Healthy').waitFor();
  // For a look at the page (e2e/artifacts is not committed).
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'versions', 'admin-versions.png'), fullPage: true });
});
