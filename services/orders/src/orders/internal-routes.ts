import type { CustomerOrdersResponse, ProductOrderLine } from '@shop/api-types';
import { fromCents } from '@shop/money';
import { parseBody, parseParams, type AuthState, type AccessRoutes } from '@shop/service-kit';
import { z } from 'zod';
import type { OrdersRepository } from './repository';
import { orderStatus } from './statuses';

/** The back office's product page lists at most this many orders (newest first). */
export const PRODUCT_ORDER_LINES_LIMIT = 100;

const idParam = (what: string) =>
  z.object({
    id: z
      .string()
      .regex(/^\d{1,9}$/, `The ${what} id must be a whole number.`)
      .transform(Number),
  });
export const orderCountsBodySchema = z.object({
  ids: z
    .array(
      z.number('Each id must be a whole number.').int('Each id must be a whole number.').positive('Each id must be a whole number.'),
      'The ids field must be a list of ids.',
    )
    .max(500, 'The ids field must not have more than 500 ids.'),
});

/**
 * What the other services' back-office pages ask of this one (x-internal-secret; never routed by
 * the gateway): the orders that contain a product (the catalog's admin product page), and the order
 * counts and orders of customers (the customers service's admin customer pages).
 */
export function orderInternalRoutes(routes: AccessRoutes<AuthState>, deps: { orders: OrdersRepository }): void {
  const router = routes.under('/internal');

  router.get('/products/:id/order-lines', async (ctx) => {
    const { id } = parseParams(idParam('product'), ctx.params);
    const orderItems: ProductOrderLine[] = (await deps.orders.containingProduct(id, PRODUCT_ORDER_LINES_LIMIT)).map((order) => ({
      order_id: order.id,
      order_number: order.order_number,
      customer_first_name: order.first_name,
      amount: fromCents(order.total_cents),
      date: order.created_at.toISOString(),
      status: orderStatus(order.status_id),
      is_paid: order.isPaid ? 1 : 0,
    }));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { order_items: orderItems };
  });

  /** POST /internal/customers/order-counts {ids}: {counts: {customerId: orders}}; customers without orders count 0. */
  router.post('/customers/order-counts', async (ctx) => {
    const { ids } = parseBody(orderCountsBodySchema, ctx.request.body);
    const counts: Record<number, number> = Object.fromEntries(ids.map((id) => [id, 0]));
    for (const [customerId, orders] of await deps.orders.countsForCustomers(ids)) counts[customerId] = orders;
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { counts };
  });

  /** GET /internal/customers/{id}/orders: the customer's orders, newest first, as the customer sees them. */
  router.get('/customers/:id/orders', async (ctx) => {
    const { id } = parseParams(idParam('customer'), ctx.params);
    const answer: CustomerOrdersResponse = { orders: await deps.orders.listForCustomer(id) };
    ctx.set('Cache-Control', 'no-store');
    ctx.body = answer;
  });
}
