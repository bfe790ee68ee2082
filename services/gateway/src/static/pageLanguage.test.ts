/**
 * The storefront page in the shopper's language: which language the gateway picks (the cookie,
 * then `?lang=`, then Accept-Language, then English), what it passes the renderers, the page's
 * `<html lang data-shop-language>`, its head's words, og:locale and hreflang links, one drawn copy
 * kept per language, and the answer's Vary. Stand-in renderers draw in the language they are given.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { createLogger } from '@shop/service-kit';
import type { GatewayConfig, RemoteEntry } from '../config';
import { compilePageLookup } from '../pages/pageTable';
import { TEST_PAGES } from '../pages/pageTableFixture';
import { createDrawer } from '../ssr/drawing';
import { firstScreens } from '../ssr/firstScreen';
import { choosePageLanguage, languageUrl, withPageLanguage } from '../ssr/pageLanguage';
import { staticSite } from './staticSite';

const SHELL_RENDERER = `
exports.PAGE_SLOT = '<template data-first-screen-page=""></template>';
exports.renderLayout = async ({ language }) =>
  '<header>' + (language === 'sw' ? 'Duka' : 'Shop') + '</header><main>' + exports.PAGE_SLOT + '</main>';
`;
/** Counts its drawings per language and URL (globalThis.shopDraws), so a test sees what was kept. */
const CATALOGUE_RENDERER = `
exports.renderPage = async ({ url, language }) => {
  const draws = (globalThis.shopDraws ??= {});
  const key = language + ' ' + url;
  draws[key] = (draws[key] ?? 0) + 1;
  const slug = url.split('?')[0].split('/').pop();
  const sw = language === 'sw';
  if (slug.startsWith('missing')) return { html: '<h1>' + (sw ? 'Hatukupata bidhaa hiyo.' : 'We could not find that product.') + '</h1>', queries: [], notFound: true };
  return {
    html: '<h1>' + slug + '</h1><button>' + (sw ? 'Weka kwenye kikapu' : 'Add to Cart') + '</button>',
    queries: [],
    facts: { title: 'Pembe Maize Meal 2kg', description: sw ? 'Unga wa ugali laini' : 'Fine maize meal' },
  };
};
`;
const SHELL_HTML =
  '<!doctype html><html lang=en><head><meta charset=utf-8><title>Shwari Shop</title><script defer src=/main.js></script></head><body><div id=root></div></body></html>';
const PUBLIC_URL = 'https://shop.example';
const PHONE = 'Mozilla/5.0 (Linux; Android 11) Mobile Safari/537.36';
const SWAHILI = 'sw-KE,sw;q=0.9,en;q=0.8';

describe('choosing the page language', () => {
  it('takes the cookie, then ?lang, then Accept-Language, then English', () => {
    expect(choosePageLanguage('en', 'sw', SWAHILI)).toEqual({ language: 'en', from: 'cookie' });
    expect(choosePageLanguage('sw', undefined, 'en-GB')).toEqual({ language: 'sw', from: 'cookie' });
    expect(choosePageLanguage(undefined, 'sw', 'en-GB')).toEqual({ language: 'sw', from: 'address' });
    expect(choosePageLanguage(undefined, 'en', SWAHILI)).toEqual({ language: 'en', from: 'address' });
    expect(choosePageLanguage(undefined, undefined, SWAHILI)).toEqual({ language: 'sw', from: 'accept-language' });
    expect(choosePageLanguage(undefined, undefined, 'fr-FR,sw;q=0.5,en;q=0.4')).toEqual({ language: 'sw', from: 'accept-language' });
    expect(choosePageLanguage(undefined, undefined, 'fr-FR')).toEqual({ language: 'en', from: 'accept-language' });
    expect(choosePageLanguage(undefined, undefined, undefined)).toEqual({ language: 'en', from: 'accept-language' });
    // Values the shop does not speak are passed over, never trusted.
    expect(choosePageLanguage('fr', ['sw', 'en'], 'sw;q=0')).toEqual({ language: 'en', from: 'accept-language' });
    expect(choosePageLanguage('SW"<', 'de', SWAHILI)).toEqual({ language: 'sw', from: 'accept-language' });
  });

  it("writes the language on the template's <html>, whatever it said", () => {
    expect(withPageLanguage('<!doctype html><html lang=en><head>', 'sw')).toBe(
      '<!doctype html><html lang="sw" data-shop-language="sw"><head>',
    );
    expect(withPageLanguage('<html class="x" lang="en" data-shop-language="en">', 'en')).toBe(
      '<html class="x" lang="en" data-shop-language="en">',
    );
    expect(withPageLanguage('<html>', 'sw')).toBe('<html lang="sw" data-shop-language="sw">');
    // The shell's start-up catalogs, one per language as its build marks them: the page's own is kept.
    const template =
      '<html lang=en><head><link href=/i18n-en.1a2b3c4d.js rel=preload as=script data-shop-language=en><link href=/i18n-sw.5e6f7a8b.js rel=preload as=script data-shop-language=sw><link href=/framework.1a2b3c4d.js rel=preload as=script></head>';
    expect(withPageLanguage(template, 'sw')).toBe(
      '<html lang="sw" data-shop-language="sw"><head><link href=/i18n-sw.5e6f7a8b.js rel=preload as=script data-shop-language=sw><link href=/framework.1a2b3c4d.js rel=preload as=script></head>',
    );
    expect(withPageLanguage(template, 'en')).not.toContain('i18n-sw');
  });

  it('gives each language its address: English without a parameter, Swahili with ?lang=sw, no other query', () => {
    expect(languageUrl(PUBLIC_URL, '/product/unga-2kg', 'en')).toBe('https://shop.example/product/unga-2kg');
    expect(languageUrl(PUBLIC_URL, '/product/unga-2kg', 'sw')).toBe('https://shop.example/product/unga-2kg?lang=sw');
    expect(languageUrl(PUBLIC_URL, '/', 'sw')).toBe('https://shop.example/?lang=sw');
  });
});

describe('storefront pages in the shopper’s language', () => {
  let dir: string;
  let server: http.Server;
  let base: string;
  const draws = () => (globalThis as unknown as { shopDraws?: Record<string, number> }).shopDraws ?? {};

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-language-'));
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
    app.use(
      staticSite(config, () => remotes, {
        lookUpPage: compilePageLookup(TEST_PAGES),
        screens: firstScreens(config, logger, () => 0, Date.now, createDrawer(config, logger)),
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

  const get = async (pathname: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${base}${pathname}`, { headers: { 'user-agent': PHONE, ...headers } });
    return { status: response.status, headers: response.headers, body: await response.text() };
  };
  /** A browser's revalidation (fetch would add Cache-Control: no-cache, which is never answered 304). */
  const revalidate = (pathname: string, etag: string, headers: Record<string, string>) =>
    new Promise<number | undefined>((resolve, reject) => {
      http
        .get(`${base}${pathname}`, { headers: { 'user-agent': PHONE, 'if-none-match': etag, ...headers } }, (response) => {
          response.resume();
          resolve(response.statusCode);
        })
        .on('error', reject);
    });
  const meta = (html: string, key: string): string[] =>
    [...html.matchAll(new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`, 'g'))].map(
      (match) => match[1]!,
    );
  const alternates = (html: string): Record<string, string> =>
    Object.fromEntries(
      [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((match) => [match[1], match[2]]),
    );
  const canonical = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];

  it('draws a page in Swahili for Accept-Language sw: <html lang>, the renderers, the head, og:locale and hreflang', async () => {
    const page = await get('/product/unga-2kg', { 'accept-language': SWAHILI });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html lang="sw" data-shop-language="sw">');
    expect(page.body).toContain('<header>Duka</header><main><h1>unga-2kg</h1><button>Weka kwenye kikapu</button>');
    expect(page.body).toContain('"language":"sw"');
    expect(page.body).toContain('<title>Pembe Maize Meal 2kg | Shwari Shop</title>');
    expect(meta(page.body, 'description')).toEqual(['Unga wa ugali laini']);
    expect(meta(page.body, 'og:locale')).toEqual(['sw_KE']);
    expect(meta(page.body, 'og:locale:alternate')).toEqual(['en_KE']);
    expect(canonical(page.body)).toBe('https://shop.example/product/unga-2kg?lang=sw');
    expect(meta(page.body, 'og:url')).toEqual(['https://shop.example/product/unga-2kg?lang=sw']);
    expect(alternates(page.body)).toEqual({
      en: 'https://shop.example/product/unga-2kg',
      sw: 'https://shop.example/product/unga-2kg?lang=sw',
      'x-default': 'https://shop.example/product/unga-2kg',
    });
    // Accept-Language decided: a shared cache must keep one copy per header.
    expect(page.headers.get('vary')).toBe('Accept-Encoding, User-Agent, Cookie, Accept-Language');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('set-cookie')).toBeNull();
  });

  it('draws the same page in English without Accept-Language, with English head tags and the same alternates', async () => {
    const page = await get('/product/unga-2kg');
    expect(page.body).toContain('<html lang="en" data-shop-language="en">');
    expect(page.body).toContain('<button>Add to Cart</button>');
    expect(page.body).not.toContain('Weka kwenye kikapu');
    expect(meta(page.body, 'description')).toEqual(['Fine maize meal']);
    expect(meta(page.body, 'og:locale')).toEqual(['en_KE']);
    expect(meta(page.body, 'og:locale:alternate')).toEqual(['sw_KE']);
    expect(canonical(page.body)).toBe('https://shop.example/product/unga-2kg');
    expect(Object.keys(alternates(page.body))).toEqual(['en', 'sw', 'x-default']);
  });

  it('lets the shop_lang cookie win over Accept-Language and ?lang, and then varies on the cookie only', async () => {
    const english = await get('/product/unga-2kg?lang=sw', { 'accept-language': SWAHILI, cookie: 'shop_lang=en' });
    expect(english.body).toContain('<html lang="en" data-shop-language="en">');
    expect(english.body).toContain('<button>Add to Cart</button>');
    expect(english.headers.get('vary')).toBe('Accept-Encoding, User-Agent, Cookie');
    // The shopper's own choice is never overwritten by a link's.
    expect(english.headers.get('set-cookie')).toBeNull();
    const swahili = await get('/product/unga-2kg', { 'accept-language': 'en-GB', cookie: 'shop_cart=1x2; shop_lang=sw' });
    expect(swahili.body).toContain('<button>Weka kwenye kikapu</button>');
  });

  it('honours ?lang=sw for a reader without a choice (a crawler following hreflang), and remembers it in the cookie', async () => {
    const page = await get('/product/unga-2kg?lang=sw', { 'accept-language': 'en-US,en;q=0.9' });
    expect(page.body).toContain('<html lang="sw" data-shop-language="sw">');
    expect(page.body).toContain('<button>Weka kwenye kikapu</button>');
    expect(canonical(page.body)).toBe('https://shop.example/product/unga-2kg?lang=sw');
    expect(page.headers.get('vary')).toBe('Accept-Encoding, User-Agent, Cookie');
    expect(page.headers.get('set-cookie')).toMatch(/^shop_lang=sw; path=\/; expires=[^;]+; samesite=lax$/);
    const english = await get('/product/unga-2kg?lang=en', { 'accept-language': SWAHILI });
    expect(english.body).toContain('<button>Add to Cart</button>');
    expect(english.headers.get('set-cookie')).toMatch(/^shop_lang=en;/);
  });

  it('keeps one drawn copy per language, shared by every reader of that language however it was chosen', async () => {
    const url = '/product/mchele-1kg';
    await get(url, { 'accept-language': SWAHILI });
    await get(url, { 'accept-language': 'sw' });
    await get(`${url}?lang=sw`);
    await get(url, { cookie: 'shop_lang=sw' });
    await get(url, { 'accept-language': 'en-GB,en' });
    await get(url);
    await get(url, { cookie: 'shop_lang=en' });
    expect(draws()[`sw ${url}`]).toBe(1);
    expect(draws()[`en ${url}`]).toBe(1);
    // The copies themselves differ by language, so does their ETag: an English copy's validator is no use for Swahili.
    const etag = (await get(url)).headers.get('etag')!;
    expect(await revalidate(url, etag, {})).toBe(304);
    expect(await revalidate(url, etag, { 'accept-language': SWAHILI })).toBe(200);
    expect(await revalidate(url, etag, { cookie: 'shop_lang=sw' })).toBe(200);
  });

  it("gives a page the browser draws its table title in the page's language, and its hreflang", async () => {
    const page = await get('/login', { 'accept-language': SWAHILI });
    expect(page.body).toContain('<html lang="sw" data-shop-language="sw">');
    expect(page.body).toContain('<title>Ingia | Shwari Shop</title>');
    expect(meta(page.body, 'description')).toEqual(['Ingia kwenye akaunti yako.']);
    expect(alternates(page.body).sw).toBe('https://shop.example/login?lang=sw');
    // A page the table has no Swahili for says its English, in a Swahili page.
    const faqs = await get('/faqs?lang=sw');
    expect(faqs.body).toContain('<title>FAQs | Shwari Shop</title>');
    expect(meta(faqs.body, 'og:locale')).toEqual(['sw_KE']);
  });

  it('answers the NotFound in Swahili, 404, with no canonical URL or alternates', async () => {
    const drawn = await get('/product/missing-flour', { 'accept-language': SWAHILI });
    expect(drawn.status).toBe(404);
    expect(drawn.body).toContain('Hatukupata bidhaa hiyo.');
    expect(drawn.body).toContain('<title>Ukurasa haupatikani | Shwari Shop</title>');
    expect(drawn.body).not.toContain('hreflang');
    const plain = await get('/no/such/page?lang=sw');
    expect(plain.status).toBe(404);
    expect(plain.body).toContain('<title>Ukurasa haupatikani | Shwari Shop</title>');
    expect(plain.body).not.toContain('rel="canonical"');
  });
});
