import { productLookupBodySchema, type CatalogRevisionResponse, type ProductLookupResponse } from '@shop/api-types';
import { parseBody, type AccessRoutes, type AuthState } from '@shop/service-kit';
import type { CatalogRepository } from './repository';

/**
 * POST /internal/products/lookup {ids}: the current prices, limits and names of the products in a
 * cart, for the orders service (never routed by the gateway; x-internal-secret required). Only
 * products a shopper can buy are answered: a missing id is a product that is gone. Never cached.
 * GET /internal/catalog/revision: what lets the orders service cache lookups safely (see the type).
 */
export function productInternalRoutes(
  routes: AccessRoutes<AuthState>,
  repository: CatalogRepository,
  /** Told every revision read here: the search catches up at once with a change another service has seen. */
  onRevision: (revision: string) => void = () => undefined,
): void {
  const router = routes.under('/internal');

  router.post('/products/lookup', async (ctx) => {
    const { ids } = parseBody(productLookupBodySchema, ctx.request.body);
    const answer: ProductLookupResponse = { products: await repository.lookup(ids) };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = answer;
  });

  router.get('/catalog/revision', async (ctx) => {
    const answer: CatalogRevisionResponse = { revision: await repository.revision() };
    onRevision(answer.revision);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = answer;
  });
}
