import { expectAnswerMatches, PUBLISHED_DOCUMENTS } from '@shop/api-types/openapi/contractCheck';
import { BRANDS, CATEGORIES, FAVORITES, FEATURED, filterResult, PRODUCTS, TOP_PRODUCTS } from './testFixtures';

/**
 * The screen tests answer with these fixtures in place of the catalogue service: each must be an
 * answer the service's published contract allows, or the screens are tested against a shop that
 * does not exist.
 */
describe("the catalogue remote's fixtures follow the catalogue's published contract", () => {
  const catalog = PUBLISHED_DOCUMENTS.catalog;

  it.each([
    ['/api/site/brands', BRANDS],
    ['/api/site/categories', CATEGORIES],
    ['/api/site/products', PRODUCTS],
    ['/api/site/products/featured', FEATURED],
    ['/api/site/products/favorites', FAVORITES],
    ['/api/site/products/sort_filter', TOP_PRODUCTS],
  ])('GET %s', (path, fixture) => {
    expect(() => expectAnswerMatches(catalog, 'get', path, fixture)).not.toThrow();
  });

  it('GET /api/site/products/view/{slug}, for every product', () => {
    for (const product of PRODUCTS) expectAnswerMatches(catalog, 'get', '/api/site/products/view/{slug}', product);
  });

  it('GET /api/site/products/filter and /filter/{brandSlug}', () => {
    expectAnswerMatches(catalog, 'get', '/api/site/products/filter', filterResult('all'));
    for (const brand of BRANDS) expectAnswerMatches(catalog, 'get', '/api/site/products/filter/{brandSlug}', filterResult(brand.slug));
  });

  it('fails a fixture that drifts (a price sent as text)', () => {
    const drifted = { ...PRODUCTS[0], price: '230.00' };
    expect(() => expectAnswerMatches(catalog, 'get', '/api/site/products/view/{slug}', drifted)).toThrow(/\/price must be number/);
  });
});
