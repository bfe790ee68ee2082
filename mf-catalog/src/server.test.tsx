/**
 * @jest-environment node
 */
/**
 * The renderer the gateway runs (server.tsx): what it reports about each page it draws, from the
 * answers the page was drawn with: found or not (the gateway's 404), and the facts of the page's
 * head (title, description, image, schema.org product and breadcrumbs).
 */
import type { FirstScreenPageRequest, ShopLanguage } from '@shop/api-types';
import { mockApi, respond } from '@shop/store-kit/testing';
import { BRANDS, CATEGORIES, PRODUCTS, brandBySlug, filterResult, productBySlug } from './testFixtures';
import { renderPage } from './server';

// webpack's public path: set by the gateway when it loads the built renderer, absent under jest.
jest.mock('@shop/store-kit/firstScreen/publicPath', () => ({}));

const FLOUR = 'mlima-gold-sifted-maize-meal-2kg';

/** As the API answers a slug that breaks its rule (lower-case letters, digits and dashes). */
const malformed = (slug: string) =>
  /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) ? null : respond(400, { message: 'Invalid parameters: slug.' });

function mockCatalogue(): void {
  const known = (slug: string) => BRANDS.some((brand) => brand.slug === slug);
  const knownCategory = (slug: string | null) => !slug || CATEGORIES.some((category) => category.slug === slug);
  mockApi({
    'GET /site/brands': () => BRANDS,
    'GET /site/categories': () => CATEGORIES,
    'GET /site/products/view/(.+)': (_request, match) =>
      malformed(match[1]!) ?? PRODUCTS.find((product) => product.slug === match[1]) ?? respond(404, { message: 'Product not found.' }),
    'GET /site/products/filter/([^?]+)(\\?.*)?': (request, match) => {
      const category = new URL(request.url).searchParams.get('category');
      const refused = malformed(match[1]!);
      if (refused) return refused;
      return known(match[1]!) && knownCategory(category)
        ? filterResult(match[1]!, category ?? undefined)
        : respond(404, { message: 'Brand not found.' });
    },
    'GET /site/products/filter\\?(.*)': (request) => {
      const category = new URL(request.url).searchParams.get('category');
      return knownCategory(category) ? filterResult('all', category ?? undefined) : respond(404, { message: 'Category not found.' });
    },
  });
}

const request = (module: string, pattern: string, url: string, language?: ShopLanguage): FirstScreenPageRequest => ({
  module,
  pattern,
  url,
  viewportWidth: 412,
  cart: [],
  ...(language ? { language } : {}),
});

beforeEach(mockCatalogue);
// Each drawing starts from an empty store and leaves none of its answers behind (renderPageWithData).
afterEach(() => jest.restoreAllMocks());

describe("the catalogue's first-screen renderer reports", () => {
  it("a product's facts: its name, plain description, own image, price on offer in KSh, stock and trail", async () => {
    const product = productBySlug(FLOUR);
    const page = await renderPage(request('ProductPage', '/product/:slug', `/product/${FLOUR}`));
    expect(page?.notFound).toBeUndefined();
    expect(page?.html).toContain(product.name);
    const facts = page!.facts!;
    expect(facts.title).toBe(product.name);
    expect(facts.description).not.toMatch(/</);
    expect(facts.description).toMatch(/^Our best-selling sifted maize meal/);
    expect(facts.image).toBe(`/media/products/${FLOUR}.svg`);
    expect(facts.product).toMatchObject({
      name: product.name,
      image: product.image,
      sku: FLOUR,
      brand: 'Mlima Gold',
      // On offer: 165.00 instead of 179.50.
      price: 165,
      inStock: true,
    });
    expect(facts.product!.description).not.toMatch(/<\w/);
    expect(facts.breadcrumbs).toEqual([
      { name: 'Home', path: '/' },
      { name: 'Mlima Gold', path: '/shop/mlima-gold' },
      { name: product.category.name, path: `/shop/mlima-gold/${product.category.slug}` },
      { name: product.name, path: `/product/${FLOUR}` },
    ]);
  });

  it('the regular price of a product not on offer', async () => {
    const regular = PRODUCTS.find((product) => !product.offer)!;
    const page = await renderPage(request('ProductPage', '/product/:slug', `/product/${regular.slug}`));
    expect(page?.facts?.product?.price).toBe(regular.price);
  });

  it('an unknown product, brand or product type as not found, with the NotFound page drawn', async () => {
    const product = await renderPage(request('ProductPage', '/product/:slug', '/product/no-such-flour'));
    expect(product).toMatchObject({ notFound: true });
    expect(product?.facts).toBeUndefined();
    expect(product?.html).toContain('We could not find that product');

    expect(await renderPage(request('BrandPage', '/brand/:slug', '/brand/no-such-brand'))).toMatchObject({ notFound: true });
    expect(await renderPage(request('ShopPage', '/shop/:brandSlug', '/shop/no-such-brand'))).toMatchObject({ notFound: true });
    expect(await renderPage(request('ShopPage', '/shop/:brandSlug/:categorySlug', '/shop/mlima-gold/no-such-type'))).toMatchObject({
      notFound: true,
    });
  });

  it('a product or brand slug the API refuses as malformed (upper case) as not found, like an unknown one, not as a page that could not load', async () => {
    const product = await renderPage(request('ProductPage', '/product/:slug', '/product/Mlima-Gold-Flour'));
    expect(product).toMatchObject({ notFound: true });
    expect(product?.html).toContain('We could not find that product');
    expect(product?.html).not.toMatch(/could not load/i);
    expect(await renderPage(request('BrandPage', '/brand/:slug', '/brand/Nyota'))).toMatchObject({ notFound: true });
    expect(await renderPage(request('ShopPage', '/shop/:brandSlug', '/shop/Nyota'))).toMatchObject({ notFound: true });
  });

  it("a brand page's title, description, logo and breadcrumbs", async () => {
    const brand = brandBySlug('pwani-bora');
    const page = await renderPage(request('BrandPage', '/brand/:slug', '/brand/pwani-bora'));
    expect(page?.notFound).toBeUndefined();
    expect(page?.facts).toEqual({
      title: 'Pwani Bora Products',
      description: `Pwani Bora by ${brand.company}: buy online with free delivery countrywide.`,
      image: brand.image,
      breadcrumbs: [
        { name: 'Home', path: '/' },
        { name: 'Pwani Bora Products', path: '/brand/pwani-bora' },
      ],
    });
  });

  it("a shop page's title and breadcrumbs down to its brand and product type", async () => {
    const page = await renderPage(request('ShopPage', '/shop/:brandSlug/:categorySlug', '/shop/mlima-gold/maize-meal'));
    expect(page?.facts).toMatchObject({
      title: 'Mlima Gold – Maize Meal',
      description: 'Buy Mlima Gold Maize Meal online with free delivery countrywide.',
      breadcrumbs: [
        { name: 'Home', path: '/' },
        { name: 'Shop', path: '/shop/all' },
        { name: 'Mlima Gold', path: '/shop/mlima-gold' },
        { name: 'Maize Meal', path: '/shop/mlima-gold/maize-meal' },
      ],
    });
    const all = await renderPage(request('ShopPage', '/shop/all', '/shop/all'));
    expect(all?.facts).toMatchObject({
      title: 'Shop',
      breadcrumbs: [
        { name: 'Home', path: '/' },
        { name: 'Shop', path: '/shop/all' },
      ],
    });
  });

  it("a page's facts in Swahili when drawn in Swahili: the shop's words translated, the catalogue's names as they are", async () => {
    const brand = brandBySlug('pwani-bora');
    const brandPage = await renderPage(request('BrandPage', '/brand/:slug', '/brand/pwani-bora', 'sw'));
    expect(brandPage?.facts).toEqual({
      title: 'Bidhaa za Pwani Bora',
      description: `Pwani Bora ya ${brand.company}: nunua mtandaoni, usafirishaji bure kote nchini.`,
      image: brand.image,
      breadcrumbs: [
        { name: 'Nyumbani', path: '/' },
        { name: 'Bidhaa za Pwani Bora', path: '/brand/pwani-bora' },
      ],
    });
    const shop = await renderPage(request('ShopPage', '/shop/all', '/shop/all', 'sw'));
    expect(shop?.facts).toMatchObject({
      title: 'Duka',
      description: 'Nunua unga na bidhaa za nyumbani mtandaoni, usafirishaji bure kote nchini.',
      breadcrumbs: [
        { name: 'Nyumbani', path: '/' },
        { name: 'Duka', path: '/shop/all' },
      ],
    });
    const product = productBySlug(FLOUR);
    const productPage = await renderPage(request('ProductPage', '/product/:slug', `/product/${FLOUR}`, 'sw'));
    expect(productPage?.facts).toMatchObject({ title: product.name, product: { name: product.name, brand: product.brand.name } });
    expect(productPage?.facts?.breadcrumbs?.[0]).toEqual({ name: 'Nyumbani', path: '/' });
    expect(productPage?.html).toContain('Maelezo ya bidhaa');
  });
});
