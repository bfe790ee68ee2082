import { orderStoreBodySchema, type OrderStoreResponse } from '@shop/api-types';
import { parseBody, type AuthState, type AccessRoutes } from '@shop/service-kit';
import type { CheckoutService } from './place-order';

/** POST /api/site/orders/store: guests, or customers with their bearer token (a token that is not live is 401). */
export function checkoutRoutes(routes: AccessRoutes<AuthState>, deps: { checkout: CheckoutService }): void {
  const router = routes.under('/api/site/orders');

  router.post('/store', async (ctx) => {
    const input = parseBody(orderStoreBodySchema, ctx.request.body);
    const answer: OrderStoreResponse = { data: await deps.checkout.place(input, ctx.state.auth ?? null) };
    ctx.status = 201;
    ctx.body = answer;
  });
}
