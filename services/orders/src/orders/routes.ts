import Router from '@koa/router';
import type { CustomerOrdersResponse } from '@shop/api-types';
import { currentAuth, notFound, parseParams, type AuthGuards, type AuthState } from '@shop/service-kit';
import { z } from 'zod';
import type { OrdersRepository } from './repository';

const orderNumberParam = z.object({
  order_number: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^SH-\d{5,12}$/, 'The order number is not valid.'),
});

/** GET /api/orders and GET /api/orders/view/{order_number}: the caller's own orders only. */
export function customerOrderRoutes(deps: { orders: OrdersRepository; guards: AuthGuards }): Router<AuthState> {
  const router = new Router<AuthState>({ prefix: '/api/orders' });
  router.use(deps.guards.requireCustomer);
  router.use(async (ctx, next) => {
    await next();
    ctx.set('Cache-Control', 'private, no-store');
  });

  router.get('/', async (ctx) => {
    const answer: CustomerOrdersResponse = { orders: await deps.orders.listForCustomer(currentAuth(ctx).accountId) };
    ctx.body = answer;
  });

  router.get('/view/:order_number', async (ctx) => {
    const { order_number } = parseParams(orderNumberParam, ctx.params);
    const order = await deps.orders.findForCustomer(currentAuth(ctx).accountId, order_number);
    // Another customer's order answers exactly like a missing one.
    if (!order) throw notFound('Order not found.');
    ctx.body = order;
  });

  return router;
}
