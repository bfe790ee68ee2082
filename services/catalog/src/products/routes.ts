import Router from '@koa/router';
import {
  productFilterQuerySchema,
  productSearchBodySchema,
  productSortQuerySchema,
  slugSchema,
  type Brand,
  type ProductFilterResult,
} from '@shop/api-types';
import { notFound, parseBody, parseParams, type ServiceState } from '@shop/service-kit';
import { z } from 'zod';
import { searchClauses } from '../search/expand';
import type { SearchSynonyms } from '../search/synonyms';
import type { CatalogRepository, ProductQuery } from './repository';

/** Catalogue reads change only when staff edit the catalogue: short shared caching, revalidated by ETag. */
const CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

export const slugParam = z.object({ slug: slugSchema });
export const brandParam = z.object({ brandSlug: slugSchema });

export function productRoutes(repository: CatalogRepository, synonyms: SearchSynonyms): Router<ServiceState> {
  const router = new Router<ServiceState>({ prefix: '/api/site' });

  router.use(async (ctx, next) => {
    await next();
    if (ctx.method === 'GET' && ctx.status === 200) ctx.set('Cache-Control', CACHE_CONTROL);
  });

  router.get('/brands', async (ctx) => {
    ctx.body = await repository.brands();
  });
  router.get('/categories', async (ctx) => {
    ctx.body = await repository.categories();
  });
  router.get('/skus', async (ctx) => {
    ctx.body = await repository.skus();
  });

  router.get('/products', async (ctx) => {
    ctx.body = await repository.products();
  });
  router.get('/products/featured', async (ctx) => {
    ctx.body = await repository.products({ featured: true });
  });
  router.get('/products/favorites', async (ctx) => {
    ctx.body = await repository.products({ favorite: true });
  });

  router.post('/products/search', async (ctx) => {
    const { search } = parseBody(productSearchBodySchema, ctx.request.body);
    // Swahili words and common misspellings find the catalogue's English names ('mchele' is rice).
    const clauses = searchClauses(search, await synonyms.matcher());
    ctx.body = await repository.products({ clauses, sort: 'popular' });
  });

  /** Brand and category slugs to ids; 'all' or nothing means no filter; unknown slugs are 404. */
  async function resolveFilter(brandSlug?: string, categorySlug?: string): Promise<{ query: ProductQuery; brand: Brand | null }> {
    const query: ProductQuery = {};
    let brand: Brand | null = null;
    if (brandSlug && brandSlug !== 'all') {
      brand = (await repository.brandBySlug(brandSlug)) ?? null;
      if (!brand) throw notFound('Brand not found.');
      query.brandId = brand.id;
    }
    if (categorySlug && categorySlug !== 'all') {
      const category = await repository.categoryBySlug(categorySlug);
      if (!category) throw notFound('Category not found.');
      query.categoryId = category.id;
    }
    return { query, brand };
  }

  router.get('/products/filter', async (ctx) => {
    const params = parseParams(productFilterQuerySchema, ctx.query);
    const { query, brand } = await resolveFilter(params.brand, params.category);
    const body: ProductFilterResult = { products: await repository.products({ ...query, sort: params.sort }), brand };
    ctx.body = body;
  });

  router.get('/products/filter/:brandSlug', async (ctx) => {
    const { brandSlug } = parseParams(brandParam, ctx.params);
    const params = parseParams(productFilterQuerySchema.pick({ category: true, sort: true }), ctx.query);
    const { query, brand } = await resolveFilter(brandSlug, params.category);
    const body: ProductFilterResult = { products: await repository.products({ ...query, sort: params.sort }), brand };
    ctx.body = body;
  });

  router.get('/products/sort_filter', async (ctx) => {
    const params = parseParams(productSortQuerySchema, ctx.query);
    const { query } = await resolveFilter(params.brand, params.category);
    ctx.body = await repository.products({ ...query, sort: params.sort });
  });

  router.get('/products/view/:slug', async (ctx) => {
    const { slug } = parseParams(slugParam, ctx.params);
    const product = await repository.productBySlug(slug);
    if (!product) throw notFound('Product not found.');
    ctx.body = product;
  });

  return router;
}
