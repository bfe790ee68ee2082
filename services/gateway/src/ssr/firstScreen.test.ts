import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { FIRST_SCREEN_STATE_ID } from '@shop/api-types';
import { createLogger } from '@shop/service-kit';
import type { RemoteEntry } from '../config';
import { compilePageTable } from '../pages/pageTable';
import { TEST_PAGES } from '../pages/pageTableFixture';
import { createDrawer } from './drawing';
import type { DrawingJob, DrawnPage } from './drawing';
import { drawnSearch } from './drawnUrl';
import { inlineStylesheets, MAX_INLINE_STYLESHEET_BYTES } from '../static/inlineStylesheets';
import { firstScreens, likelyViewportWidth, withFirstScreen } from './firstScreen';

/**
 * Stand-in renderers, as the apps' builds make them (one CommonJS file each, see
 * createServerConfig): the shell's draws a header around its slot, the catalogue's a page whose
 * behaviour each test picks through the page's path.
 */
const SHELL_RENDERER = `
exports.PAGE_SLOT = '<template data-first-screen-page=""></template>';
exports.renderLayout = async ({ url, remotes }) =>
  '<header>Shwari Shop (' + remotes.join(',') + ')</header><main>' + exports.PAGE_SLOT + '</main>';
`;
const CATALOGUE_RENDERER = `
exports.renderPage = async ({ module, pattern, url, viewportWidth }) => {
  if (url.includes('broken')) throw new Error('the page failed');
  if (url.includes('slow')) await new Promise((resolve) => setTimeout(resolve, 600));
  const image = url.includes('big') ? '/media/big.svg' : '/media/small.svg';
  return {
    html: '<article><h1>' + module + ' ' + pattern + ' ' + url + ' at ' + viewportWidth + '</h1><img src="' + image + '" alt=""><img src="/media/second.svg" alt=""></article>',
    queries: [{ endpointName: 'getProduct', originalArgs: url.includes('script') ? '</script><b>' : 'unga-2kg' }],
  };
};
`;
const CHECKOUT_RENDERER = `
exports.renderPage = async ({ module, url, cart }) => ({
  html: '<section><h1>' + module + '</h1>' + cart.map((line) => '<p>product ' + line.id + ' x ' + line.quantity + '</p>').join('') + '</section>',
  queries: [],
});
`;
const SHELL_HTML =
  '<!doctype html><html><head><title>Shwari Shop</title><script defer src=/main.js fetchpriority=high></script><link rel=preload href=/framework.js as=script><link rel=preload href=/bootstrap.css as=style></head><body><div id=root></div></body></html>';

/** The first draws wait for the drawing thread to start (about a second), then pages come drawn. */
async function eventuallyDrawn<T>(attempt: () => Promise<T | null>): Promise<T> {
  for (let tries = 0; tries < 100; tries++) {
    const result = await attempt();
    if (result) return result;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('never drawn');
}

/** Each part is in the HTML, in this order. */
function expectInOrder(html: string, parts: string[]): void {
  const positions = parts.map((part) => html.indexOf(part));
  expect(positions.every((position) => position > 0)).toBe(true);
  expect([...positions].sort((a, b) => a - b)).toEqual(positions);
}

const SMALL_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4"/></svg>';

describe('first screens drawn by the gateway', () => {
  let dir: string;
  let origin: string;
  let server: http.Server;
  const config = () => ({
    shellDir: path.join(dir, 'shell'),
    localRemotes: [
      { name: 'mf_catalog', folder: 'mf-catalog', dir: path.join(dir, 'mf-catalog') },
      { name: 'mf_checkout', folder: 'mf-checkout', dir: path.join(dir, 'mf-checkout') },
    ],
  });
  const remotes: RemoteEntry[] = [
    { name: 'mf_catalog', entry: '/remotes/mf-catalog/mf-manifest.json' },
    { name: 'mf_checkout', entry: '/remotes/mf-checkout/mf-manifest.json' },
  ];
  const phone = 'Mozilla/5.0 (Linux; Android 11; moto g power) Mobile Safari/537.36';

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-screen-'));
    fs.mkdirSync(path.join(dir, 'shell', 'server'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'mf-catalog', 'server'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'shell', 'server', 'index.js'), SHELL_RENDERER);
    fs.writeFileSync(path.join(dir, 'mf-catalog', 'server', 'index.js'), CATALOGUE_RENDERER);
    fs.mkdirSync(path.join(dir, 'mf-checkout', 'server'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'mf-checkout', 'server', 'index.js'), CHECKOUT_RENDERER);
    fs.writeFileSync(
      path.join(dir, 'mf-catalog', 'mf-manifest.json'),
      JSON.stringify({ exposes: [{ name: 'ProductPage', assets: { css: { sync: ['__federation_expose_ProductPage.1234abcd.css'] } } }] }),
    );
    // Where the gateway answers itself: the images a drawn page shows.
    server = http.createServer((req, res) => {
      if (req.url === '/media/small.svg') {
        res.writeHead(200, { 'content-type': 'image/svg+xml' });
        return void res.end(SMALL_SVG);
      }
      if (req.url === '/media/big.svg') {
        res.writeHead(200, { 'content-type': 'image/svg+xml' });
        return void res.end(`<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(2000)}</svg>`);
      }
      res.writeHead(404);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // The drawing itself in this thread; one test goes through the gateway's drawing thread.
  const inProcess = () => createDrawer(config(), createLogger('gateway'));
  const findPage = compilePageTable(TEST_PAGES);
  const draw = (screens: ReturnType<typeof firstScreens>, pathname: string, userAgent = phone, entries = remotes) =>
    screens.draw({ found: findPage(pathname), path: pathname, search: '', userAgent, origin }, entries);

  it('draws a catalogue page inside the layout, with its data, stylesheets and first image', async () => {
    const screens = firstScreens(config(), createLogger('gateway'), () => 0, Date.now, inProcess());
    const page = await draw(screens, '/product/unga-2kg');
    expect(page).not.toBeNull();
    expect(page!.html).toContain(
      '<header>Shwari Shop (mf_catalog,mf_checkout)</header><main><article><h1>ProductPage /product/:slug /product/unga-2kg at 412</h1>',
    );
    // What the drawn copy shows is inert until the shop's scripts take over.
    expect(page!.html).toMatch(/^<div data-first-screen inert style="display:contents">/);
    // The small first image travels inside the page; the next ones are asked for as usual.
    expect(page!.html).toContain(`src="data:image/svg+xml;base64,${Buffer.from(SMALL_SVG).toString('base64')}"`);
    expect(page!.html).toContain('src="/media/second.svg"');
    expect(page!.stylesheets).toEqual(['/remotes/mf-catalog/__federation_expose_ProductPage.1234abcd.css']);
    const state = JSON.parse(page!.state.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''));
    expect(state).toEqual({
      remote: 'mf_catalog',
      module: 'ProductPage',
      queries: [{ endpointName: 'getProduct', originalArgs: 'unga-2kg' }],
      language: 'en',
    });
    expect(page!.state).toContain(`id="${FIRST_SCREEN_STATE_ID}"`);
    // The state cannot close its script element early.
    const tricky = await draw(screens, '/product/script');
    expect(tricky!.state).not.toContain('</script><b>');
    expect(JSON.parse(tricky!.state.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, '')).queries[0].originalArgs).toBe('</script><b>');
  });

  it("draws in the gateway's own drawing thread, ready shortly after the gateway starts", async () => {
    const screens = firstScreens(config(), createLogger('gateway'), () => 0);
    const page = await eventuallyDrawn(() => draw(screens, '/product/unga-2kg'));
    expect(page.html).toContain('<h1>ProductPage /product/:slug /product/unga-2kg at 412</h1>');
  });

  it('keeps a large first image out of the page', async () => {
    const screens = firstScreens(config(), createLogger('gateway'), () => 0, Date.now, inProcess());
    const page = await draw(screens, '/product/big-bale');
    expect(page!.html).toContain('src="/media/big.svg"');
  });

  it('draws for a computer at a computer width', async () => {
    expect(likelyViewportWidth('Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36')).toBe(1280);
    const screens = firstScreens(config(), createLogger('gateway'), () => 0, Date.now, inProcess());
    expect((await draw(screens, '/shop/all', 'Mozilla/5.0 (X11; Linux x86_64)'))!.html).toContain('ShopPage /shop/all /shop/all at 1280');
  });

  it('leaves the page to the browser when there is nothing alike for every shopper to draw, or no renderer to trust', async () => {
    const screens = firstScreens(config(), createLogger('gateway'), () => 0, Date.now, inProcess());
    // The cart and accounts are the shopper's own.
    expect(await draw(screens, '/profile/my-account')).toBeNull();
    // Pages the table does not have drawn: the wishlist, the shell's own, one it does not know.
    expect(await draw(screens, '/wishlist')).toBeNull();
    expect(await draw(screens, '/faqs')).toBeNull();
    expect(await draw(screens, '/product/unga-2kg/reviews')).toBeNull();
    // The cart and checkout only from a cart cookie.
    expect(await draw(screens, '/cart')).toBeNull();
    // A renderer that fails.
    expect(await draw(screens, '/product/broken')).toBeNull();
    // The catalogue served from elsewhere may be another version than the renderer here.
    expect(
      await draw(screens, '/product/unga-2kg', phone, [{ name: 'mf_catalog', entry: 'https://catalogue.example/mf-manifest.json' }]),
    ).toBeNull();
    // No renderer built.
    const bare = firstScreens(
      { ...config(), shellDir: path.join(dir, 'nowhere') },
      createLogger('gateway'),
      () => 0,
      Date.now,
      createDrawer({ ...config(), shellDir: path.join(dir, 'nowhere') }, createLogger('gateway')),
    );
    expect(await draw(bare, '/product/unga-2kg')).toBeNull();
  });

  it('draws the cart and checkout of a shopper who is not signed in from their cart cookie, as theirs alone', async () => {
    const screens = firstScreens(config(), createLogger('gateway'), () => 0, Date.now, inProcess());
    const drawCart = (pathname: string, cartCookie: string | undefined, signedIn = false) =>
      screens.draw({ found: findPage(pathname), path: pathname, search: '', userAgent: phone, cartCookie, signedIn, origin }, remotes);
    const cart = await drawCart('/cart', '12x3.7x1');
    expect(cart!.personal).toBe(true);
    expect(cart!.html).toContain('<section><h1>CartPage</h1><p>product 12 x 3</p><p>product 7 x 1</p></section>');
    // Another shopper's cart is drawn for them, not taken from the first one's.
    expect((await drawCart('/checkout', '5x2'))!.html).toContain('<h1>CheckoutPage</h1><p>product 5 x 2</p>');
    // Signed in: their checkout shows their account, which the gateway does not look into.
    expect(await drawCart('/checkout', '5x2', true)).toBeNull();
    // An empty or made-up cart cookie draws nothing.
    expect(await drawCart('/cart', '')).toBeNull();
    expect(await drawCart('/cart', '<script>')).toBeNull();
    // Catalogue pages are everyone's.
    expect((await draw(screens, '/product/unga-2kg'))!.personal).toBe(false);
  });

  it('never makes a shopper wait for a slow drawing: the next shopper gets it', async () => {
    const screens = firstScreens(config(), createLogger('gateway'), () => 0, Date.now, inProcess());
    const started = Date.now();
    expect(await draw(screens, '/product/slow')).toBeNull();
    expect(Date.now() - started).toBeLessThan(500);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await draw(screens, '/product/slow')).not.toBeNull();
  });

  it('reuses a drawn page until the catalogue changes through the gateway', async () => {
    let generation = 0;
    const screens = firstScreens(config(), createLogger('gateway'), () => generation, Date.now, inProcess());
    const first = await draw(screens, '/product/reused');
    const again = await draw(screens, '/product/reused');
    expect(again).toBe(first);
    generation += 1;
    const redrawn = await draw(screens, '/product/reused');
    expect(redrawn).not.toBe(first);
    expect(redrawn!.html).toBe(first!.html);
  });

  it('answers a drawn page older than a minute at once while drawing it again', async () => {
    let clock = 0;
    const screens = firstScreens(
      config(),
      createLogger('gateway'),
      () => 0,
      () => clock,
      inProcess(),
    );
    const first = await draw(screens, '/product/slow-but-kept');
    expect(first).toBeNull(); // slower than the budget: plain the first time
    await new Promise((resolve) => setTimeout(resolve, 700));
    const drawn = await draw(screens, '/product/slow-but-kept');
    expect(drawn).not.toBeNull();
    clock += 90_000;
    const started = Date.now();
    // Stale: answered at once (no 600 ms wait, no plain page), drawn again behind it.
    expect(await draw(screens, '/product/slow-but-kept')).toBe(drawn);
    expect(Date.now() - started).toBeLessThan(200);
    await new Promise((resolve) => setTimeout(resolve, 700));
    const redrawn = await draw(screens, '/product/slow-but-kept');
    expect(redrawn).not.toBe(drawn);
    expect(redrawn!.html).toBe(drawn!.html);
  });

  it("puts the drawn page in the shell's HTML: what it paints with first, then the scripts", async () => {
    const screens = firstScreens(config(), createLogger('gateway'), () => 0, Date.now, inProcess());
    const page = (await draw(screens, '/product/unga-2kg'))!;
    const html = withFirstScreen(SHELL_HTML, page);
    const order = [
      '<link rel="stylesheet" href="/bootstrap.css">',
      '<link rel="stylesheet" href="/remotes/mf-catalog/__federation_expose_ProductPage.1234abcd.css">',
      '<link rel="preload" as="image" href="/media/second.svg" fetchpriority="high">',
      '<script defer src=/main.js',
    ];
    expectInOrder(html, order);
    expect(html).not.toContain('as=style');
    expect(html).toContain(`<div id="root">${page.html}</div>${page.state}</body>`);
  });

  it('writes the stylesheets the gateway has into the head, named as each build asks for them, so the first paint waits for no request', async () => {
    const screens = firstScreens(config(), createLogger('gateway'), () => 0, Date.now, inProcess());
    const page = (await draw(screens, '/product/unga-2kg'))!;
    fs.writeFileSync(path.join(dir, 'shell', 'bootstrap.css'), 'body{margin:0}');
    // A rule's text that would end the element early is escaped (the same characters to CSS).
    fs.writeFileSync(path.join(dir, 'mf-catalog', '__federation_expose_ProductPage.1234abcd.css'), '.price::after{content:"</style>"}');
    const html = withFirstScreen(SHELL_HTML, page, inlineStylesheets(config()));
    const order = [
      '<style data-href="bootstrap.css">body{margin:0}</style>',
      '<style data-href="__federation_expose_ProductPage.1234abcd.css">.price::after{content:"<\\/style>"}</style>',
      '<link rel="preload" as="image" href="/media/second.svg" fetchpriority="high">',
      '<script defer src=/main.js',
    ];
    expectInOrder(html, order);
    expect(html).not.toContain('rel="stylesheet"');

    // One too large to send with every page, or one the gateway does not have, is linked as before
    // (a new build's files, under new names: a name's text never changes).
    fs.writeFileSync(
      path.join(dir, 'shell', 'bootstrap.large.css'),
      `body{margin:0}${'.a{color:red}'.repeat(MAX_INLINE_STYLESHEET_BYTES / 10)}`,
    );
    const nextBuild = { ...page, stylesheets: ['/remotes/mf-catalog/__federation_expose_ProductPage.99999999.css'] };
    const linked = withFirstScreen(SHELL_HTML.replace('/bootstrap.css', '/bootstrap.large.css'), nextBuild, inlineStylesheets(config()));
    expect(linked).toContain('<link rel="stylesheet" href="/bootstrap.large.css">');
    expect(linked).toContain('<link rel="stylesheet" href="/remotes/mf-catalog/__federation_expose_ProductPage.99999999.css">');
    expect(linked).not.toContain('<style');
    fs.rmSync(path.join(dir, 'shell', 'bootstrap.large.css'));
    fs.rmSync(path.join(dir, 'mf-catalog', '__federation_expose_ProductPage.1234abcd.css'));
    fs.rmSync(path.join(dir, 'shell', 'bootstrap.css'));
  });
});

/**
 * A drawing thread the test answers by hand: each job waits until the test settles it, so the
 * queue stays as full as the test makes it.
 */
function heldDrawer() {
  const jobs: Array<{ job: DrawingJob; settle: (page: DrawnPage | null) => void }> = [];
  const drawer = (job: DrawingJob) => new Promise<DrawnPage | null>((settle) => jobs.push({ job, settle }));
  const pageOf = (job: DrawingJob): DrawnPage => ({ personal: false, html: `<h1>${job.url}</h1>`, state: '', stylesheets: [] });
  return { jobs, drawer, pageOf, settleAll: () => jobs.splice(0).forEach(({ job, settle }) => settle(pageOf(job))) };
}

describe('the drawing queue', () => {
  const findPage = compilePageTable(TEST_PAGES);
  const remotes: RemoteEntry[] = [{ name: 'mf_catalog', entry: '/remotes/mf-catalog/mf-manifest.json' }];
  const config = { shellDir: '/nowhere', localRemotes: [] };
  const phone = 'Mozilla/5.0 (Linux; Android 11) Mobile Safari/537.36';
  const ask = (screens: ReturnType<typeof firstScreens>, url: string, client: string) => {
    const [pathname = '/', query = ''] = url.split('?');
    return screens.draw(
      {
        found: findPage(pathname),
        path: pathname,
        search: query ? `?${query}` : '',
        userAgent: phone,
        origin: 'http://127.0.0.1:1',
        client,
      },
      remotes,
    );
  };
  /** Answered at once: sooner than the 250 ms a page waits for its drawing. */
  const answeredAtOnce = async (answer: Promise<DrawnPage | null>) => {
    const started = Date.now();
    const page = await answer;
    return { page, atOnce: Date.now() - started < 100 };
  };

  it('draws a page once however many tracking parameters its links carry, and keeps only what the page reads', async () => {
    const held = heldDrawer();
    const screens = firstScreens(config, createLogger('gateway'), () => 0, Date.now, held.drawer);
    const asked = Array.from({ length: 80 }, (_, at) =>
      ask(screens, `/product/unga-2kg?utm_content=${at}&fbclid=x${at}`, `198.51.100.${at}`),
    );
    // Eighty requests, one drawing: the queue has room for everyone else.
    expect(held.jobs.map(({ job }) => job.url)).toEqual(['/product/unga-2kg']);
    const other = ask(screens, '/product/maize-meal', '198.51.100.200');
    expect(held.jobs.map(({ job }) => job.url)).toEqual(['/product/unga-2kg', '/product/maize-meal']);
    held.settleAll();
    const pages = await Promise.all([...asked, other]);
    expect(pages.every((page) => page !== null)).toBe(true);
    expect(pages.at(-1)!.html).toBe('<h1>/product/maize-meal</h1>');
    // And kept as one page: the next link with another utm_content is answered from it.
    expect(await ask(screens, '/product/unga-2kg?utm_content=81', '198.51.100.201')).toBe(pages[0]);
    expect(held.jobs).toHaveLength(0);
  });

  it('keeps the parameters a page reads, each once and in one order, and nothing else', () => {
    expect(drawnSearch({ query: ['q'] }, '?utm_source=x&q=unga&q=maize&page=2')).toBe('?q=unga');
    expect(drawnSearch({ query: ['sort'] }, '?gclid=1&sort=price')).toBe('?sort=price');
    expect(drawnSearch({ query: [] }, '?sort=price')).toBe('');
    expect(drawnSearch({ query: ['sort', 'q'] }, '?sort=a&q=b')).toBe(drawnSearch({ query: ['q', 'sort'] }, '?q=b&sort=a'));
    // A table that does not say (an older shell): the tracking parameters go, the rest stay.
    expect(drawnSearch({}, '?utm_source=x&UTM_Medium=y&fbclid=1&gclid=2&msclkid=3&mc_cid=4&q=unga')).toBe('?q=unga');
    expect(drawnSearch({}, '')).toBe('');
  });

  it('answers a page undrawn at once when the queue is full, and draws again once there is room', async () => {
    const held = heldDrawer();
    const screens = firstScreens(config, createLogger('gateway'), () => 0, Date.now, held.drawer, { size: 4, perAddress: 2 });
    // Four addresses fill the queue (each within its share).
    const waiting = ['a', 'b', 'c', 'd'].map((word, at) => ask(screens, `/search?q=${word}`, `203.0.113.${at}`));
    expect(held.jobs).toHaveLength(4);
    const refused = await answeredAtOnce(ask(screens, '/search?q=e', '203.0.113.9'));
    expect(refused).toEqual({ page: null, atOnce: true });
    expect(held.jobs).toHaveLength(4);
    // A page already in the queue is still waited for, as before.
    const joined = ask(screens, '/search?q=a', '203.0.113.9');
    held.settleAll();
    expect((await joined)!.html).toBe('<h1>/search?q=a</h1>');
    await Promise.all(waiting);
    const later = ask(screens, '/search?q=e', '203.0.113.9');
    expect(held.jobs.map(({ job }) => job.url)).toEqual(['/search?q=e']);
    held.settleAll();
    expect((await later)!.html).toBe('<h1>/search?q=e</h1>');
  });

  it('leaves room for other shoppers when one address floods it, an IPv6 /64 counted as one address', async () => {
    const held = heldDrawer();
    const screens = firstScreens(config, createLogger('gateway'), () => 0, Date.now, held.drawer);
    // One client asks for 40 different searches (another address of its /64 each time).
    const flood = Array.from({ length: 40 }, (_, at) => answeredAtOnce(ask(screens, `/search?q=flood-${at}`, `2001:db8:1:2::${at + 1}`)));
    // Its share of the queue: the rest of its pages are answered at once, undrawn.
    expect(held.jobs).toHaveLength(4);
    // Another shopper's page is drawn.
    const shopper = ask(screens, '/product/unga-2kg', '198.51.100.7');
    expect(held.jobs.map(({ job }) => job.url)).toContain('/product/unga-2kg');
    held.settleAll();
    expect((await shopper)!.html).toBe('<h1>/product/unga-2kg</h1>');
    const answers = await Promise.all(flood);
    expect(answers.filter(({ page }) => page !== null)).toHaveLength(4);
    expect(answers.filter(({ page, atOnce }) => page === null && atOnce)).toHaveLength(36);
  });
});
