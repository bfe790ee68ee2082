import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Brand, Product, ProductFilterResult } from '@shop/api-types';
import { eventually, launchBrowser, openJourney } from '../src/browser';
import { startShop, type RunningShop } from '../src/shop';

/**
 * Every drawn page of the shell's page table (shell/src/routing/pages.ts), with parameters: what
 * the gateway draws into the HTML (seen here with scripts off) is what the shop's own first render
 * shows, so the page never changes under the shopper's eyes when the shop takes over, and a
 * shopper without scripts sees the right page.
 */

const PHONE =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const VIEWPORT = { width: 412, height: 823 };

let shop: RunningShop;
let browser: Browser;
let still: BrowserContext;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ slot: 7 }), launchBrowser()]);
  still = await browser.newContext({ javaScriptEnabled: false, userAgent: PHONE, viewport: VIEWPORT });
});

afterAll(async () => {
  await still?.close();
  await browser?.close();
  await shop?.close();
});

const api = async <T>(path: string): Promise<T> => (await (await fetch(`${shop.url}${path}`)).json()) as T;

/** The page's main content as a shopper reads it (CSS applied, hidden text left out), spaces evened. */
const mainText = async (page: Page): Promise<string> => (await page.locator('main').innerText()).replace(/\s+/g, ' ').trim();

/**
 * The drawn page, with scripts off. The first request of a page may come plain (its drawing took
 * longer than the gateway waits, e.g. while the drawing thread starts): the next one is drawn.
 */
async function drawnText(page: Page, path: string): Promise<string> {
  await eventually(
    async () => {
      await page.goto(`${shop.url}${path}`);
      return page.locator('[data-first-screen]').count();
    },
    (count) => count === 1,
    20_000,
  );
  return mainText(page);
}

/**
 * Kept in the page, before any of its scripts: the text of the page's main content at the moment
 * the shop's own render replaces the drawn copy (a long grid then goes on to draw its further
 * cards, as it does on any page). A mutation observer's callback runs before the browser paints.
 */
function watchTakeOver(): void {
  const seen = window as unknown as { shopWasDrawn?: boolean; shopTakeOverText?: string };
  new MutationObserver(() => {
    if (document.querySelector('[data-first-screen]')) seen.shopWasDrawn = true;
    else if (seen.shopWasDrawn && seen.shopTakeOverText === undefined) {
      const main = document.querySelector('main');
      if (main) seen.shopTakeOverText = main.innerText.replace(/\s+/g, ' ').trim();
    }
  }).observe(document, { childList: true, subtree: true });
}

/** What the shop's own first render shows of the page, with the same screen and User-Agent. */
async function takeOverText(page: Page, path: string): Promise<string> {
  await page.goto(`${shop.url}${path}`);
  return eventually(
    () => page.evaluate(() => (window as unknown as { shopTakeOverText?: string }).shopTakeOverText ?? ''),
    (text) => text !== '',
    20_000,
  );
}

it('draws every page of the table with its parameters as the shop then renders it', async () => {
  const brands = await api<Brand[]>('/api/site/brands');
  const brand = brands.find((candidate) => candidate.slug === 'pwani-bora') ?? brands[0]!;
  const ofBrand = await api<ProductFilterResult>(`/api/site/products/filter/${brand.slug}`);
  const all = await api<Product[]>('/api/site/products');
  // The brand is one of several: its page shows its products only, not the whole catalogue.
  expect(ofBrand.products.length).toBeGreaterThan(0);
  expect(ofBrand.products.length).toBeLessThan(all.length);
  const category = ofBrand.products[0]!.category;
  const ofBrandAndCategory = ofBrand.products.filter((product) => product.category.slug === category.slug);
  const product = ofBrand.products[0]!;
  const showing = (count: number) => `Showing 1-${count} of ${count} results`;

  /** Each drawn path of the table, and what its drawn copy must show. */
  const pages: Array<{ path: string; shows: string[] }> = [
    { path: '/', shows: ['Best Selling Products'] },
    { path: '/shop/all', shows: [showing(all.length)] },
    {
      path: `/shop/${brand.slug}`,
      shows: [`${brand.name} Products`, showing(ofBrand.products.length), ...ofBrand.products.map((item) => item.name)],
    },
    {
      path: `/shop/${brand.slug}/${category.slug}`,
      shows: [`${brand.name} Products`, showing(ofBrandAndCategory.length), ...ofBrandAndCategory.map((item) => item.name)],
    },
    { path: `/brand/${brand.slug}`, shows: [`${brand.name} Products`, ...ofBrand.products.map((item) => item.name)] },
    { path: `/product/${product.slug}`, shows: [product.name, 'Product Description'] },
    { path: '/search?q=maize', shows: ['Search results for “maize”', 'products found'] },
  ];

  const scriptless = await still.newPage();
  const { page, errors } = await openJourney(browser, VIEWPORT);
  await page.setExtraHTTPHeaders({ 'user-agent': PHONE });
  await page.addInitScript(watchTakeOver);
  const stylesheetsAskedFor: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheetsAskedFor.push(new URL(request.url()).pathname);
  });
  for (const { path, shows } of pages) {
    const drawn = await drawnText(scriptless, path);
    for (const text of shows) expect({ path, drawn: drawn.includes(text) ? text : drawn }).toEqual({ path, drawn: text });
    // The brand's page holds none of the other brands' products.
    if (/^\/(shop|brand)\//.test(path) && path !== '/shop/all') {
      const others = all.filter((item) => item.brand.slug !== brand.slug && drawn.includes(item.name));
      expect({ path, others: others.map((item) => item.name) }).toEqual({ path, others: [] });
    }
    // Nothing changes when the shop takes over.
    stylesheetsAskedFor.length = 0;
    expect({ path, text: await takeOverText(page, path) }).toEqual({ path, text: drawn });
    // Its stylesheets came in the page (the shell's and its remote's), and the shop's scripts,
    // finding them there, asked for none of them again.
    const inPage = await page.evaluate(() =>
      Array.from(document.querySelectorAll('style[data-href]'), (style) => style.getAttribute('data-href')!),
    );
    expect({ path, inPage: inPage.length }).toEqual({ path, inPage: 3 });
    expect({ path, askedAgain: stylesheetsAskedFor.filter((asked) => inPage.some((name) => asked.endsWith(`/${name}`))) }).toEqual({
      path,
      askedAgain: [],
    });
  }
  expect(errors).toEqual([]);
});
