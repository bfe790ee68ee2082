import type { Knex } from 'knex';
import type { SearchAnswer } from '@shop/api-types';
import { createLogger, listen, type RunningServer } from '@shop/service-kit';
import { testDatabases } from '@shop/service-kit/testing';
import { createCatalogApp } from '../../app';
import { prepareCatalogDatabase } from '../../db/setup';
import { evaluate, evaluationQueries } from './evaluate';

/** The evaluation set's floor: the share of queries whose first result is right (the goal is 0.95). */
const FLOOR = 0.95;

describe.each(testDatabases('catalog-evaluation'))('the search evaluation set on $dialect', ({ create }) => {
  let server: RunningServer;
  let drop: () => Promise<void>;
  let db: Knex;

  beforeAll(async () => {
    ({ db, drop } = await create());
    await prepareCatalogDatabase(db);
    server = await listen(
      createCatalogApp({
        db,
        logger: createLogger('catalog'),
        internalSecret: 'test-secret',
        resolveToken: async () => null,
        orderLines: async () => [],
      }),
      0,
    );
  });

  afterAll(async () => {
    await server?.close();
    await drop?.();
  });

  it('has at least 150 queries, each naming seeded products', () => {
    expect(evaluationQueries.length).toBeGreaterThanOrEqual(150);
    for (const query of evaluationQueries) expect(query.first.length).toBeGreaterThan(0);
  });

  it(`puts a right product first for at least ${FLOOR * 100} % of the queries`, async () => {
    const slugs = new Set((await db('products').select('slug')).map((row: { slug: string }) => row.slug));
    for (const query of evaluationQueries) for (const slug of query.first) expect(slugs).toContain(slug);
    const result = await evaluate(async (query) => {
      const response = await fetch(`${server.url}/api/site/search?q=${encodeURIComponent(query)}`);
      const body = (await response.json()) as SearchAnswer;
      return body.products[0]?.slug ?? null;
    });
    // The misses are printed so a change that loses queries says which.
    if (result.misses.length > 0) console.log(JSON.stringify(result.misses, null, 1));
    expect(result.share).toBeGreaterThanOrEqual(FLOOR);
  });
});
