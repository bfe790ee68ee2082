/**
 * A link shared on WhatsApp or Facebook, as their preview bots read it: one request for the HTML,
 * no scripts run. Each page's own title, description, canonical URL, share tags and image, the
 * product's JSON-LD and the 404s must be in the HTML the gateway sends; then Chromium with
 * JavaScript off sees the same head. The shop's public address is configured (PUBLIC_URL), not
 * taken from the request.
 */
import type { Browser } from 'playwright-core';
import type { Brand, Product } from '@shop/api-types';
import { launchBrowser } from '../src/browser';
import { startShop, type RunningShop } from '../src/shop';

const PUBLIC_URL = 'https://shwari.example';
const WHATSAPP = 'WhatsApp/2.23.20.0 A';
const FACEBOOK = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';

let shop: RunningShop;
let browser: Browser;

beforeAll(async () => {
  [shop, browser] = await Promise.all([startShop({ slot: 27, env: { PUBLIC_URL } }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await shop?.close();
});

const decode = (value: string): string =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

async function preview(path: string, userAgent = WHATSAPP) {
  const response = await fetch(`${shop.url}${path}`, { headers: { 'user-agent': userAgent } });
  const html = await response.text();
  const meta = (key: string): string | undefined => {
    const found = new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1];
    return found === undefined ? undefined : decode(found);
  };
  return {
    status: response.status,
    html,
    meta,
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''),
    canonical: /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1],
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    ),
  };
}

/** An image a tag names on the public address, fetched from the shop that is running here; a PNG's size read from its header. */
async function image(url: string): Promise<{ status: number; type: string; bytes: number; width?: number; height?: number }> {
  expect(url.startsWith(`${PUBLIC_URL}/`)).toBe(true);
  const response = await fetch(`${shop.url}${url.slice(PUBLIC_URL.length)}`);
  const body = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type') ?? '';
  const png = type === 'image/png' && body.length > 24 ? { width: body.readUInt32BE(16), height: body.readUInt32BE(20) } : {};
  return { status: response.status, type, bytes: body.length, ...png };
}

/** The raster card the catalogue draws of its SVG picture: WhatsApp and Facebook show no SVG. */
const shareCard = (picture: string): string => picture.replace(/^\/media\/([\w-]+)\/([\w-]+)\.svg$/, '/media/share/$1/$2.png');

it('the home page carries its own share tags and the 1200x630 home share image', async () => {
  const home = await preview('/');
  expect(home.status).toBe(200);
  expect(home.title).toBe('Shwari Shop');
  expect(home.meta('description')).toMatch(/Maize meal, wheat and baking flour/);
  expect(home.canonical).toBe(`${PUBLIC_URL}/`);
  expect(home.meta('og:type')).toBe('website');
  expect(home.meta('og:site_name')).toBe('Shwari Shop');
  expect(home.meta('og:url')).toBe(`${PUBLIC_URL}/`);
  expect(home.meta('twitter:card')).toBe('summary_large_image');
  expect(home.meta('og:image')).toBe(`${PUBLIC_URL}/og-image.png`);
  expect([home.meta('og:image:width'), home.meta('og:image:height')]).toEqual(['1200', '630']);
  const share = await image(home.meta('og:image')!);
  expect(share).toMatchObject({ status: 200, type: 'image/png' });
  expect(share.bytes).toBeGreaterThan(1000);
});

it('a product page carries its name, price in KES, availability and its own image, which answers', async () => {
  const products = (await (await fetch(`${shop.url}/api/site/products`)).json()) as Product[];
  const product = products.find((candidate) => candidate.offer) ?? products[0]!;
  const page = await preview(`/product/${product.slug}`, FACEBOOK);
  expect(page.status).toBe(200);
  expect(page.title).toBe(`${product.name} | Shwari Shop`);
  expect(page.meta('og:type')).toBe('product');
  expect(page.meta('og:title')).toBe(`${product.name} | Shwari Shop`);
  expect(page.meta('description')).toBeTruthy();
  expect(page.meta('description')).not.toMatch(/<\w/);
  expect(page.canonical).toBe(`${PUBLIC_URL}/product/${product.slug}`);
  expect(product.image).toMatch(/\.svg$/);
  expect(page.meta('og:image')).toBe(`${PUBLIC_URL}${shareCard(product.image)}`);
  expect(page.meta('twitter:image')).toBe(page.meta('og:image'));
  expect([page.meta('og:image:width'), page.meta('og:image:height')]).toEqual(['1200', '630']);
  const picture = await image(page.meta('og:image')!);
  expect(picture).toMatchObject({ status: 200, type: 'image/png', width: 1200, height: 630 });
  expect(picture.bytes).toBeGreaterThan(1000);
  const data = page.jsonLd.find((item) => item['@type'] === 'Product')!;
  const price = product.offer && product.offer.offer_price < product.price ? product.offer.offer_price : product.price;
  expect(data).toMatchObject({
    '@context': 'https://schema.org',
    name: product.name,
    image: `${PUBLIC_URL}${shareCard(product.image)}`,
    sku: product.slug,
    brand: { '@type': 'Brand', name: product.brand.name },
    offers: {
      '@type': 'Offer',
      priceCurrency: 'KES',
      price: price.toFixed(2),
      availability: 'https://schema.org/InStock',
      url: `${PUBLIC_URL}/product/${product.slug}`,
    },
  });
  expect(page.jsonLd.find((item) => item['@type'] === 'BreadcrumbList')).toBeTruthy();
});

it("a brand page carries its title, the brand's image and its breadcrumbs", async () => {
  const brand = ((await (await fetch(`${shop.url}/api/site/brands`)).json()) as Brand[])[0]!;
  const page = await preview(`/brand/${brand.slug}`);
  expect(page.status).toBe(200);
  expect(page.title).toBe(`${brand.name} Products | Shwari Shop`);
  expect(page.canonical).toBe(`${PUBLIC_URL}/brand/${brand.slug}`);
  expect(page.meta('og:image')).toBe(`${PUBLIC_URL}${shareCard(brand.image)}`);
  expect(await image(page.meta('og:image')!)).toMatchObject({ status: 200, type: 'image/png', width: 1200, height: 630 });
  expect(page.jsonLd).toEqual([
    expect.objectContaining({
      '@type': 'BreadcrumbList',
      itemListElement: [
        expect.objectContaining({ position: 1, item: `${PUBLIC_URL}/` }),
        expect.objectContaining({ position: 2, name: `${brand.name} Products`, item: `${PUBLIC_URL}/brand/${brand.slug}` }),
      ],
    }),
  ]);
});

it('unknown pages, products and brands answer 404 with the NotFound page, drawn or not, and again from the kept drawing', async () => {
  // Upper case: slugs the API refuses as malformed are pages that do not exist too.
  for (const path of [
    '/no/such/page',
    '/product/no-such-flour',
    '/brand/no-such-brand',
    '/shop/no-such-brand',
    '/product/Foo',
    '/shop/Nyota',
  ]) {
    for (let again = 0; again < 2; again++) {
      const page = await preview(path);
      expect([path, page.status]).toEqual([path, 404]);
      expect(page.title).toBe('Page not found | Shwari Shop');
      expect(page.meta('robots')).toBe('noindex');
      expect(page.canonical).toBeUndefined();
    }
  }
  // The shop shows the same NotFound page as before, now with its 404.
  const context = await browser.newContext();
  const tab = await context.newPage();
  const response = await tab.goto(`${shop.url}/product/no-such-flour`);
  expect(response!.status()).toBe(404);
  await tab.getByText('We could not find that product').first().waitFor();
  await context.close();
});

it('Chromium without JavaScript reads the same head: the tags are in the HTML, not added by scripts', async () => {
  const context = await browser.newContext({ javaScriptEnabled: false, userAgent: WHATSAPP });
  const tab = await context.newPage();
  const products = (await (await fetch(`${shop.url}/api/site/products`)).json()) as Product[];
  await tab.goto(`${shop.url}/product/${products[0]!.slug}`);
  expect(await tab.title()).toBe(`${products[0]!.name} | Shwari Shop`);
  expect(await tab.locator('meta[property="og:image"]').getAttribute('content')).toBe(`${PUBLIC_URL}${shareCard(products[0]!.image)}`);
  expect(await tab.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${PUBLIC_URL}/product/${products[0]!.slug}`);
  expect(await tab.locator('script[type="application/ld+json"]').count()).toBe(2);
  await context.close();
});

it("the page's JSON-LD is data: the Content-Security-Policy (scripts by hash) reports no violation for it", async () => {
  const context = await browser.newContext();
  const tab = await context.newPage();
  const refusals: string[] = [];
  tab.on('console', (message) => {
    if (/Refused to|Content Security Policy/i.test(message.text())) refusals.push(message.text());
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.error(`Content Security Policy: ${event.effectiveDirective}`));
  });
  const products = (await (await fetch(`${shop.url}/api/site/products`)).json()) as Product[];
  const response = await tab.goto(`${shop.url}/product/${products[0]!.slug}`);
  expect(response!.headers()['content-security-policy']).toMatch(/script-src 'self'/);
  expect(await tab.locator('script[type="application/ld+json"]').count()).toBe(2);
  await tab.getByRole('heading', { level: 1, name: products[0]!.name }).waitFor();
  await tab.waitForTimeout(300);
  expect(refusals).toEqual([]);
  await context.close();
});

it('/robots.txt keeps the private areas out and names /sitemap.xml, which lists every product and brand', async () => {
  const robots = await (await fetch(`${shop.url}/robots.txt`)).text();
  for (const area of ['/admin', '/profile', '/login', '/register', '/api/', '/success', '/failed'])
    expect(robots).toContain(`Disallow: ${area}\n`);
  for (const open of ['/cart', '/checkout']) expect(robots).not.toContain(`Disallow: ${open}`);
  expect(robots).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  const response = await fetch(`${shop.url}/sitemap.xml`);
  expect(response.status).toBe(200);
  const sitemap = await response.text();
  const products = (await (await fetch(`${shop.url}/api/site/products`)).json()) as Product[];
  const brands = (await (await fetch(`${shop.url}/api/site/brands`)).json()) as Brand[];
  for (const product of products) expect(sitemap).toContain(`<loc>${PUBLIC_URL}/product/${product.slug}</loc>`);
  for (const brand of brands) {
    expect(sitemap).toContain(`<loc>${PUBLIC_URL}/brand/${brand.slug}</loc>`);
    expect(sitemap).toContain(`<loc>${PUBLIC_URL}/shop/${brand.slug}</loc>`);
  }
});
