import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createLogger, listen, type RunningServer } from '@shop/service-kit';
import { createGateway } from '../app';
import { loadGatewayConfig } from '../config';
import { compilePageTable } from '../pages/pageTable';
import { TEST_PAGES, writePageTable } from '../pages/pageTableFixture';
import { hintTags, pageHints } from './pageHints';

/** The preloads in a page's head, as [as, href]. */
const preloads = (html: string): Array<[string, string]> =>
  [...html.matchAll(/<link rel="preload" href="([^"]+)" as="(\w+)"/g)].map((match) => [match[2]!, match[1]!]);

describe('page hints', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'page-hints-'));
  const shellDir = path.join(root, 'shell');
  const catalogDir = path.join(root, 'mf-catalog');
  let gateway: RunningServer;

  beforeAll(async () => {
    fs.mkdirSync(shellDir);
    fs.mkdirSync(catalogDir);
    writePageTable(shellDir);
    // As the shell's build writes it: its entry, its start-up chunks' preloads, the remotes.json preload.
    fs.writeFileSync(
      path.join(shellDir, 'index.html'),
      '<!doctype html><html lang=en><head><title>Shop</title><link rel=preload href=/remotes.json as=fetch crossorigin=anonymous><script defer src=/main.js fetchpriority=high></script><link href=/framework.1a2b3c4d.js rel=preload as=script><link href=/i18n-en.5e6f7a8b.js rel=preload as=script data-shop-language=en><link href=/i18n-sw.9c0d1e2f.js rel=preload as=script data-shop-language=sw></head><body><div id=root></div></body></html>',
    );
    fs.writeFileSync(
      path.join(catalogDir, 'mf-manifest.json'),
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
        exposes: [
          {
            name: 'HomePage',
            assets: {
              js: {
                sync: ['__federation_expose_HomePage.11111111.js'],
                // Its catalog in each language, and a chunk it loads on a tap.
                async: ['i18n-catalog-en.44444444.js', 'i18n-catalog-sw.55555555.js', 'gallery.66666666.js'],
              },
              css: { sync: ['__federation_expose_HomePage.22222222.css'] },
            },
          },
          { name: 'ProductPage', assets: { js: { sync: ['__federation_expose_ProductPage.33333333.js'] }, css: { sync: [] } } },
        ],
      }),
    );
    const config = loadGatewayConfig({
      SHELL_DIST_DIR: shellDir,
      GATEWAY_METRICS_PORT: 'off',
      REMOTE_MF_ACCOUNT_URL: 'https://account.cdn.example/mf-manifest.json',
    });
    config.localRemotes = config.localRemotes.map((remote) => (remote.name === 'mf_catalog' ? { ...remote, dir: catalogDir } : remote));
    config.remotes = [
      { name: 'mf_catalog', entry: '/remotes/mf-catalog/mf-manifest.json' },
      { name: 'mf_account', entry: 'https://account.cdn.example/mf-manifest.json' },
    ];
    gateway = await listen(createGateway(config, createLogger('gateway')), 0);
  });

  afterAll(async () => {
    await gateway.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it("hints the home page's remote, page chunk, CSS and first API reads in its head", async () => {
    const response = await fetch(`${gateway.url}/`);
    const html = await response.text();
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(preloads(html)).toEqual([
      ['script', '/remotes/mf-catalog/remoteEntry.js'],
      ['script', '/remotes/mf-catalog/__federation_expose_HomePage.11111111.js'],
      ['script', '/remotes/mf-catalog/i18n-catalog-en.44444444.js'],
      ['style', '/remotes/mf-catalog/__federation_expose_HomePage.22222222.css'],
      ['fetch', '/api/site/brands'],
      ['fetch', '/api/site/products/featured'],
      ['fetch', '/api/site/products/sort_filter?sort=popular'],
      ['fetch', '/api/site/products/favorites'],
    ]);
    // In the head, after the shell's own entry and start-up chunks; fetches in CORS mode, as fetch() asks for them.
    expect(html.indexOf('/framework.1a2b3c4d.js')).toBeLessThan(html.indexOf('rel="preload"'));
    expect(html.indexOf('rel="preload"')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<link rel="preload" href="/api/site/brands" as="fetch" crossorigin="anonymous" />');
  });

  it("preloads the catalogs of the page's language only, the shell's and the page's remote's", async () => {
    const english = await (await fetch(`${gateway.url}/`)).text();
    expect(english).toContain('/i18n-en.5e6f7a8b.js');
    expect(english).not.toContain('i18n-sw');
    const swahili = await (await fetch(`${gateway.url}/`, { headers: { cookie: 'shop_lang=sw' } })).text();
    expect(swahili).toContain('/i18n-sw.9c0d1e2f.js');
    expect(swahili).not.toContain('i18n-en');
    expect(preloads(swahili).filter(([, href]) => href.includes('i18n'))).toEqual([
      ['script', '/remotes/mf-catalog/i18n-catalog-sw.55555555.js'],
    ]);
    // A chunk the page loads later is not preloaded.
    expect(swahili).not.toContain('gallery');
  });

  it('writes the remotes configuration into the page instead of preloading /remotes.json', async () => {
    const html = await (await fetch(`${gateway.url}/shop/all`)).text();
    const inline = /<script id="shop-remotes" type="application\/json">(.*?)<\/script>/.exec(html);
    expect(JSON.parse(inline![1]!)).toEqual(await (await fetch(`${gateway.url}/remotes.json`)).json());
    expect(html).not.toContain('/remotes.json');
  });

  it("fills the page's own data reads from its path", async () => {
    const html = await (await fetch(`${gateway.url}/product/unga-wa-ngano%202kg`)).text();
    expect(preloads(html)).toEqual([
      ['script', '/remotes/mf-catalog/remoteEntry.js'],
      ['script', '/remotes/mf-catalog/__federation_expose_ProductPage.33333333.js'],
      ['fetch', '/api/site/products/view/unga-wa-ngano%202kg'],
    ]);
  });

  it('hints only the entry script beside the manifest of a remote on another origin, and nothing on pages of the shell itself', async () => {
    expect(preloads(await (await fetch(`${gateway.url}/login`)).text())).toEqual([
      ['script', 'https://account.cdn.example/remoteEntry.js'],
    ]);
    expect(preloads(await (await fetch(`${gateway.url}/faqs`)).text())).toEqual([]);
  });

  it('answers 304 when the page is unchanged', async () => {
    const first = await fetch(`${gateway.url}/cart`);
    // As a browser revalidates a page (fetch() would add Cache-Control: no-cache to a conditional request).
    const status = await new Promise<number>((resolve, reject) =>
      http
        .get(`${gateway.url}/cart`, { headers: { 'if-none-match': first.headers.get('etag') ?? '' } }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
        .on('error', reject),
    );
    expect(status).toBe(304);
  });

  it('escapes what comes from the address', () => {
    const hints = pageHints({ localRemotes: [] });
    expect(hintTags(hints(compilePageTable(TEST_PAGES)('/product/"><script>'), [], 'en'))).toBe(
      '<link rel="preload" href="/api/site/products/view/%22%3E%3Cscript%3E" as="fetch" crossorigin="anonymous" />',
    );
  });
});
