import type { Browser } from 'playwright-core';
import { catalogFileLanguage, type Brand, type Product } from '@shop/api-types';
import { eventually, launchBrowser, shopRendered } from '../src/browser';
import { startShop, type RunningShop } from '../src/shop';

/**
 * Drawn pages in the shopper's language (issue 18): a Kenyan phone set to Swahili gets the product
 * page drawn in Swahili (its HTML alone: <html lang>, the copy, the head's words, og:locale and the
 * hreflang links a search engine follows), the shop takes over in Swahili, the header's switch
 * re-renders it in English, and a reload stays English: the shopper's choice (the shop_lang cookie)
 * wins over the browser's Accept-Language.
 */

const PUBLIC_URL = 'https://duka.example';

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ slot: 33, env: { PUBLIC_URL } }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const api = async <T>(path: string): Promise<T> => (await (await fetch(`${shop.url}${path}`)).json()) as T;

/** The page's HTML as the gateway answers it, once drawn (the drawing thread may still be starting on the first request). */
async function drawnHtml(path: string, headers: Record<string, string>): Promise<{ html: string; vary: string | null }> {
  return eventually(
    async () => {
      const response = await fetch(`${shop.url}${path}`, { headers });
      return { html: await response.text(), vary: response.headers.get('vary') };
    },
    ({ html }) => html.includes('data-first-screen'),
    20_000,
  );
}

const metaOf = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)">`).exec(html)?.[1];
const alternatesOf = (html: string) =>
  Object.fromEntries([...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((match) => [match[1], match[2]]));
/** The drawn copy alone (the scripts' JSON islands left out). */
const drawnCopy = (html: string) => /<div data-first-screen[^>]*>([\s\S]*?)<\/div><script id="shop-first-screen"/.exec(html)?.[1] ?? '';

it('draws the product page in Swahili for Accept-Language sw, with hreflang links and Swahili share tags', async () => {
  const product = (await api<Product[]>('/api/site/products'))[0]!;
  const path = `/product/${product.slug}`;
  const { html, vary } = await drawnHtml(path, { 'accept-language': 'sw-KE,sw;q=0.9,en;q=0.8' });
  expect(html).toContain('<html lang="sw" data-shop-language="sw">');
  const copy = drawnCopy(html);
  expect(copy).toContain('Maelezo ya bidhaa');
  expect(copy).toContain('Usafirishaji bure kote nchini');
  expect(copy).not.toContain('Product Description');
  expect(copy).toContain(product.name);
  // The price as in English.
  expect(copy).toMatch(/KSh\s?[\d,]+\.\d\d/);
  expect(html).toContain(`<title>${product.name} | Shwari Shop</title>`);
  expect(metaOf(html, 'og:locale')).toBe('sw_KE');
  expect(metaOf(html, 'og:locale:alternate')).toBe('en_KE');
  expect(alternatesOf(html)).toEqual({
    en: `${PUBLIC_URL}${path}`,
    sw: `${PUBLIC_URL}${path}?lang=sw`,
    'x-default': `${PUBLIC_URL}${path}`,
  });
  expect(/<link rel="canonical" href="([^"]*)">/.exec(html)?.[1]).toBe(`${PUBLIC_URL}${path}?lang=sw`);
  expect(html).toContain('"name":"Nyumbani"');
  expect(vary).toContain('Accept-Language');

  // A search engine follows the hreflang link: no cookie, no Swahili Accept-Language.
  const crawled = await drawnHtml(`${path}?lang=sw`, { 'accept-language': 'en-US,en;q=0.9', 'user-agent': 'Googlebot/2.1' });
  expect(crawled.html).toContain('<html lang="sw" data-shop-language="sw">');
  expect(drawnCopy(crawled.html)).toContain('Maelezo ya bidhaa');
  // The English page names the same versions, and is English.
  const english = await drawnHtml(path, { 'accept-language': 'en-GB' });
  expect(drawnCopy(english.html)).toContain('Product Description');
  expect(metaOf(english.html, 'og:locale')).toBe('en_KE');
  expect(alternatesOf(english.html)).toEqual(alternatesOf(html));

  // A brand page's head, written by the shop, in Swahili; the brand's name as it is.
  const brand = (await api<Brand[]>('/api/site/brands'))[0]!;
  const brandPage = await drawnHtml(`/brand/${brand.slug}`, { 'accept-language': 'sw' });
  expect(brandPage.html).toContain(`<title>Bidhaa za ${brand.name} | Shwari Shop</title>`);
  expect(metaOf(brandPage.html, 'description')).toContain('usafirishaji bure kote nchini');
});

it('shows the shop in Swahili to a phone set to Swahili; the header switches it to English, and a reload stays English', async () => {
  const product = (await api<Product[]>('/api/site/products'))[0]!;
  const context = await browser.newContext({ locale: 'sw-KE', viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // The gateway's copy first (kept drawn by the test above), then the shop's own render.
  const first = await page.goto(`${shop.url}/product/${product.slug}`);
  expect(await first!.text()).toContain('<html lang="sw" data-shop-language="sw">');
  await shopRendered(page);
  await page.getByRole('heading', { name: 'Maelezo ya bidhaa' }).waitFor();
  expect(await page.locator('html').getAttribute('lang')).toBe('sw');
  expect(await page.title()).toBe(`${product.name} | Shwari Shop`);
  // The page's meta set by the shop keeps its language's address, as the gateway's head says it.
  expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${shop.url}/product/${product.slug}?lang=sw`);

  await page.getByRole('button', { name: 'Read the shop in English' }).click();
  await page.getByRole('heading', { name: 'Product Description' }).waitFor();
  expect(await page.locator('html').getAttribute('lang')).toBe('en');
  expect((await context.cookies()).find((cookie) => cookie.name === 'shop_lang')?.value).toBe('en');

  // The browser still asks for Swahili; the shopper's choice wins, drawn and rendered.
  const reloaded = await page.reload();
  const html = await reloaded!.text();
  expect(html).toContain('<html lang="en" data-shop-language="en">');
  expect(drawnCopy(html) || html).not.toContain('Maelezo ya bidhaa');
  await page.getByRole('heading', { name: 'Product Description' }).waitFor();
  expect(await page.getByText('Maelezo ya bidhaa').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Soma duka kwa Kiswahili' }).count()).toBe(1);
  expect(errors).toEqual([]);
  await context.close();
});

it("downloads the catalogs of the page's language only, the shell's and the page's remote's", async () => {
  const product = (await api<Product[]>('/api/site/products'))[0]!;
  for (const locale of ['sw-KE', 'en-GB']) {
    const context = await browser.newContext({ locale, viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const catalogs: string[] = [];
    page.on('request', (request) => {
      const file = new URL(request.url()).pathname;
      if (catalogFileLanguage(file)) catalogs.push(file);
    });
    await page.goto(`${shop.url}/product/${product.slug}`);
    await shopRendered(page);
    await page.getByRole('heading', { name: locale === 'sw-KE' ? 'Maelezo ya bidhaa' : 'Product Description' }).waitFor();
    const language = locale.slice(0, 2);
    // The shell's (with the shared packages') and the catalogue's, each asked for once.
    expect(catalogs.map((file) => catalogFileLanguage(file))).toEqual([language, language]);
    expect(new Set(catalogs).size).toBe(2);
    expect(catalogs.some((file) => file.startsWith('/remotes/mf-catalog/'))).toBe(true);
    await context.close();
  }
});
