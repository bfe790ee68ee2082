/**
 * What the gateway answers for a storefront page as a link preview or a search engine reads it
 * (no scripts): its status (404 for the shop's NotFound, drawn or not, kept or not), its own
 * head (title, description, canonical URL, Open Graph, Twitter, JSON-LD, all escaped), and
 * /sitemap.xml and /robots.txt. Stand-in renderers report what the catalogue's would.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import type { Brand, Product } from '@shop/api-types';
import { createLogger } from '@shop/service-kit';
import type { GatewayConfig, RemoteEntry } from '../config';
import { compilePageLookup } from '../pages/pageTable';
import { TEST_PAGES } from '../pages/pageTableFixture';
import { createDrawer } from '../ssr/drawing';
import { firstScreens } from '../ssr/firstScreen';
import { shareImage } from '../ssr/pageHead';
import { crawling, robotsTxt } from './crawling';
import { staticSite } from './staticSite';

const SHELL_RENDERER = `
exports.PAGE_SLOT = '<template data-first-screen-page=""></template>';
exports.renderLayout = async () => '<header>Shwari Shop</header><main>' + exports.PAGE_SLOT + '</main>';
`;
/** Product pages by slug: 'missing-*' are not found, 'slow-*' take 600 ms, 'sold-out' cannot be ordered. */
const CATALOGUE_RENDERER = `
exports.renderPage = async ({ module, url }) => {
  const slug = url.split('?')[0].split('/').pop();
  if (slug.startsWith('slow')) await new Promise((resolve) => setTimeout(resolve, 600));
  if (slug.startsWith('missing')) return { html: '<h1>We could not find that product.</h1>', queries: [], notFound: true };
  if (module !== 'ProductPage') return { html: '<h1>' + module + '</h1>', queries: [], facts: {
    title: 'Pwani Bora Products', description: 'Pwani Bora by Pwani Grain Mills Ltd.', image: '/media/brands/pwani-bora.svg',
    breadcrumbs: [{ name: 'Home', path: '/' }, { name: 'Shop', path: '/shop/all' }, { name: 'Pwani Bora', path: '/shop/pwani-bora' }] } };
  const name = 'Unga "Bora" </script><script>alert(1)</script> & Co';
  return {
    html: '<h1>' + slug + '</h1>',
    queries: [],
    facts: {
      title: name,
      description: 'Fine <sifted> maize meal & more',
      image: '/media/products/' + slug + '.svg',
      product: { name, image: '/media/products/' + slug + '.svg', description: 'Fine sifted maize meal', sku: slug, brand: 'Mlima Gold',
        price: 165, inStock: slug !== 'sold-out' },
      breadcrumbs: [{ name: 'Home', path: '/' }, { name: 'Mlima Gold', path: '/shop/mlima-gold' }, { name, path: '/product/' + slug }],
    },
  };
};
`;
const SHELL_HTML =
  '<!doctype html><html lang=en><head><meta charset=utf-8><title>Shwari Shop</title><meta name=description content="Flour and groceries."><script defer src=/main.js></script></head><body><div id=root></div></body></html>';
const PUBLIC_URL = 'https://shop.example';
const PREVIEW = 'WhatsApp/2.23.20.0 A';
const FACEBOOK = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';

const product = (slug: string, brand: string, category: string, created: string): Product =>
  ({
    slug,
    brand: { id: 1, name: brand, slug: brand },
    category: { id: 1, name: category, slug: category },
    created_at: created,
  }) as Product;

describe('storefront pages as link previews and search engines read them', () => {
  let dir: string;
  let server: http.Server;
  let base: string;
  let generation = 0;
  let catalogue: { products: Product[]; brands: Brand[] };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-answers-'));
    fs.mkdirSync(path.join(dir, 'shell', 'server'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'mf-catalog', 'server'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'shell', 'index.html'), SHELL_HTML);
    fs.writeFileSync(path.join(dir, 'shell', 'server', 'index.js'), SHELL_RENDERER);
    fs.writeFileSync(path.join(dir, 'mf-catalog', 'server', 'index.js'), CATALOGUE_RENDERER);
    const config = {
      shellDir: path.join(dir, 'shell'),
      localRemotes: [{ name: 'mf_catalog', folder: 'mf-catalog', dir: path.join(dir, 'mf-catalog') }],
      formTargets: [],
      publicUrl: PUBLIC_URL,
    } as unknown as GatewayConfig;
    const remotes: RemoteEntry[] = [{ name: 'mf_catalog', entry: '/remotes/mf-catalog/mf-manifest.json' }];
    const logger = createLogger('gateway');
    const app = new Koa();
    // The catalogue's public reads, as the gateway proxies them.
    app.use(async (ctx, next) => {
      if (ctx.path === '/api/site/products') ctx.body = catalogue.products;
      else if (ctx.path === '/api/site/brands') ctx.body = catalogue.brands;
      else await next();
    });
    app.use(
      staticSite(config, () => remotes, {
        lookUpPage: compilePageLookup(TEST_PAGES),
        screens: firstScreens(config, logger, () => generation, Date.now, createDrawer(config, logger)),
        crawling: crawling(config, () => generation),
      }),
    );
    server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const get = async (pathname: string, userAgent = PREVIEW) => {
    const response = await fetch(`${base}${pathname}`, { headers: { 'user-agent': userAgent } });
    return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
  };
  const meta = (html: string, key: string): string | undefined =>
    new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1];
  const jsonLd = (html: string): Array<Record<string, unknown>> =>
    [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) => JSON.parse(match[1]!));

  it('answers a path no page takes 404 with the shop page, its NotFound title and no canonical URL', async () => {
    const page = await get('/no/such/page');
    expect(page.status).toBe(404);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.body).toContain('<div id=root></div>');
    expect(page.body).toContain('<title>Page not found | Shwari Shop</title>');
    expect(meta(page.body, 'robots')).toBe('noindex');
    expect(page.body).not.toContain('rel="canonical"');
    // The template's own title and description are replaced, not repeated.
    expect(page.body.match(/<title>/g)).toHaveLength(1);
    expect(page.body).not.toContain('Flour and groceries.');
  });

  it('answers an unknown product 404 with the drawn NotFound, and still 404 when the drawn page is reused and after a catalogue change', async () => {
    const first = await get('/product/missing-flour');
    expect(first.status).toBe(404);
    expect(first.body).toContain('We could not find that product.');
    expect(first.body).toContain('<title>Page not found | Shwari Shop</title>');
    expect(jsonLd(first.body)).toEqual([]);
    // Kept with its status: the next reader, a person this time, gets the same answer from the kept page.
    const kept = await get('/product/missing-flour', 'Mozilla/5.0 (Linux; Android 11) Mobile Safari/537.36');
    expect(kept.status).toBe(404);
    const again = await get('/product/missing-flour');
    expect(again.status).toBe(404);
    generation++;
    expect((await get('/product/missing-flour')).status).toBe(404);
  });

  it('gives a product page its own title, description, canonical URL, share tags with its own image, all escaped', async () => {
    const page = await get('/product/unga-2kg?utm_source=whatsapp');
    expect(page.status).toBe(200);
    const title = 'Unga &quot;Bora&quot; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co | Shwari Shop';
    expect(page.body).toContain('<title>Unga "Bora" &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co | Shwari Shop</title>');
    expect(page.body).not.toContain('<script>alert(1)');
    expect(meta(page.body, 'description')).toBe('Fine &lt;sifted&gt; maize meal &amp; more');
    expect(page.body).toContain('<link rel="canonical" href="https://shop.example/product/unga-2kg">');
    expect(meta(page.body, 'og:type')).toBe('product');
    expect(meta(page.body, 'og:site_name')).toBe('Shwari Shop');
    expect(meta(page.body, 'og:title')).toBe(title);
    expect(meta(page.body, 'og:description')).toBe('Fine &lt;sifted&gt; maize meal &amp; more');
    expect(meta(page.body, 'og:url')).toBe('https://shop.example/product/unga-2kg');
    // Its picture's raster card: WhatsApp and Facebook show no SVG.
    expect(meta(page.body, 'og:image')).toBe('https://shop.example/media/share/products/unga-2kg.png');
    expect(meta(page.body, 'og:image:width')).toBe('1200');
    expect(meta(page.body, 'og:image:height')).toBe('630');
    expect(meta(page.body, 'twitter:card')).toBe('summary_large_image');
    expect(meta(page.body, 'twitter:title')).toBe(title);
    expect(meta(page.body, 'twitter:image')).toBe('https://shop.example/media/share/products/unga-2kg.png');
  });

  it('carries schema.org Product JSON-LD with the price in KES and its availability, and the breadcrumbs', async () => {
    const [product, breadcrumbs] = jsonLd((await get('/product/unga-2kg')).body);
    expect(product).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Unga "Bora" </script><script>alert(1)</script> & Co',
      image: 'https://shop.example/media/share/products/unga-2kg.png',
      description: 'Fine sifted maize meal',
      sku: 'unga-2kg',
      brand: { '@type': 'Brand', name: 'Mlima Gold' },
      offers: {
        '@type': 'Offer',
        url: 'https://shop.example/product/unga-2kg',
        priceCurrency: 'KES',
        price: '165.00',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
    });
    expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList' });
    expect((breadcrumbs!.itemListElement as unknown[])[1]).toEqual({
      '@type': 'ListItem',
      position: 2,
      name: 'Mlima Gold',
      item: 'https://shop.example/shop/mlima-gold',
    });
    const soldOut = jsonLd((await get('/product/sold-out')).body)[0]!;
    expect((soldOut.offers as { availability: string }).availability).toBe('https://schema.org/OutOfStock');
  });

  it("gives a shop page its BreadcrumbList and its brand's image", async () => {
    const page = await get('/shop/pwani-bora');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Pwani Bora Products | Shwari Shop</title>');
    expect(meta(page.body, 'og:type')).toBe('website');
    expect(meta(page.body, 'og:image')).toBe('https://shop.example/media/share/brands/pwani-bora.png');
    const [breadcrumbs] = jsonLd(page.body);
    expect(breadcrumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Home', item: 'https://shop.example/' },
        { position: 2, name: 'Shop', item: 'https://shop.example/shop/all' },
        { position: 3, name: 'Pwani Bora', item: 'https://shop.example/shop/pwani-bora' },
      ],
    });
  });

  it('gives a page the browser draws its table title and the home share image', async () => {
    const page = await get('/login');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Login | Shwari Shop</title>');
    expect(page.body).toContain('<link rel="canonical" href="https://shop.example/login">');
    expect(meta(page.body, 'og:image')).toBe('https://shop.example/og-image.png');
    expect(meta(page.body, 'og:image:width')).toBe('1200');
    expect(meta(page.body, 'og:image:height')).toBe('630');
  });

  it('lets a link preview wait for a slow drawing, where a shopper gets the page at once', async () => {
    const shopper = await get('/product/slow-one', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120');
    expect(shopper.body).not.toContain('<h1>slow-one</h1>');
    const preview = await get('/product/slow-two', FACEBOOK);
    expect(preview.body).toContain('<h1>slow-two</h1>');
    expect(meta(preview.body, 'og:type')).toBe('product');
    const missing = await get('/product/missing-slow', FACEBOOK);
    expect(missing.status).toBe(404);
  });

  it('lists every product, brand and shop page in /sitemap.xml, made again after a catalogue change', async () => {
    catalogue = {
      brands: [{ slug: 'mlima-gold' } as Brand, { slug: 'nyota' } as Brand],
      products: [product('unga-2kg', 'mlima-gold', 'maize-meal', '2026-01-10T08:00:00.000Z')],
    };
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.type).toMatch(/^application\/xml/);
    expect(sitemap.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9" xmlns:xhtml="http:\/\/www.w3.org\/1999\/xhtml">/,
    );
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://shop.example/',
        'https://shop.example/shop/all',
        'https://shop.example/product/unga-2kg',
        'https://shop.example/brand/mlima-gold',
        'https://shop.example/brand/nyota',
        'https://shop.example/shop/nyota',
        'https://shop.example/shop/mlima-gold/maize-meal',
        'https://shop.example/shop/all/maize-meal',
      ]),
    );
    expect(sitemap.body).toContain('<url><loc>https://shop.example/product/unga-2kg</loc><lastmod>2026-01-10</lastmod><xhtml:link');
    // Each page in each language, both naming every version of it.
    const alternates =
      '<xhtml:link rel="alternate" hreflang="en" href="https://shop.example/product/unga-2kg"/>' +
      '<xhtml:link rel="alternate" hreflang="sw" href="https://shop.example/product/unga-2kg?lang=sw"/>' +
      '<xhtml:link rel="alternate" hreflang="x-default" href="https://shop.example/product/unga-2kg"/>';
    expect(sitemap.body).toContain(`<url><loc>https://shop.example/product/unga-2kg</loc><lastmod>2026-01-10</lastmod>${alternates}</url>`);
    expect(sitemap.body).toContain(
      `<url><loc>https://shop.example/product/unga-2kg?lang=sw</loc><lastmod>2026-01-10</lastmod>${alternates}</url>`,
    );
    expect(locs.filter((loc) => loc!.endsWith('?lang=sw'))).toHaveLength(locs.length / 2);

    // A product added without the gateway seeing a staff change: the kept sitemap still answers.
    catalogue.products.push(product('mchele-1kg', 'nyota', 'rice', '2026-02-01T08:00:00.000Z'));
    expect((await get('/sitemap.xml')).body).not.toContain('mchele-1kg');
    // A staff change through the gateway moves the catalogue's generation: the next sitemap has it.
    generation++;
    const changed = await get('/sitemap.xml');
    expect(changed.body).toContain('<url><loc>https://shop.example/product/mchele-1kg</loc><lastmod>2026-02-01</lastmod><xhtml:link');
    expect(changed.body).toContain('<loc>https://shop.example/shop/nyota/rice</loc>');
  });

  it('answers /robots.txt with the private areas kept out and the sitemap named', async () => {
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.type).toMatch(/^text\/plain/);
    expect(robots.body).toBe(robotsTxt(PUBLIC_URL));
    for (const area of ['/admin', '/profile', '/login', '/register', '/api/', '/success', '/failed'])
      expect(robots.body).toContain(`\nDisallow: ${area}\n`);
    // The cart and checkout are public pages a crawler may read (Lighthouse's SEO audit fails them otherwise).
    for (const open of ['/cart', '/checkout']) expect(robots.body).not.toContain(`Disallow: ${open}`);
    expect(robots.body.startsWith('User-agent: *\n')).toBe(true);
    expect(robots.body).toContain('\nSitemap: https://shop.example/sitemap.xml\n');
  });
});

describe('the picture a page is shared with', () => {
  it("is a catalogue picture's raster card: PNG for the catalogue's drawings, JPEG for staff photos", () => {
    expect(shareImage('/media/products/unga-2kg.svg')).toEqual({ path: '/media/share/products/unga-2kg.png', width: 1200, height: 630 });
    expect(shareImage('/media/brands/nyota.svg').path).toBe('/media/share/brands/nyota.png');
    expect(shareImage('/media/uploads/a1b2c3d4e5f6a7b8c9d0.webp').path).toBe('/media/share/uploads/a1b2c3d4e5f6a7b8c9d0.jpg');
  });

  it('is any other image as it is, its size unknown', () => {
    expect(shareImage('https://cdn.example/flour.jpg')).toEqual({ path: 'https://cdn.example/flour.jpg' });
    expect(shareImage('/media/share/products/unga-2kg.png')).toEqual({ path: '/media/share/products/unga-2kg.png' });
    expect(shareImage('/media/products/../../secret.svg')).toEqual({ path: '/media/products/../../secret.svg' });
  });
});
