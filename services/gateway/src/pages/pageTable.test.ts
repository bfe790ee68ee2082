import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@shop/service-kit';
import { compilePageLookup, compilePageTable, matchPattern, pageTable, pageTableFile } from './pageTable';
import { TEST_PAGES, writePageTable } from './pageTableFixture';

describe('page patterns', () => {
  it('match whole paths, with :params and a trailing *', () => {
    expect(matchPattern('/', '/')).toEqual({});
    expect(matchPattern('/product/:slug', '/product/unga-2kg')).toEqual({ slug: 'unga-2kg' });
    expect(matchPattern('/product/:slug', '/product/unga-2kg/reviews')).toBeNull();
    expect(matchPattern('/shop/all', '/shop/all/')).toEqual({});
    expect(matchPattern('/profile/*', '/profile/orders/12')).toEqual({});
    expect(matchPattern('/profile/*', '/profile')).toEqual({});
    expect(matchPattern('*', '/anything/at/all')).toEqual({});
    expect(matchPattern('/cart', '/checkout')).toBeNull();
  });
});

describe('the page table', () => {
  const findPage = compilePageTable(TEST_PAGES);

  it('finds the first page whose pattern matches, with the params by the names the table gives', () => {
    expect(findPage('/shop/all')).toMatchObject({ page: { pattern: '/shop/all', module: 'ShopPage' }, params: {} });
    expect(findPage('/shop/pwani-bora')).toMatchObject({
      page: { pattern: '/shop/:brandSlug', module: 'ShopPage', drawn: 'shared' },
      params: { brandSlug: 'pwani-bora' },
    });
    expect(findPage('/cart')).toMatchObject({ page: { remote: 'mf_checkout', module: 'CartPage', drawn: 'cart', preload: [] } });
    expect(findPage('/login')?.page.drawn).toBeUndefined();
  });

  it('prepares a signed-in page with the files of the page a signed-out shopper is sent to, not its own', () => {
    // A first visit (nothing cached) has no session: /profile shows /login, so its files are what it needs first.
    expect(findPage('/profile/orders')).toEqual({
      page: { pattern: '/profile/*', remote: 'mf_account', module: 'LoginPage', preload: [], meta: expect.anything() },
      params: {},
    });
    expect(
      compilePageTable(TEST_PAGES.map((page) => (page.path === '/login' ? { ...page, path: '/sign-in' } : page)))('/profile'),
    ).toBeNull();
  });

  it('prepares nothing for the pages it leaves to the browser, and never lets a later page take their paths', () => {
    // A remote's page without a first screen, the shell's own pages, the back office, a path no page has.
    expect(findPage('/chat')).toBeNull();
    expect(findPage('/faqs')).toBeNull();
    expect(findPage('/admin/products')).toBeNull();
    expect(findPage('/product/unga-2kg/reviews')).toBeNull();
    // '*' (the shell's NotFound) comes last and takes everything else.
    expect(
      compilePageTable([{ path: '*', owner: { shell: 'not-found' }, meta: { title: '', description: '' } }, ...TEST_PAGES])(
        '/product/unga-2kg',
      ),
    ).toBeNull();
  });

  it("tells every page's title in each language and which page is the shop's NotFound (answered 404)", () => {
    const lookUp = compilePageLookup(TEST_PAGES);
    // A page the table gives no Swahili for keeps its English.
    const faqs = { title: 'FAQs', description: '' };
    expect(lookUp('/faqs')).toEqual({ meta: { en: faqs, sw: faqs }, notFound: false, match: null });
    expect(lookUp('/no/such/page')).toMatchObject({
      meta: { en: { title: 'Page not found' }, sw: { title: 'Ukurasa haupatikani' } },
      notFound: true,
      match: null,
    });
    expect(lookUp('/product/unga-2kg/reviews')).toMatchObject({ notFound: true });
    const product = { en: { title: 'Product', description: '' }, sw: { title: 'Bidhaa', description: 'Maelezo ya bidhaa, bei na ofa.' } };
    expect(lookUp('/product/unga-2kg')).toMatchObject({
      meta: product,
      notFound: false,
      match: { page: { pattern: '/product/:slug', meta: product }, params: { slug: 'unga-2kg' } },
    });
    // An older shell's table without meta: the shop's name alone, in either language.
    const bare = compilePageLookup([{ path: '/x', owner: { shell: 'faqs' } } as unknown as (typeof TEST_PAGES)[number]]);
    expect(bare('/x')?.meta).toEqual({ en: { title: '', description: '' }, sw: { title: '', description: '' } });
  });

  describe("read from the shell's build", () => {
    let shellDir: string;
    beforeEach(() => {
      shellDir = fs.mkdtempSync(path.join(os.tmpdir(), 'page-table-'));
    });
    afterEach(() => fs.rmSync(shellDir, { recursive: true, force: true }));

    it('follows a redeployed shell', () => {
      const find = pageTable(shellDir, createLogger('gateway'));
      // A shell built without a table: pages are served plain.
      expect(find('/product/unga-2kg')).toBeNull();
      writePageTable(shellDir);
      expect(find('/product/unga-2kg')).toMatchObject({ page: { pattern: '/product/:slug' }, params: { slug: 'unga-2kg' } });
      writePageTable(shellDir, [
        {
          path: '/item/:id',
          owner: { remote: 'mf_catalog', module: 'ProductPage' },
          meta: { title: '', description: '' },
          firstScreen: { preload: ['/api/site/products/view/:id'] },
        },
      ]);
      // A new modification time, as a new build has.
      const later = new Date(Date.now() + 5000);
      fs.utimesSync(pageTableFile(shellDir), later, later);
      expect(find('/product/unga-2kg')).toBeNull();
      expect(find('/item/12')).toMatchObject({
        page: { module: 'ProductPage', preload: ['/api/site/products/view/:id'] },
        params: { id: '12' },
      });
    });

    it('uses no table of another shape, nor one that does not load', () => {
      const find = pageTable(shellDir, createLogger('gateway'));
      fs.mkdirSync(path.dirname(pageTableFile(shellDir)), { recursive: true });
      fs.writeFileSync(pageTableFile(shellDir), 'module.exports.STOREFRONT_PAGES = [{ pattern: "/product/:slug" }];');
      expect(find('/product/unga-2kg')).toBeNull();
      const find2 = pageTable(shellDir, createLogger('gateway'));
      fs.writeFileSync(pageTableFile(shellDir), 'this is not JavaScript');
      expect(find2('/product/unga-2kg')).toBeNull();
    });
  });
});
