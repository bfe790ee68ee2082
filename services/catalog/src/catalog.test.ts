import type { Knex } from 'knex';
import type { Brand, Product, ProductFilterResult } from '@shop/api-types';
import { createLogger, listen, type RunningServer } from '@shop/service-kit';
import { testDatabases } from '@shop/service-kit/testing';
import { createCatalogApp } from './app';
import { prepareCatalogDatabase } from './db/setup';
import { brands as seedBrands, categories as seedCategories, products as seedProducts } from './db/seed/data';

const effectivePrice = (product: Product) => product.offer?.offer_price ?? product.price;

describe.each(testDatabases('catalog'))('catalog service on $dialect', ({ create }) => {
  let server: RunningServer;
  let db: Knex;
  let drop: () => Promise<void>;

  const get = async (path: string, init?: RequestInit) => {
    const response = await fetch(`${server.url}${path}`, init);
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };

  beforeAll(async () => {
    ({ db, drop } = await create());
    await prepareCatalogDatabase(db);
    server = await listen(createCatalogApp({ db, logger: createLogger('catalog') }), 0);
  });

  afterAll(async () => {
    await server?.close();
    await drop?.();
  });

  it('seeds a believable shop once: brands, eight categories, 40+ products', async () => {
    expect((await get('/api/site/brands')).body).toHaveLength(seedBrands.length);
    const categories = (await get('/api/site/categories')).body as Array<{ id: number }>;
    expect(categories.map((category) => category.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const products = (await get('/api/site/products')).body as Product[];
    expect(products.length).toBeGreaterThanOrEqual(40);
    expect(products.length).toBe(seedProducts.length);
    expect((await get('/api/site/skus')).body.length).toBeGreaterThan(0);
    // A second start does not seed again.
    await prepareCatalogDatabase(db);
    expect((await get('/api/site/products')).body).toHaveLength(seedProducts.length);
  });

  it('answers products in the spec shape with exact prices and offer labels', async () => {
    const seeded = seedProducts.find((product) => product.offerCents !== null)!;
    const { status, body } = await get(`/api/site/products/view/${seeded.slug}`);
    expect(status).toBe(200);
    const product = body as Product;
    expect(product).toMatchObject({
      name: seeded.name,
      slug: seeded.slug,
      unit: seeded.unit,
      price: seeded.priceCents / 100,
      image: `/media/products/${seeded.slug}.svg`,
      limit: { minimum_quantity: seeded.minQuantity, maximum_quantity: seeded.maxQuantity },
    });
    expect(product.offer?.offer_price).toBe(seeded.offerCents! / 100);
    const percent = Math.round(((seeded.priceCents - seeded.offerCents!) * 10000) / seeded.priceCents) / 100;
    expect(product.offer?.discount.name).toBe(`${percent.toFixed(2)}%`);
    expect(product.short_description).toMatch(/^<p>/);
    expect(Object.keys(product)).toEqual(
      expect.arrayContaining(['id', 'name', 'slug', 'image', 'unit', 'price', 'description', 'short_description', 'offer', 'limit']),
    );
  });

  it('lists best sellers and favorites', async () => {
    const featured = (await get('/api/site/products/featured')).body as Product[];
    expect(featured.map((p) => p.slug).sort()).toEqual(
      seedProducts
        .filter((p) => p.featured)
        .map((p) => p.slug)
        .sort(),
    );
    const favorites = (await get('/api/site/products/favorites')).body as Product[];
    expect(favorites.map((p) => p.slug).sort()).toEqual(
      seedProducts
        .filter((p) => p.favorite)
        .map((p) => p.slug)
        .sort(),
    );
  });

  it('filters by brand and category in all three forms', async () => {
    const all = (await get('/api/site/products/filter?brand=all')).body as ProductFilterResult;
    expect(all.brand).toBeNull();
    expect(all.products).toHaveLength(seedProducts.length);

    const brand = seedBrands[0]!;
    const byPath = (await get(`/api/site/products/filter/${brand.slug}`)).body as ProductFilterResult;
    expect((byPath.brand as Brand).slug).toBe(brand.slug);
    expect(byPath.products.length).toBe(seedProducts.filter((p) => p.brand === brand.slug).length);
    expect(byPath.products.every((p) => p.brand.slug === brand.slug)).toBe(true);

    const sample = seedProducts[0]!;
    const both = (await get(`/api/site/products/filter?brand=${sample.brand}&category=${sample.category}`)).body as ProductFilterResult;
    expect(both.products.length).toBe(seedProducts.filter((p) => p.brand === sample.brand && p.category === sample.category).length);
    expect(both.products.every((p) => p.category.slug === sample.category && p.brand.slug === sample.brand)).toBe(true);

    const category = seedCategories[4]!;
    const onlyCategory = (await get(`/api/site/products/filter?brand=all&category=${category.slug}`)).body as ProductFilterResult;
    expect(onlyCategory.products.length).toBe(seedProducts.filter((p) => p.category === category.slug).length);
  });

  it('sorts by price both ways and by newest', async () => {
    const low = (await get('/api/site/products/sort_filter?sort=price-low-high')).body as Product[];
    const lowPrices = low.map(effectivePrice);
    expect(lowPrices).toEqual([...lowPrices].sort((a, b) => a - b));
    const high = (await get('/api/site/products/sort_filter?sort=price-high-low')).body as Product[];
    const highPrices = high.map(effectivePrice);
    expect(highPrices).toEqual([...highPrices].sort((a, b) => b - a));
    const newest = (await get('/api/site/products/sort_filter?sort=newest')).body as Product[];
    const expectedFirst = [...seedProducts].sort((a, b) => a.addedDaysAgo - b.addedDaysAgo)[0]!;
    expect(newest[0]?.slug).toBe(expectedFirst.slug);
    const sortedBrand = (await get(`/api/site/products/filter/${seedBrands[1]!.slug}?sort=price-high-low`)).body as ProductFilterResult;
    const brandPrices = sortedBrand.products.map(effectivePrice);
    expect(brandPrices).toEqual([...brandPrices].sort((a, b) => b - a));
  });

  it('sorts by what a shopper pays: an offer left above the price (not shown) does not move a product', async () => {
    const cheapest = ((await get('/api/site/products/sort_filter?sort=price-low-high')).body as Product[])[0]!;
    const priceCents = Math.round(cheapest.price * 100);
    await db('products')
      .where({ id: cheapest.id })
      .update({ offer_price_cents: priceCents * 50 });
    try {
      const low = (await get('/api/site/products/sort_filter?sort=price-low-high')).body as Product[];
      const moved = low.find((product) => product.id === cheapest.id)!;
      expect(moved.offer).toBeNull();
      const lowPrices = low.map(effectivePrice);
      expect(lowPrices).toEqual([...lowPrices].sort((a, b) => a - b));
      expect(effectivePrice(low[0]!)).toBe(effectivePrice(cheapest));
    } finally {
      await db('products')
        .where({ id: cheapest.id })
        .update({ offer_price_cents: cheapest.offer ? Math.round(cheapest.offer.offer_price * 100) : null });
    }
  });

  it('searches by words across name, brand and category', async () => {
    const target = seedProducts[3]!;
    const firstWord = target.name.split(' ').slice(-2).join(' ');
    const { status, body } = await get('/api/site/products/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ search: firstWord.toUpperCase() }),
    });
    expect(status).toBe(200);
    expect((body as Product[]).map((p) => p.slug)).toContain(target.slug);
    const none = await get('/api/site/products/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ search: '%_zzzz_no_such_thing' }),
    });
    expect(none.body).toEqual([]);
  });

  it('answers 404 with a JSON message for unknown slugs, brands and categories', async () => {
    expect(await get('/api/site/products/view/no-such-product')).toMatchObject({ status: 404, body: { message: 'Product not found.' } });
    expect(await get('/api/site/products/filter/no-such-brand')).toMatchObject({ status: 404, body: { message: 'Brand not found.' } });
    expect(await get('/api/site/products/filter?category=no-such')).toMatchObject({
      status: 404,
      body: { message: 'Category not found.' },
    });
    expect(await get('/api/site/nothing-here')).toMatchObject({ status: 404, body: { message: 'Not found.' } });
  });

  it('answers 400 for malformed parameters and 422 for a bad body, never 500', async () => {
    const badSort = await get('/api/site/products/sort_filter?sort=cheapest');
    expect(badSort.status).toBe(400);
    expect(badSort.body.errors.sort).toBeDefined();
    expect((await get('/api/site/products/view/Robert%27);DROP%20TABLE%20products;--')).status).toBe(400);
    expect((await get('/api/site/products/filter?brand=a&brand=b')).status).toBe(400);
    const post = (body: string) =>
      get('/api/site/products/search', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(await post('{"search": ""}')).toMatchObject({ status: 422, body: { errors: { search: ['The search field is required.'] } } });
    expect(await post('{"search": 42}')).toMatchObject({ status: 422 });
    expect(await post('{broken')).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON.' } });
    expect((await post(JSON.stringify({ search: 'x'.repeat(400_000) }))).status).toBe(413);
  });

  it('serves catalogue reads with ETags (304 when unchanged) and images with long cache lives', async () => {
    const first = await fetch(`${server.url}/api/site/products`);
    const tag = first.headers.get('etag');
    expect(tag).toBeTruthy();
    expect(first.headers.get('cache-control')).toContain('max-age=60');
    const second = await fetch(`${server.url}/api/site/products`, { headers: { 'if-none-match': tag!, 'cache-control': 'max-age=0' } });
    expect(second.status).toBe(304);

    const image = await fetch(`${server.url}/media/products/${seedProducts[0]!.slug}.svg`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
    expect(image.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${server.url}/media/../package.json`)).status).toBe(404);
    expect((await fetch(`${server.url}/media/products/missing.svg`)).status).toBe(404);
  });

  it('keeps drafts and archived products off the storefront', async () => {
    const [draft, archived] = seedProducts.slice(5, 7);
    await db('products').where({ slug: draft!.slug }).update({ status: 'draft' });
    await db('products').where({ slug: archived!.slug }).update({ archived_at: '2026-01-01 00:00:00' });
    const slugs = ((await get('/api/site/products')).body as Product[]).map((p) => p.slug);
    expect(slugs).not.toContain(draft!.slug);
    expect(slugs).not.toContain(archived!.slug);
    expect((await get(`/api/site/products/view/${draft!.slug}`)).status).toBe(404);
    await db('products').whereIn('slug', [draft!.slug, archived!.slug]).update({ status: 'published', archived_at: null });
  });

  it('answers the orders service the current prices of buyable products (internal lookup)', async () => {
    const lookup = (body: unknown, secret: string | null = 'dev-internal-secret') =>
      get('/internal/products/lookup', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(secret === null ? {} : { 'x-internal-secret': secret }) },
        body: JSON.stringify(body),
      });
    const offer = seedProducts.find((product) => product.offerCents !== null)!;
    const plain = seedProducts.find((product) => product.offerCents === null)!;
    const ids = (await db('products').whereIn('slug', [offer.slug, plain.slug]).orderBy('id').select('id', 'slug')) as Array<{
      id: number;
      slug: string;
    }>;
    const answer = await lookup({ ids: [...ids.map((row) => Number(row.id)), 999_999, Number(ids[0]!.id)] });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const products = answer.body.products as Array<Record<string, unknown>>;
    expect(products.map((p) => p.slug).sort()).toEqual([offer.slug, plain.slug].sort());
    const onOffer = products.find((p) => p.slug === offer.slug)!;
    expect(onOffer).toEqual({
      id: expect.any(Number),
      name: offer.name,
      slug: offer.slug,
      unit: offer.unit,
      image: `/media/products/${offer.slug}.svg`,
      price_cents: offer.priceCents,
      offer_price_cents: offer.offerCents,
      min_quantity: offer.minQuantity,
      max_quantity: offer.maxQuantity,
      brand_id: expect.any(Number),
      brand_name: seedBrands.find((b) => b.slug === offer.brand)!.name,
      category_id: expect.any(Number),
      category_name: seedCategories.find((c) => c.slug === offer.category)!.name,
    });
    expect(products.find((p) => p.slug === plain.slug)!.offer_price_cents).toBeNull();

    // A price change is seen at once; drafts and archived products are gone.
    await db('products')
      .where({ slug: plain.slug })
      .update({ price_cents: plain.priceCents + 100 });
    expect(
      ((await lookup({ ids: [Number(ids.find((r) => r.slug === plain.slug)!.id)] })).body.products[0] as { price_cents: number })
        .price_cents,
    ).toBe(plain.priceCents + 100);
    await db('products').where({ slug: plain.slug }).update({ price_cents: plain.priceCents, status: 'draft' });
    expect((await lookup({ ids: ids.map((row) => Number(row.id)) })).body.products.map((p: { slug: string }) => p.slug)).toEqual([
      offer.slug,
    ]);
    await db('products').where({ slug: plain.slug }).update({ status: 'published' });

    expect((await lookup({ ids: [1] }, null)).status).toBe(403);
    expect((await lookup({ ids: [1] }, 'guess')).status).toBe(403);
    expect(await lookup({ ids: [] })).toMatchObject({ status: 422, body: { errors: { ids: ['The ids field must not be empty.'] } } });
    expect((await lookup({ ids: ['1'] })).status).toBe(422);
    expect((await lookup({ ids: Array.from({ length: 501 }, (_, i) => i + 1) })).status).toBe(422);
  });

  it('reports health and readiness', async () => {
    expect(await get('/healthz')).toMatchObject({
      status: 200,
      body: { status: 'ok', service: 'catalog', version: expect.stringMatching(/^\d+\.\d+\.\d+/) },
    });
    expect(await get('/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
  });
});
