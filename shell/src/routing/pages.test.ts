import { matchPath, matchRoutes } from 'react-router-dom';
import { STOREFRONT_PAGES } from './pages';
import { routes } from './routes';
import { pageMetaOf } from './usePageMetaOnNavigate';

jest.mock('@module-federation/enhanced/runtime', () => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() }));

/** A path the pattern takes, with each :param given a value of its own name. */
const samplePath = (pattern: string): string =>
  pattern
    .replace(/:(\w+)/g, 'sample-$1')
    .replace(/\*$/, 'any/thing')
    .replace(/^(?!\/)/, '/');

describe('the page table', () => {
  it.each(STOREFRONT_PAGES.map((page) => [page.path]))(
    '%s: the router and the first match of the table (as the gateway reads it) agree',
    (pattern) => {
      const path = samplePath(pattern);
      // The router ranks routes; the gateway takes the first page whose pattern matches.
      const routed = matchRoutes(routes, path)?.at(-1)?.route.path;
      const first = STOREFRONT_PAGES.find((page) => matchPath({ path: page.path, end: true }, path))?.path;
      expect(routed).toBe(pattern);
      expect(first).toBe(pattern);
    },
  );

  it('gives every page a route and, on navigation, its meta; no route outside the table but the /shop redirect', () => {
    const paths = (list: typeof routes): string[] =>
      list.flatMap((route) => [...(route.path ? [route.path] : []), ...paths(route.children ?? [])]);
    expect(paths(routes).sort()).toEqual([...STOREFRONT_PAGES.map((page) => page.path), '/shop'].sort());
    for (const page of STOREFRONT_PAGES) {
      expect(pageMetaOf(samplePath(page.path))).toEqual(page.meta);
    }
  });

  it('gives every storefront page a Swahili title and description of its own; the back office stays English', () => {
    for (const page of STOREFRONT_PAGES) {
      if (page.path === '/admin/*') {
        expect(page.meta.sw).toBeUndefined();
        continue;
      }
      expect({ path: page.path, sw: Boolean(page.meta.sw?.title && page.meta.sw.description) }).toEqual({ path: page.path, sw: true });
      // Translated, not copied (the shop's name stays as it is).
      if (page.meta.title !== 'Shwari Shop') expect(page.meta.sw!.title).not.toBe(page.meta.title);
      expect(page.meta.sw!.description).not.toBe(page.meta.description);
    }
  });

  it("names each drawn page's params as its module reads them", () => {
    const patternOf = (path: string) => STOREFRONT_PAGES.find((page) => matchPath({ path: page.path, end: true }, path))!;
    expect(matchPath(patternOf('/shop/pwani-bora').path, '/shop/pwani-bora')?.params).toEqual({ brandSlug: 'pwani-bora' });
    expect(matchPath(patternOf('/shop/pwani-bora/baking-flour').path, '/shop/pwani-bora/baking-flour')?.params).toEqual({
      brandSlug: 'pwani-bora',
      categorySlug: 'baking-flour',
    });
    expect(matchPath(patternOf('/brand/nyota').path, '/brand/nyota')?.params).toEqual({ slug: 'nyota' });
    expect(matchPath(patternOf('/product/unga-2kg').path, '/product/unga-2kg')?.params).toEqual({ slug: 'unga-2kg' });
  });

  it('says which query parameters each drawn page reads, so the gateway draws and keeps it without the rest (utm_*, fbclid…)', () => {
    const reads = Object.fromEntries(
      STOREFRONT_PAGES.filter((page) => page.firstScreen?.drawn).map((page) => [page.path, page.firstScreen!.query]),
    );
    expect(reads).toEqual({
      '/': [],
      '/shop/all': ['sort'],
      '/shop/:brandSlug': ['sort'],
      '/shop/:brandSlug/:categorySlug': ['sort'],
      '/brand/:slug': [],
      '/product/:slug': [],
      '/search': ['q'],
      '/cart': [],
      '/checkout': [],
    });
  });
});
