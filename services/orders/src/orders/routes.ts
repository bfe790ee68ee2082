import type { CustomerOrdersResponse } from '@shop/api-types';
import { currentAuth, notFound, parseParams, type AuthState, type AccessRoutes } from '@shop/service-kit';
import { z } from 'zod';
import type { OrdersRepository } from './repository';

export const orderNumberParam = z.object({
  order_number: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^SH-\d{5,12}$/, 'The order number is not valid.'),
});

/** GET /api/orders and GET /api/orders/view/{order_number}: the caller's own orders only. */
export function customerOrderRoutes(routes: AccessRoutes<AuthState>, deps: { orders: OrdersRepository }): void {
  const router = routes.under('/api/orders');
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
}
