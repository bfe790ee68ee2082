import {
  ORDER_MESSAGES,
  PAYMENT_KEY_HEADER,
  orderCancelBodySchema,
  type OrderCancelResponse,
  type OrderPaymentStatus,
  type PaymentStatusResponse,
} from '@shop/api-types';
import { fromCents } from '@shop/money';
import { HttpError, parseBody, parseParams, type AuthState, type AccessRoutes } from '@shop/service-kit';
import { z } from 'zod';
import type { PaymentsService } from '../payments/service';
import { alreadyPaid, ownedOrder } from './payment-key';
import type { OrderRecord, OrdersRepository } from './repository';
import { STATUS } from './statuses';

export const orderIdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export function paymentStatusOf(order: Pick<OrderRecord, 'status_id' | 'isPaid'>): OrderPaymentStatus {
  if (order.status_id === STATUS.cancelled) return 'cancelled';
  return order.isPaid ? 'paid' : 'pending';
}

/**
 * The shopper's own pending order, for the retry screens: what it costs (GET payment-status) and
 * giving it up (POST cancel). Same owner rules as the payment calls: the signed-in owner's token or
 * the order's payment key (X-Payment-Key on GET, `payment_key` in the body on POST); anyone else
 * gets 404 'Order not found.'.
 */
export function pendingOrderRoutes(routes: AccessRoutes<AuthState>, deps: { orders: OrdersRepository; payments: PaymentsService }): void {
  const router = routes.under('/api/site/orders');
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  router.get('/:id/payment-status', async (ctx) => {
    const { id } = parseParams(orderIdParam, ctx.params);
    const order = ownedOrder(await deps.orders.byId(id), {
      auth: ctx.state.auth ?? null,
      paymentKey: ctx.get(PAYMENT_KEY_HEADER) || undefined,
    });
    const answer: PaymentStatusResponse = {
      order_number: order.order_number,
      status: paymentStatusOf(order),
      total_amount: fromCents(order.total_cents),
      subtotal: fromCents(order.subtotal_cents),
      discount: fromCents(order.discount_cents),
      points_discount: fromCents(order.points_discount_cents),
      coupon_code: order.coupon_code ?? null,
      redeemed_points: order.redeemed_points,
    };
    ctx.body = answer;
  });

  router.post('/:id/cancel', async (ctx) => {
    const { id } = parseParams(orderIdParam, ctx.params);
    const body = parseBody(orderCancelBodySchema, ctx.request.body);
    const order = ownedOrder(await deps.orders.byId(id), { auth: ctx.state.auth ?? null, paymentKey: body.payment_key });
    const outcome = await deps.payments.abandon(order, 'Cancelled by the shopper');
    if (outcome === 'paid') throw alreadyPaid();
    if (outcome === 'pending') throw new HttpError(409, 'This order can no longer be cancelled.');
    const answer: OrderCancelResponse = { message: ORDER_MESSAGES.orderCancelled };
    ctx.body = answer;
  });
}
