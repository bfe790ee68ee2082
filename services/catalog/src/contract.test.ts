import type { Knex } from 'knex';
import { expectAnswerMatches, PUBLISHED_DOCUMENTS } from '@shop/api-types/openapi/contractCheck';
import { createLogger, listen, openApiDocument, publishedDocumentText, type RunningServer } from '@shop/service-kit';
import { testDatabases } from '@shop/service-kit/testing';
import packageJson from '../package.json';
import { createCatalogApp } from './app';
import { CATALOG_CONTRACT } from './contract';
import { prepareCatalogDatabase } from './db/setup';

const published = PUBLISHED_DOCUMENTS.catalog;

describe('the catalogue contract', () => {
  it('is published as generated from the schemas (run npm run openapi after changing one)', () => {
    expect(published).toEqual(JSON.parse(publishedDocumentText(openApiDocument(CATALOG_CONTRACT))));
  });
});

describe.each(testDatabases('catalog'))('catalog answers on $dialect', ({ create }) => {
  let server: RunningServer;
  let db: Knex;
  let drop: () => Promise<void>;
  const get = async (path: string, init?: RequestInit): Promise<{ status: number; body: unknown }> => {
    const response = await fetch(`${server.url}${path}`, init);
    return { status: response.status, body: await response.json() };
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

  it('serves its OpenAPI 3.1 document at /api/docs/catalog, naming the live release', async () => {
    const { status, body } = await get('/api/docs/catalog');
    expect(status).toBe(200);
    expect(body).toMatchObject({ openapi: '3.1.0', info: { title: 'Shwari Shop catalogue', version: packageJson.version } });
    expect(Object.keys((body as { paths: object }).paths)).toEqual(Object.keys(published.paths));
  });

  it('answers every described read as its published document says', async () => {
    const checks: Array<[string, string, RequestInit?]> = [
      ['/api/site/brands', '/api/site/brands'],
      ['/api/site/categories', '/api/site/categories'],
      ['/api/site/skus', '/api/site/skus'],
      ['/api/site/products', '/api/site/products'],
      ['/api/site/products/featured', '/api/site/products/featured'],
      ['/api/site/products/favorites', '/api/site/products/favorites'],
      ['/api/site/products/filter?sort=price-low-high', '/api/site/products/filter'],
      ['/api/site/products/sort_filter?sort=newest', '/api/site/products/sort_filter'],
    ];
    for (const [url, path] of checks) {
      const { status, body } = await get(url);
      expect(status).toBe(200);
      expectAnswerMatches(published, 'get', path, body);
    }
    const products = (await get('/api/site/products')).body as Array<{ slug: string; brand: { slug: string } }>;
    const onOffer = products[0]!;
    expectAnswerMatches(published, 'get', '/api/site/products/view/{slug}', (await get(`/api/site/products/view/${onOffer.slug}`)).body);
    expectAnswerMatches(
      published,
      'get',
      '/api/site/products/filter/{brandSlug}',
      (await get(`/api/site/products/filter/${onOffer.brand.slug}`)).body,
    );
    const search = await get('/api/site/products/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ search: 'unga' }),
    });
    expectAnswerMatches(published, 'post', '/api/site/products/search', search.body);
  });

  it('would fail an answer that drifted from the document', () => {
    expect(() => expectAnswerMatches(published, 'get', '/api/site/brands', [{ id: 1, name: 'Mlima Gold' }])).toThrow(
      /required property 'slug'/,
    );
  });
});
