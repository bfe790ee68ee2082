import type { CustomerOrdersResponse, ProductOrderLine } from '@shop/api-types';
import { fromCents } from '@shop/money';
import { parseBody, parseParams, toIso, type AuthState, type AccessRoutes } from '@shop/service-kit';
import type { Knex } from 'knex';
import { z } from 'zod';
import { isPaid, type OrdersRepository } from './repository';
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
export function orderInternalRoutes(routes: AccessRoutes<AuthState>, deps: { db: Knex; orders: OrdersRepository }): void {
  const router = routes.under('/internal');

  router.get('/products/:id/order-lines', async (ctx) => {
    const { id } = parseParams(idParam('product'), ctx.params);
    const rows: Array<{
      id: number;
      order_number: string;
      first_name: string;
      total_cents: number;
      created_at: Date | string;
      status_id: number;
      is_paid: number | boolean;
    }> = await deps
      .db('orders as o')
      .whereExists(deps.db('order_items as i').whereRaw('i.order_id = o.id').where('i.product_id', id))
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(PRODUCT_ORDER_LINES_LIMIT)
      .select('o.id', 'o.order_number', 'o.first_name', 'o.total_cents', 'o.created_at', 'o.status_id', 'o.is_paid');
    const orderItems: ProductOrderLine[] = rows.map((row) => ({
      order_id: Number(row.id),
      order_number: row.order_number,
      customer_first_name: row.first_name,
      amount: fromCents(Number(row.total_cents)),
      date: toIso(row.created_at) ?? '',
      status: orderStatus(row.status_id),
      is_paid: isPaid(row) ? 1 : 0,
    }));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { order_items: orderItems };
  });

  /** POST /internal/customers/order-counts {ids}: {counts: {customerId: orders}}; customers without orders count 0. */
  router.post('/customers/order-counts', async (ctx) => {
    const { ids } = parseBody(orderCountsBodySchema, ctx.request.body);
    const counts: Record<number, number> = Object.fromEntries(ids.map((id) => [id, 0]));
    if (ids.length > 0) {
      const rows = (await deps
        .db('orders')
        .whereIn('customer_id', ids)
        .groupBy('customer_id')
        .select('customer_id')
        .count({ count: '*' })) as Array<{ customer_id: number; count: number | string }>;
      for (const row of rows) counts[Number(row.customer_id)] = Number(row.count);
    }
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
