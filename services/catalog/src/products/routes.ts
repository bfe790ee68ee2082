import {
  productFilterQuerySchema,
  productSearchBodySchema,
  productSearchQuerySchema,
  productSortQuerySchema,
  slugSchema,
  type Brand,
  type ProductFilterResult,
  type SearchAnswer,
  type SearchSuggestAnswer,
} from '@shop/api-types';
import { notFound, parseBody, parseParams, type AccessRoutes, type AuthState } from '@shop/service-kit';
import { z } from 'zod';
import { payablePrice } from '../search/engine';
import type { SearchIndex } from '../search/search-index';
import type { CatalogRepository, ProductQuery } from './repository';

/** Catalogue reads change only when staff edit the catalogue: short shared caching, revalidated by ETag. */
const CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

export const slugParam = z.object({ slug: slugSchema });
export const brandParam = z.object({ brandSlug: slugSchema });

/** Suggestions the header shows as the shopper types. */
const SUGGESTIONS = 6;

export function productRoutes(routes: AccessRoutes<AuthState>, repository: CatalogRepository, search: SearchIndex): void {
  const router = routes.under('/api/site');

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

  // The shop's one search (see SearchIndex): typos, synonyms in both languages, sizes and prices.
  router.post('/products/search', async (ctx) => {
    const { search: text } = parseBody(productSearchBodySchema, ctx.request.body);
    ctx.body = (await search.answer(text)).products;
  });
  router.get('/search', async (ctx) => {
    const { q } = parseParams(productSearchQuerySchema, ctx.query);
    const { products, notice, engine } = await search.answer(q);
    const body: SearchAnswer = { query: q, products, notice, complete: engine.complete };
    ctx.body = body;
  });
  router.get('/search/suggest', async (ctx) => {
    const { q } = parseParams(productSearchQuerySchema, ctx.query);
    const { products } = await search.answer(q, { limit: SUGGESTIONS });
    const body: SearchSuggestAnswer = {
      query: q,
      suggestions: products.map((product) => ({
        slug: product.slug,
        name: product.name,
        image: product.image,
        unit: product.unit,
        price: payablePrice(product),
      })),
    };
    ctx.body = body;
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
}
