/**
 * The shell's real page table (the one its server build ships to the gateway) as the gateway uses
 * it: the only gateway test that reads another deployable's source, because the table is the
 * contract between the two. Every page it prepares is found at its own paths (no earlier pattern
 * takes them), gets its remote's files and its data preloaded with every :param filled, and every
 * page it draws goes to the remote's renderer with the pattern its module reads params by.
 */
import { STOREFRONT_PAGES } from '@shop/shell/routing/pages';
import { createLogger } from '@shop/service-kit';
import type { RemoteEntry } from '../config';
import type { DrawingJob, DrawnPage } from '../ssr/drawing';
import { firstScreens } from '../ssr/firstScreen';
import { pageHints } from '../static/pageHints';
import { compilePageLookup, compilePageTable } from './pageTable';

const findPage = compilePageTable(STOREFRONT_PAGES);
const remotes: RemoteEntry[] = ['mf_catalog', 'mf_account', 'mf_checkout', 'mf_chat', 'mf_admin'].map((name) => ({
  name,
  entry: `https://${name}.example/mf-manifest.json`,
}));

/** A path the pattern takes, with each :param given a value of its own name. */
const samplePath = (pattern: string): string =>
  pattern
    .replace(/:(\w+)/g, 'sample-$1')
    .replace(/\*$/, 'any/thing')
    .replace(/^(?!\/)/, '/');

const prepared = STOREFRONT_PAGES.filter((page) => 'remote' in page.owner && page.firstScreen);

describe("the shell's page table, as the gateway uses it", () => {
  it.each(prepared.map((page) => [page.path, page] as const))('%s is found at its own paths, with its hints', (pattern, page) => {
    const found = findPage(samplePath(pattern));
    expect(found?.page.pattern).toBe(pattern);
    const hints = pageHints({ localRemotes: [] })(found, remotes, 'en');
    const owner = page.owner as { remote: string };
    expect(hints[0]).toEqual({ href: `https://${owner.remote}.example/remoteEntry.js`, as: 'script' });
    const data = hints.slice(1).map((hint) => hint.href);
    expect(data).toHaveLength(page.firstScreen!.preload.length);
    // Every :param of a read is one of the path's.
    for (const href of data) expect(href).not.toMatch(/:\w/);
  });

  it.each(prepared.filter((page) => page.firstScreen!.drawn).map((page) => [page.path, page] as const))(
    '%s is drawn by its remote',
    async (pattern, page) => {
      const jobs: DrawingJob[] = [];
      const drawn: DrawnPage = { personal: false, html: '<main></main>', state: '', stylesheets: [] };
      const screens = firstScreens(
        { shellDir: '/nowhere', localRemotes: [] },
        createLogger('gateway'),
        () => 0,
        Date.now,
        async (job) => {
          jobs.push(job);
          return drawn;
        },
      );
      const path = samplePath(pattern);
      const result = await screens.draw(
        { found: findPage(path), path, search: '', userAgent: '', cartCookie: '12x1', origin: 'http://127.0.0.1:1' },
        remotes,
      );
      expect(result).toBe(drawn);
      expect(jobs).toEqual([
        expect.objectContaining({
          page: expect.objectContaining({ pattern, ...page.owner }),
          personal: page.firstScreen!.drawn === 'cart',
        }),
      ]);
    },
  );

  it.each([
    [
      '/shop/pwani-bora',
      'ShopPage',
      { brandSlug: 'pwani-bora' },
      ['/api/site/brands', '/api/site/categories', '/api/site/products/filter/pwani-bora'],
    ],
    [
      '/shop/pwani-bora/baking-flour',
      'ShopPage',
      { brandSlug: 'pwani-bora', categorySlug: 'baking-flour' },
      ['/api/site/brands', '/api/site/categories'],
    ],
    ['/shop/all', 'ShopPage', {}, ['/api/site/brands', '/api/site/categories', '/api/site/products/filter?brand=all']],
    ['/brand/nyota', 'BrandPage', { slug: 'nyota' }, ['/api/site/brands', '/api/site/products/filter/nyota']],
    ['/product/unga-wa-ngano-2kg', 'ProductPage', { slug: 'unga-wa-ngano-2kg' }, ['/api/site/products/view/unga-wa-ngano-2kg']],
    ['/search', 'SearchPage', {}, []],
  ])('%s is drawn by the catalogue with the params its %s reads', (path, module, params, reads) => {
    const found = findPage(path);
    expect(found).toMatchObject({ page: { remote: 'mf_catalog', module, drawn: 'shared' }, params });
    expect(pageHints({ localRemotes: [] })(found, [], 'en').map((hint) => hint.href)).toEqual(reads);
  });

  it('leaves the shell’s own pages, the assistant and the back office to the browser', () => {
    for (const path of ['/faqs', '/terms', '/chat', '/admin/products', '/no/such/page']) expect(findPage(path)).toBeNull();
  });

  it("answers only the shell's NotFound 404: every other page of the table is found", () => {
    const lookUp = compilePageLookup(STOREFRONT_PAGES);
    expect(lookUp('/no/such/page')).toMatchObject({ notFound: true, meta: { en: { title: 'Page not found' } } });
    expect(lookUp('/product/unga-2kg/reviews')?.notFound).toBe(true);
    for (const page of STOREFRONT_PAGES.filter((entry) => entry.path !== '*'))
      expect(lookUp(samplePath(page.path))).toMatchObject({
        notFound: false,
        meta: { en: { title: page.meta.title, description: page.meta.description } },
      });
  });
});
