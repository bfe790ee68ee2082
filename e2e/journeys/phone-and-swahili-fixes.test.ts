import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Product } from '@shop/api-types';
import { ARTIFACTS_DIR, eventually, LAPTOP, launchBrowser, openJourney, PHONE, shopRendered } from '../src/browser';
import { startShop, type RunningShop } from '../src/shop';

/**
 * What shoppers still tripped over at 412 px and 1366 px, in English and Kiswahili (issue 24):
 * stale form error toasts, the account tabs off-screen, the drawer's stepper, the Swahili
 * leftovers. Screenshots go to e2e/artifacts/phone-and-swahili-fixes/ (kept for review).
 */

const SHOTS_DIR = path.join(ARTIFACTS_DIR, 'phone-and-swahili-fixes');

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  [shop, browser] = await Promise.all([startShop({ slot: 41 }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const shoot = (page: Page, name: string, fullPage = false): Promise<Buffer> =>
  page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage });

/** The shop in Kiswahili from the first page on (the header's switch keeps its choice in this cookie). */
const inSwahili = (context: BrowserContext): Promise<void> => context.addCookies([{ name: 'shop_lang', value: 'sw', url: shop.url }]);

async function products(page: Page): Promise<Product[]> {
  return (await (await page.request.get(`${shop.url}/api/site/products`)).json()) as Product[];
}

async function addToCart(page: Page, product: Product): Promise<void> {
  await page.goto(`${shop.url}/product/${product.slug}`);
  await page.getByRole('button', { name: `Add to Cart: ${product.name}` }).click();
  await page.getByText(`${product.name} added to cart`).first().waitFor();
}

async function logIn(page: Page): Promise<void> {
  await page.goto(`${shop.url}/login`);
  await page.getByRole('textbox', { name: 'Email address', exact: true }).fill('customer@example.com');
  await page.getByLabel(/^Password( \*)?$/).fill('Customer@123');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(/\/profile\/my-account$/);
}

it('checkout at 412 px: a county chosen while its error waited its turn never comes up later', async () => {
  const { page, context } = await openJourney(browser, PHONE);
  const [product] = (await products(page)).filter((item) => item.price > 2000);
  await addToCart(page, product!);
  await page.goto(`${shop.url}/checkout`);
  await page.getByRole('button', { name: 'Continue' }).click();
  const toasts = page.locator('.Toastify__toast');
  await toasts.first().waitFor();
  // Three show at once; 'County is required' is among those waiting.
  expect(await toasts.filter({ hasText: 'County is required' }).count()).toBe(0);
  const county = page.locator('#checkout-county');
  await county.selectOption({ index: 1 });
  // The shown toasts close (5 s) and the waiting ones come up: never the county's.
  const seen = new Set<string>();
  const until = Date.now() + 14_000;
  while (Date.now() < until) {
    for (const text of await toasts.allTextContents()) seen.add(text.trim());
    await page.waitForTimeout(250);
  }
  await shoot(page, 'checkout-toasts-412');
  expect([...seen]).not.toContain('County is required');
  expect([...seen]).toContain('Sub-county is required');
  await context.close();
});

it('account tabs at 412 px, in English and Kiswahili: every tab in sight, the active one too', async () => {
  for (const language of ['en', 'sw'] as const) {
    const { page, context } = await openJourney(browser, PHONE);
    await logIn(page);
    if (language === 'sw') await inSwahili(context);
    await page.goto(`${shop.url}/profile/points`);
    const tabs = page.locator('nav[aria-label] a[href^="/profile/"], nav[aria-label] button').filter({ visible: true });
    await eventually(
      () => tabs.count(),
      (count) => count === 5,
    );
    await shoot(page, `account-tabs-412-${language}`);
    for (const tab of await tabs.all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
    }
    const active = page.locator('nav[aria-label] a[aria-current="page"]');
    expect(await active.getAttribute('href')).toBe('/profile/points');
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await context.close();
  }
});

it('the cart drawer’s stepper at 412 px ends with its "+"', async () => {
  const { page, context } = await openJourney(browser, PHONE);
  const [product] = await products(page);
  await addToCart(page, product!);
  await page.getByRole('link', { name: /^Cart, \d+ items?$/ }).click();
  const drawer = page.getByRole('dialog');
  const stepper = drawer.getByRole('group', { name: `Quantity of ${product!.name}` });
  await stepper.waitFor();
  await page.waitForTimeout(500); // the drawer's slide
  await shoot(page, 'drawer-stepper-412');
  const whole = (await stepper.boundingBox())!;
  const plus = (await stepper.getByRole('button', { name: `Add one more ${product!.name}` }).boundingBox())!;
  expect(whole.x + whole.width - (plus.x + plus.width)).toBeLessThanOrEqual(2);
  await context.close();
});

it('Kiswahili at 412 px: product types, the card button on at most two lines, readable banner print, a missing product named', async () => {
  const { page, context } = await openJourney(browser, PHONE);
  await inSwahili(context);
  await page.goto(`${shop.url}/shop/all`);
  const types = page.getByRole('navigation', { name: 'Aina za bidhaa' });
  await types.getByRole('link', { name: 'Unga wa mahindi' }).waitFor();
  expect(await types.getByRole('link', { name: 'Maize Meal' }).count()).toBe(0);
  // Measure the shop's own render: the gateway's drawn copy is replaced whole, and a button
  // detached between two looks has no computed style at all.
  await shopRendered(page);
  const add = page.getByRole('button', { name: /kwenye kikapu/ }).first();
  await add.waitFor();
  await shoot(page, 'shop-cards-412-sw');
  const { lineHeight, textHeight } = await add.evaluate((button) => {
    const range = document.createRange();
    range.selectNodeContents(button);
    return { lineHeight: parseFloat(getComputedStyle(button).lineHeight), textHeight: range.getBoundingClientRect().height };
  });
  expect(lineHeight).toBeGreaterThan(0);
  expect(textHeight).toBeLessThanOrEqual(lineHeight * 2 + 1);

  await page.goto(`${shop.url}/`);
  // The gateway's drawn copy is replaced whole by the shop's render: look at the latter.
  await shopRendered(page);
  const banner = page.getByRole('link', { name: /Punguzo hadi 20% kwa unga wa Pwani Bora/ });
  await banner.scrollIntoViewIfNeeded();
  await shoot(page, 'mid-banner-412-sw');
  const smallPrint = banner.getByText('Ofa kwa unga wa chapati, unga unaojiumua na unga wa keki.');
  expect(await smallPrint.evaluate((element) => parseFloat(getComputedStyle(element).fontSize))).toBeGreaterThanOrEqual(12);
  expect((await banner.boundingBox())!.width).toBeLessThanOrEqual(PHONE.width);

  await page.goto(`${shop.url}/product/hakuna-bidhaa-kama-hii`);
  await page.getByText('Hatukupata bidhaa hiyo. Huenda haiuzwi tena.').waitFor();
  await eventually(
    () => page.title(),
    (title) => title === 'Bidhaa haipatikani | Shwari Shop',
  );
  await context.close();

  const english = await openJourney(browser, PHONE);
  await english.page.goto(`${shop.url}/product/no-such-product-here`);
  await english.page.getByText('We could not find that product. It may no longer be sold.').waitFor();
  await eventually(
    () => english.page.title(),
    (title) => title === 'Product not found | Shwari Shop',
  );
  await english.context.close();
});

it('Kiswahili at 1366 px: the assistant’s title is whole, not cut with "…"', async () => {
  const { page, context } = await openJourney(browser, LAPTOP);
  await inSwahili(context);
  await page.goto(`${shop.url}/shop/all`);
  await page.getByRole('button', { name: 'Ongea na msaidizi wetu wa ununuzi' }).click();
  const title = page.getByRole('region', { name: 'Msaidizi wa Ununuzi' }).getByRole('heading', { name: 'Msaidizi wa Ununuzi' });
  await title.waitFor();
  await shoot(page, 'chat-title-1366-sw');
  const fits = await title.evaluate((heading) => heading.scrollWidth <= heading.clientWidth);
  expect(fits).toBe(true);
  await context.close();
});
