/**
 * The shop's product search (services/catalog/src/search), in the catalog service's own process:
 *
 *   - the evaluation set (services/catalog/src/search/evaluation/queries.json) against the seeded
 *     catalogue: the share of queries whose first product is one that must come first;
 *   - latency of one search at 10,000 generated products (the seed's 44 under 230 generated brands,
 *     in several sizes), every query of the set asked ROUNDS times: p50 and p95.
 *
 * Runs alone with `BENCH_ONLY=search npm run bench` (no shop is started for it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Product } from '@shop/api-types';
import { createDatabase } from '@shop/service-kit';
import { prepareCatalogDatabase } from '../../services/catalog/src/db/setup';
import { CatalogRepository } from '../../services/catalog/src/products/repository';
import { SearchEngine } from '../../services/catalog/src/search/engine';
import { evaluate, evaluationQueries, type EvaluationMiss } from '../../services/catalog/src/search/evaluation/evaluate';
import { SearchIndex } from '../../services/catalog/src/search/search-index';
import { SearchSynonyms } from '../../services/catalog/src/search/synonyms';

const GENERATED_PRODUCTS = 10_000;
const ROUNDS = 5;

export interface SearchFigures {
  /** Share of the evaluation set's queries whose first result is right, in per cent. */
  firstRightPercent: number;
  queries: number;
  misses: EvaluationMiss[];
  products: number;
  p50Ms: number;
  p95Ms: number;
  buildMs: number;
}

const BRAND_PARTS = [
  'Kilima',
  'Baraka',
  'Jua',
  'Neema',
  'Tausi',
  'Simba',
  'Zuri',
  'Amani',
  'Fahari',
  'Imara',
  'Upendo',
  'Rafiki',
  'Taji',
  'Tumaini',
  'Umoja',
];
const SIZES_KG = [0.5, 1, 2, 5, 10, 25, 50, 90];

/** The seed's products again and again under generated brands and sizes, with ids of their own. */
function generate(seed: Product[], count: number): Product[] {
  const products: Product[] = [];
  for (let index = 0; products.length < count; index++) {
    const base = seed[index % seed.length]!;
    const brandName = `${BRAND_PARTS[index % BRAND_PARTS.length]} ${BRAND_PARTS[Math.floor(index / seed.length) % BRAND_PARTS.length]} ${Math.floor(index / 700)}`;
    const kg = SIZES_KG[Math.floor(index / seed.length) % SIZES_KG.length]!;
    const name = `${brandName} ${base.name.replace(/^(Mlima Gold|Pwani Bora|Afya Bora|Nyota|Shamba Bora) /, '')}`.replace(
      /\d+(kg|L)\b/,
      `${kg}$1`,
    );
    products.push({
      ...base,
      id: 100_000 + index,
      slug: `generated-${index}`,
      name,
      unit: base.unit.includes('L') ? `${kg} L` : `${kg} kg`,
      brand: { id: 1000 + (index % 230), name: brandName, slug: `brand-${index % 230}` },
    });
  }
  return products;
}

const percentile = (sorted: number[], share: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;

export async function benchSearch(options: { print?: boolean } = {}): Promise<SearchFigures> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-search-'));
  const db = createDatabase({ service: 'catalog', url: `sqlite:${path.join(dir, 'catalog.sqlite')}` });
  try {
    await prepareCatalogDatabase(db);
    const repository = new CatalogRepository(db);
    const synonyms = new SearchSynonyms(db);
    const index = new SearchIndex(repository, synonyms);
    const evaluation = await evaluate(async (query) => (await index.answer(query)).products[0]?.slug ?? null);
    if (options.print) for (const miss of evaluation.misses) console.log(`  miss: "${miss.query}" first ${miss.got ?? 'nothing'}`);

    const seed = await repository.products({ sort: 'popular' });
    const products = [...seed, ...generate(seed, GENERATED_PRODUCTS - seed.length)];
    const started = performance.now();
    const engine = new SearchEngine(products, await synonyms.entries());
    const buildMs = performance.now() - started;
    // One round unmeasured: the first calls compile the code paths.
    for (const { query } of evaluationQueries) engine.search(query);
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const { query } of evaluationQueries) {
        const before = performance.now();
        engine.search(query);
        times.push(performance.now() - before);
      }
    }
    times.sort((a, b) => a - b);
    const round2 = (ms: number): number => Math.round(ms * 100) / 100;
    return {
      firstRightPercent: Math.round(evaluation.share * 1000) / 10,
      queries: evaluation.total,
      misses: evaluation.misses,
      products: engine.size,
      p50Ms: round2(percentile(times, 0.5)),
      p95Ms: round2(percentile(times, 0.95)),
      buildMs: Math.round(buildMs),
    };
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  benchSearch({ print: true })
    .then((figures) => console.log(JSON.stringify({ ...figures, misses: figures.misses.length }, null, 2)))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
