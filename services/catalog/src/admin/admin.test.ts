import http from 'node:http';
import sharp from 'sharp';
import type { Knex } from 'knex';
import type { AdminBrand, AdminCategory, AdminProduct, AdminProductDetail, AuditEntry, Page, Product } from '@shop/api-types';
import { createLogger, listen, type AuthContext, type RunningServer } from '@shop/service-kit';
import { testDatabases } from '@shop/service-kit/testing';
import { createCatalogApp } from '../app';
import { prepareCatalogDatabase } from '../db/setup';

const STAFF = 's'.repeat(43);
const CUSTOMER = 'c'.repeat(43);
const person = (kind: 'staff' | 'customer', accountId: number): AuthContext => ({
  tokenId: null,
  accountId,
  kind,
  firstName: kind === 'staff' ? 'Amina' : 'Juma',
  lastName: kind === 'staff' ? 'Wanjiru' : 'Otieno',
  email: `${kind}@example.com`,
  phone: null,
  expiresAt: '2099-01-01T00:00:00.000Z',
});

describe.each(testDatabases('catalog-admin'))('catalogue admin on $dialect', ({ create }) => {
  let server: RunningServer;
  let db: Knex;
  let drop: () => Promise<void>;
  let png: Buffer;

  const call = async <T = Record<string, unknown>>(
    method: string,
    url: string,
    options: { token?: string; json?: unknown; form?: FormData } = {},
  ) => {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers,
      body: options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
  };

  const productForm = (fields: Record<string, string>, image?: { data: Buffer; type: string; name: string }): FormData => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    if (image) form.append('image', new Blob([image.data], { type: image.type }), image.name);
    return form;
  };

  const validFields = {
    name: 'Pwani Bora Wholemeal Chapati Flour 2kg',
    brand_id: '2',
    category_id: '3',
    sku_id: '1',
    unit: '2 kg',
    price: '210',
    offer_price: '189.50',
    offer_percent: '9.76',
    short_description: '<p>Soft layered chapati. <script>alert(1)</script><a href="javascript:alert(1)">click</a></p>',
    description:
      '<p onclick="steal()">Stone-ground <strong>wholemeal</strong> flour.</p><img src="x" onerror="steal()"><a href="https://example.com">recipes</a>',
    maximum_quantity: '6',
    is_featured: '1',
  };

  beforeAll(async () => {
    ({ db, drop } = await create());
    await prepareCatalogDatabase(db);
    png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 160, b: 40 } } })
      .png()
      .toBuffer();
    const app = createCatalogApp({
      db,
      logger: createLogger('catalog'),
      internalSecret: 'test-secret',
      resolveToken: async (token) => (token === STAFF ? person('staff', 1) : token === CUSTOMER ? person('customer', 2) : null),
      orderLines: async (productId) =>
        [
          {
            order_id: 9,
            order_number: 'SH-260009',
            customer_first_name: 'Juma',
            amount: 2100,
            date: '2026-11-01T10:00:00.000Z',
            status: { id: 2, name: 'Paid', color: '#16a34a' },
            is_paid: 1 as const,
          },
        ].filter(() => productId === 1),
    });
    server = await listen(app, 0);
  });

  afterAll(async () => {
    await server?.close();
    await drop?.();
  });

  it('refuses callers without a staff token: 401 with none or an unknown one, 403 for a customer', async () => {
    expect((await call('GET', '/api/admin/products')).status).toBe(401);
    expect((await call('GET', '/api/admin/products', { token: 'x'.repeat(43) })).status).toBe(401);
    expect(await call('GET', '/api/admin/products', { token: CUSTOMER })).toMatchObject({
      status: 403,
      body: { message: 'This action is unauthorized.' },
    });
    expect((await call('POST', '/api/admin/products/archive/1', { token: CUSTOMER })).status).toBe(403);
    expect((await call('GET', '/api/admin/products', { token: STAFF })).status).toBe(200);
  });

  it('answers 503, not 500, while the customers service cannot check the staff token', async () => {
    const saved = process.env.CUSTOMERS_URL;
    // Nothing listens on the discard port: the default resolver cannot reach the customers service.
    process.env.CUSTOMERS_URL = 'http://127.0.0.1:9';
    const cut = await listen(
      createCatalogApp({ db, logger: createLogger('catalog'), internalSecret: 'test-secret', orderLines: async () => [] }),
      0,
    );
    try {
      const response = await fetch(`${cut.url}/api/admin/products`, { headers: { authorization: `Bearer ${STAFF}` } });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ message: 'We could not check your sign-in right now. Please try again in a moment.' });
      expect((await fetch(`${cut.url}/api/site/products`)).status).toBe(200);
    } finally {
      await cut.close();
      if (saved === undefined) delete process.env.CUSTOMERS_URL;
      else process.env.CUSTOMERS_URL = saved;
    }
  });

  it('lists products with a working sort, brand filter and search', async () => {
    const all = (await call<AdminProduct[]>('GET', '/api/admin/products', { token: STAFF })).body;
    expect(all.length).toBeGreaterThanOrEqual(40);
    const cheapFirst = (await call<AdminProduct[]>('GET', '/api/admin/products?sort=price-low-high', { token: STAFF })).body;
    const prices = cheapFirst.map((product) => product.offer?.offer_price ?? product.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const brand = (await call<AdminProduct[]>('GET', '/api/admin/products?brand_id=5', { token: STAFF })).body;
    expect(brand.length).toBeGreaterThan(0);
    expect(brand.every((product) => product.brand.id === 5)).toBe(true);
    const search = (await call<AdminProduct[]>('GET', '/api/admin/products?q=pishori', { token: STAFF })).body;
    expect(search.every((product) => /pishori/i.test(product.name))).toBe(true);
    expect((await call('GET', '/api/admin/products?sort=cheapest', { token: STAFF })).status).toBe(400);
  });

  it('answers 422 with a message per field and writes nothing', async () => {
    const before = (await call<AdminProduct[]>('GET', '/api/admin/products', { token: STAFF })).body.length;
    const { status, body } = await call<{ errors: Record<string, string[]> }>('POST', '/api/admin/products/store', {
      token: STAFF,
      form: productForm({ ...validFields, name: '', brand_id: '999', price: '-3', offer_price: '500' }),
    });
    expect(status).toBe(422);
    expect(body.errors.name).toEqual(['The name field is required.']);
    expect(body.errors.price).toEqual(['The price must be greater than 0.']);
    const refs = await call<{ errors: Record<string, string[]> }>('POST', '/api/admin/products/store', {
      token: STAFF,
      form: productForm({ ...validFields, brand_id: '999' }),
    });
    expect(refs.body.errors).toMatchObject({ brand_id: ['The selected brand is invalid.'], image: ['The image field is required.'] });
    const offer = await call<{ errors: Record<string, string[]> }>('POST', '/api/admin/products/store', {
      token: STAFF,
      form: productForm({ ...validFields, offer_price: '250' }, { data: png, type: 'image/png', name: 'a.png' }),
    });
    expect(offer.body.errors.offer_price).toEqual(['The offer price must be lower than the regular price.']);
    expect((await call<AdminProduct[]>('GET', '/api/admin/products', { token: STAFF })).body.length).toBe(before);
  });

  it('refuses files that are not pictures and pictures over 2 MB', async () => {
    const fake = await call<{ errors: Record<string, string[]> }>('POST', '/api/admin/products/store', {
      token: STAFF,
      form: productForm(validFields, { data: Buffer.from('<?php system($_GET["c"]); ?>'), type: 'image/png', name: 'shell.png' }),
    });
    expect(fake).toMatchObject({ status: 422, body: { errors: { image: ['The image must be a JPEG, PNG or WebP picture.'] } } });
    const huge = await call<{ errors: Record<string, string[]> }>('POST', '/api/admin/products/store', {
      token: STAFF,
      form: productForm(validFields, { data: Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]), type: 'image/png', name: 'big.png' }),
    });
    expect(huge).toMatchObject({ status: 422, body: { errors: { image: ['The image may not be greater than 2 MB.'] } } });
  });

  it('adds a featured product: sanitised text, a stored 800 px WebP image, on the storefront and in best sellers', async () => {
    const { status, body } = await call<{ message: string; product: AdminProduct }>('POST', '/api/admin/products/store', {
      token: STAFF,
      form: productForm(validFields, { data: png, type: 'image/png', name: 'chapati.png' }),
    });
    expect(status).toBe(201);
    expect(body.message).toBe('Product successfully saved.');
    const product = body.product;
    expect(product).toMatchObject({
      slug: 'pwani-bora-wholemeal-chapati-flour-2kg',
      price: 210,
      status: 'published',
      is_featured: true,
      maximum_quantity: 6,
    });
    expect(product.offer).toEqual({ offer_price: 189.5, discount: { name: '9.76%', percent: 9.76 } });
    expect(product.short_description).not.toMatch(/script|javascript:/i);
    expect(product.description).not.toMatch(/onclick|onerror/i);
    expect(product.description).toContain('<strong>wholemeal</strong>');
    expect(product.description).toContain('href="https://example.com"');
    expect(product.image).toMatch(/^\/media\/uploads\/[0-9a-f]{20}\.webp$/);
    const image = await fetch(`${server.url}${product.image}`);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toContain('immutable');
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(800);
    // Kept in the database, not on this replica's disk: another replica (nothing shared but the
    // database) serves the same picture, and a browser's revalidation gets a 304.
    const otherReplica = await listen(
      createCatalogApp({ db, logger: createLogger('catalog'), internalSecret: 'test-secret', orderLines: async () => [] }),
      0,
    );
    try {
      const again = await fetch(`${otherReplica.url}${product.image}`);
      expect(again.status).toBe(200);
      expect(again.headers.get('etag')).toBe(image.headers.get('etag'));
      // As a browser revalidates (fetch would add Cache-Control: no-cache to a conditional request).
      const revalidated = await new Promise<number>((resolve, reject) =>
        http
          .get(`${otherReplica.url}${product.image}`, { headers: { 'if-none-match': image.headers.get('etag')! } }, (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          })
          .on('error', reject),
      );
      expect(revalidated).toBe(304);
    } finally {
      await otherReplica.close();
    }

    const shop = (await call<Product>('GET', `/api/site/products/view/${product.slug}`)).body;
    expect(shop.name).toBe(validFields.name);
    const featured = (await call<Product[]>('GET', '/api/site/products/featured')).body;
    expect(featured.map((item) => item.slug)).toContain(product.slug);
  });

  it('lists the products staff just added first, newest first, on the first page of 15', async () => {
    const add = async (name: string): Promise<AdminProduct> =>
      (
        await call<{ product: AdminProduct }>('POST', '/api/admin/products/store', {
          token: STAFF,
          form: productForm({ ...validFields, name }, { data: png, type: 'image/png', name: 'n.png' }),
        })
      ).body.product;
    // Two in a row, usually within one second: the later one still comes first.
    const older = await add('Unga Bora Sifted Maize Meal 1kg');
    const newer = await add('Unga Bora Sifted Maize Meal 2kg');
    const list = (await call<AdminProduct[]>('GET', '/api/admin/products', { token: STAFF })).body;
    expect(list.slice(0, 2).map((product) => product.name)).toEqual([newer.name, older.name]);
    expect(new Set(list.map((product) => product.id)).size).toBe(list.length);
    // The whole list is in one total order: created_at descending, then id descending.
    for (let i = 1; i < list.length; i += 1) {
      const [before, after] = [list[i - 1]!, list[i]!];
      expect(before.created_at > after.created_at || (before.created_at === after.created_at && before.id > after.id)).toBe(true);
    }
    expect(
      (await call<AdminProduct[]>('GET', '/api/admin/products?sort=newest', { token: STAFF })).body.map((product) => product.id),
    ).toEqual(list.map((product) => product.id));
    await call('POST', `/api/admin/products/archive/${older.id}`, { token: STAFF });
    await call('POST', `/api/admin/products/archive/${newer.id}`, { token: STAFF });
  });

  it('saves drafts off the storefront, updates with a replaced image, archives and restores', async () => {
    const draft = await call<{ product: AdminProduct }>('POST', '/api/admin/products/store', {
      token: STAFF,
      form: productForm(
        { ...validFields, name: 'Draft Porridge Mix 1kg', status: 'draft', is_featured: '0' },
        { data: png, type: 'image/png', name: 'd.png' },
      ),
    });
    const id = draft.body.product.id;
    expect(draft.body.product.status).toBe('draft');
    expect((await call('GET', `/api/site/products/view/${draft.body.product.slug}`)).status).toBe(404);

    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#1d4e89' } })
      .jpeg()
      .toBuffer();
    const updated = await call<{ message: string; product: AdminProduct }>('POST', `/api/admin/products/update/${id}`, {
      token: STAFF,
      form: productForm(
        { ...validFields, name: 'Afya Porridge Mix 1kg', status: 'published', is_featured: '0', offer_price: '' },
        { data: jpeg, type: 'image/jpeg', name: 'e.jpg' },
      ),
    });
    expect(updated.body.message).toBe('Product successfully updated.');
    expect(updated.body.product).toMatchObject({
      name: 'Afya Porridge Mix 1kg',
      slug: 'afya-porridge-mix-1kg',
      status: 'published',
      offer: null,
    });
    expect(updated.body.product.image).not.toBe(draft.body.product.image);
    const kept = await call<{ product: AdminProduct }>('POST', `/api/admin/products/update/${id}`, {
      token: STAFF,
      form: productForm({ ...validFields, name: 'Afya Porridge Mix 1kg' }),
    });
    expect(kept.body.product.image).toBe(updated.body.product.image);
    expect((await call('GET', '/api/site/products/view/afya-porridge-mix-1kg')).status).toBe(200);

    expect((await call('POST', `/api/admin/products/archive/${id}`, { token: STAFF })).status).toBe(200);
    expect((await call('GET', '/api/site/products/view/afya-porridge-mix-1kg')).status).toBe(404);
    const adminList = (await call<AdminProduct[]>('GET', '/api/admin/products?archived=1', { token: STAFF })).body;
    expect(adminList.find((product) => product.id === id)?.archived_at).toBeTruthy();
    expect((await call<AdminProduct[]>('GET', '/api/admin/products', { token: STAFF })).body.some((product) => product.id === id)).toBe(
      false,
    );
    await call('POST', `/api/admin/products/restore/${id}`, { token: STAFF });
    expect((await call('GET', '/api/site/products/view/afya-porridge-mix-1kg')).status).toBe(200);
    expect((await call('POST', '/api/admin/products/archive/999999', { token: STAFF })).status).toBe(404);
    expect((await call('POST', '/api/admin/products/update/abc', { token: STAFF, json: {} })).status).toBe(400);
  });

  it('moves the catalogue revision on every staff change and only then (the orders service caches prices on it)', async () => {
    const revision = async (): Promise<string> => {
      const answer = await fetch(`${server.url}/internal/catalog/revision`, { headers: { 'x-internal-secret': 'test-secret' } });
      expect(answer.headers.get('cache-control')).toBe('no-store');
      return ((await answer.json()) as { revision: string }).revision;
    };
    expect((await fetch(`${server.url}/internal/catalog/revision`)).status).toBe(403);
    const before = await revision();
    expect(
      (await call('POST', '/api/admin/products/update/1', { token: STAFF, form: productForm({ ...validFields, price: '' }) })).status,
    ).toBe(422);
    expect(await revision()).toBe(before);
    expect((await call('POST', '/api/admin/products/archive/2', { token: STAFF })).status).toBe(200);
    const afterArchive = await revision();
    expect(afterArchive).not.toBe(before);
    await call('POST', '/api/admin/products/restore/2', { token: STAFF });
    expect(await revision()).not.toBe(afterArchive);
  });

  it('shows a product with the orders that contain it', async () => {
    const detail = (await call<AdminProductDetail>('GET', '/api/admin/products/view/1', { token: STAFF })).body;
    expect(detail.id).toBe(1);
    expect(detail.order_items).toEqual([expect.objectContaining({ order_number: 'SH-260009', customer_first_name: 'Juma' })]);
    expect((await call('GET', '/api/admin/products/view/999999', { token: STAFF })).status).toBe(404);
  });

  it('manages categories and brands: counts, views, add, rename, archive (their products leave the storefront)', async () => {
    const categories = (await call<AdminCategory[]>('GET', '/api/admin/categories', { token: STAFF })).body;
    expect(categories.map((category) => category.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(categories.every((category) => category.products_count > 0)).toBe(true);
    const created = await call<{ category: AdminCategory }>('POST', '/api/admin/categories/store', {
      token: STAFF,
      json: { name: 'Spices & Baking Aids' },
    });
    expect(created).toMatchObject({
      status: 201,
      body: { category: { name: 'Spices & Baking Aids', slug: 'spices-and-baking-aids', products_count: 0 } },
    });
    const view = (await call<{ products: unknown[] }>('GET', `/api/admin/categories/view/${created.body.category.id}`, { token: STAFF }))
      .body;
    expect(view.products).toEqual([]);
    expect((await call('POST', '/api/admin/categories/store', { token: STAFF, json: { name: ' ' } })).status).toBe(422);

    const brand = await call<{ brand: AdminBrand }>('POST', '/api/admin/brands/store', {
      token: STAFF,
      json: { name: 'Baraka Gold', company: 'Mlima Millers Ltd', color: '#aa3300' },
    });
    expect(brand.body.brand).toMatchObject({ name: 'Baraka Gold', slug: 'baraka-gold', products_count: 0 });
    expect(
      (await call('POST', '/api/admin/brands/store', { token: STAFF, json: { name: 'X', company: 'Y', color: 'red' } })).body,
    ).toMatchObject({ errors: { color: ['The colour must be a hex colour such as #1f6f3a.'] } });
    await call('POST', `/api/admin/brands/update/${brand.body.brand.id}`, {
      token: STAFF,
      json: { name: 'Baraka Premium', company: 'Mlima Millers Ltd', color: '#aa3300' },
    });
    expect(
      (await call<AdminBrand[]>('GET', '/api/admin/brands', { token: STAFF })).body.some((item) => item.name === 'Baraka Premium'),
    ).toBe(true);

    await call('POST', '/api/admin/brands/archive/5', { token: STAFF });
    const shop = (await call<Product[]>('GET', '/api/site/products')).body;
    expect(shop.some((product) => product.brand.id === 5)).toBe(false);
    expect((await call('GET', '/api/site/products/filter/shamba-bora')).status).toBe(404);
    await call('POST', '/api/admin/brands/restore/5', { token: STAFF });
    expect((await call('GET', '/api/site/products/filter/shamba-bora')).status).toBe(200);
  });

  it('writes every change to the audit log, with who and when, readable by staff only', async () => {
    const audit = (await call<Page<AuditEntry>>('GET', '/api/admin/audit/catalog', { token: STAFF })).body;
    expect(audit.total).toBeGreaterThanOrEqual(8);
    expect(audit.data[0]).toMatchObject({
      actor: { id: 1, name: 'Amina Wanjiru' },
      action: 'brand.restored',
      entity: 'brand',
      entity_id: 5,
    });
    expect(audit.data.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['product.created', 'product.updated', 'product.archived', 'category.created', 'brand.created']),
    );
    expect((await call('GET', '/api/admin/audit/catalog', { token: CUSTOMER })).status).toBe(403);
  });
});
