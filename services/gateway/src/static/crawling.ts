import { createHash } from 'node:crypto';
import type Koa from 'koa';
import { DEFAULT_LANGUAGE, SHOP_LANGUAGES, type Brand, type Product, type ShopLanguage } from '@shop/api-types';
import type { GatewayConfig } from '../config';
import { LANGUAGE_PARAMETER } from '../ssr/pageLanguage';

/**
 * What search engines ask the shop for first: /robots.txt (the back office, the account pages, the
 * payment results and the API kept out; where the sitemap is) and /sitemap.xml (every page of the
 * catalogue, on the shop's public address, in each language: the English address and its `?lang=sw`
 * version, each naming the other as its alternate, as the pages' hreflang links do). The sitemap is made from the catalogue's public reads
 * (through the gateway itself, so its cache answers them) when first asked for, and made again
 * after the catalogue changes through the gateway (a staff change moves its generation, as it
 * retires the drawn pages), or after ten minutes for changes made other ways.
 */

/**
 * Paths no search engine needs: the back office, a shopper's own pages, the API, the payment results.
 * The cart and checkout stay crawlable: they are public pages with no one's data in them (a cart is
 * the visitor's own cookie), and a crawler told to keep out marks them as broken pages (Lighthouse's
 * SEO audit on /cart and /checkout).
 */
export const ROBOTS_DISALLOWED = ['/admin', '/profile', '/login', '/register', '/api/', '/success', '/failed'];
const SITEMAP_MAX_AGE_MS = 10 * 60_000;
const READ_TIMEOUT_MS = 5000;

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

interface SitemapEntry {
  path: string;
  /** The newest date the catalogue gives for what the page shows (its products' dates). */
  lastmod?: string;
}

const escapeXml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** The newer of two ISO dates (as a day), either possibly missing. */
function newer(known: string | undefined, date: string | undefined): string | undefined {
  const parsed = date ? new Date(date) : null;
  if (!parsed || Number.isNaN(parsed.getTime())) return known;
  const day = parsed.toISOString().slice(0, 10);
  return !known || day > known ? day : known;
}

/**
 * The catalogue's pages: home, the shop, each brand's shop and brand page, each brand and product
 * type that has products (and each product type across brands), each product. The catalogue gives
 * each product the date it was added, and no later one: a page's lastmod is its newest product's.
 */
export function sitemapEntries(products: Product[], brands: Brand[]): SitemapEntry[] {
  const entries = new Map<string, SitemapEntry>();
  const add = (path: string, lastmod?: string) => {
    const entry = entries.get(path) ?? { path };
    entry.lastmod = newer(entry.lastmod, lastmod);
    entries.set(path, entry);
  };
  add('/');
  add('/shop/all');
  for (const brand of brands) {
    add(`/brand/${brand.slug}`);
    add(`/shop/${brand.slug}`);
  }
  for (const product of products) {
    const date = product.created_at;
    add('/', date);
    add('/shop/all', date);
    add(`/shop/all/${product.category.slug}`, date);
    add(`/brand/${product.brand.slug}`, date);
    add(`/shop/${product.brand.slug}`, date);
    add(`/shop/${product.brand.slug}/${product.category.slug}`, date);
    add(`/product/${product.slug}`, date);
  }
  return [...entries.values()];
}

export function sitemapXml(publicUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.flatMap(({ path, lastmod }) => {
    const address = (language: ShopLanguage) =>
      escapeXml(`${publicUrl}${encodeURI(path)}${language === DEFAULT_LANGUAGE ? '' : `?${LANGUAGE_PARAMETER}=${language}`}`);
    const link = (hreflang: string, href: string) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${href}"/>`;
    const alternates = [
      ...SHOP_LANGUAGES.map((language) => link(language, address(language))),
      link('x-default', address(DEFAULT_LANGUAGE)),
    ].join('');
    const dated = lastmod ? `<lastmod>${lastmod}</lastmod>` : '';
    return SHOP_LANGUAGES.map((language) => `<url><loc>${address(language)}</loc>${dated}${alternates}</url>`);
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

interface Made {
  xml: string;
  etag: string;
  generation: number;
  madeAt: number;
}

/** Answers /robots.txt and /sitemap.xml; anything else is left to the next handler (false). */
export type Crawling = (ctx: Koa.Context) => Promise<boolean>;

export function crawling(
  config: Pick<GatewayConfig, 'publicUrl'>,
  catalogueGeneration: () => number,
  now: () => number = Date.now,
): Crawling {
  const robots = robotsTxt(config.publicUrl);
  const robotsTag = `"${createHash('sha1').update(robots).digest('base64url').slice(0, 27)}"`;
  let made: Made | null = null;
  let making: Promise<Made> | null = null;

  const read = async <T>(origin: string, path: string): Promise<T> => {
    const response = await fetch(`${origin}${path}`, { signal: AbortSignal.timeout(READ_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return (await response.json()) as T;
  };

  const make = async (origin: string): Promise<Made> => {
    // The generation read before the catalogue: a change meanwhile makes it again on the next request.
    const generation = catalogueGeneration();
    const [products, brands] = await Promise.all([
      read<Product[]>(origin, '/api/site/products'),
      read<Brand[]>(origin, '/api/site/brands'),
    ]);
    const xml = sitemapXml(config.publicUrl, sitemapEntries(products, brands));
    return { xml, etag: `"${createHash('sha1').update(xml).digest('base64url').slice(0, 27)}"`, generation, madeAt: now() };
  };

  const current = async (origin: string): Promise<Made> => {
    if (made && made.generation === catalogueGeneration() && now() - made.madeAt < SITEMAP_MAX_AGE_MS) return made;
    making ??= make(origin)
      .then((fresh) => {
        made = fresh;
        return fresh;
      })
      .finally(() => {
        making = null;
      });
    return making;
  };

  const answer = (ctx: Koa.Context, type: string, body: string, etag: string) => {
    ctx.type = type;
    ctx.set('Cache-Control', 'no-cache');
    ctx.etag = etag;
    ctx.status = 200;
    if (ctx.fresh) ctx.status = 304;
    else ctx.body = body;
  };

  return async (ctx) => {
    if (ctx.path === '/robots.txt') {
      answer(ctx, 'text/plain; charset=utf-8', robots, robotsTag);
      return true;
    }
    if (ctx.path !== '/sitemap.xml') return false;
    try {
      const sitemap = await current(`http://127.0.0.1:${ctx.req.socket.localPort}`);
      answer(ctx, 'application/xml; charset=utf-8', sitemap.xml, sitemap.etag);
    } catch {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.set('Retry-After', '30');
      ctx.body = 'The sitemap cannot be made just now: the catalogue is not answering.';
    }
    return true;
  };
}
