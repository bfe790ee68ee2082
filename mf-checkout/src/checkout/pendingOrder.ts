import type { OrderStoreBody } from '@shop/api-types';
import { readStored, STORAGE_KEYS, writeStored, type CouponType } from '@shop/store-kit';

/** The coupon an order was placed with, as the coupon box showed it: restored without a new check while the order holds it. */
export interface HeldCoupon {
  code: string;
  type: CouponType;
  value: number;
}

/**
 * The order placed in this browser and not yet paid. Kept in local storage (STORAGE_KEYS.pendingOrder)
 * because the hosted payment page leaves the shop: after a declined or cancelled payment, Try Again
 * pays this same order when nothing changed, or replaces it when the cart, coupon, points or
 * details did.
 */
export interface PendingOrder {
  id: number;
  order_number: string;
  /** The secret that lets this browser pay, check or cancel the order (a guest has no token). */
  payment_key: string;
  /** What the order was placed with (see orderSignature): equal means a retry pays this order. */
  signature: string;
  /** KSh, as the server stored it: what every payment attempt charges. */
  total_amount: number;
  coupon: HeldCoupon | null;
  redeemed_points: number;
  /** First name for the success page's greeting. */
  name: string;
}

/** The cart, coupon, points and details of an order; how it is paid (method, M-Pesa number) is not part of it. */
export const orderSignature = ({ payment_method: _method, mpesa_no: _mpesa, replaces: _replaces, ...placed }: OrderStoreBody): string =>
  JSON.stringify(placed);

const isPendingOrder = (value: unknown): value is PendingOrder => {
  if (typeof value !== 'object' || value === null) return false;
  const order = value as Partial<PendingOrder>;
  return (
    Number.isInteger(order.id) &&
    typeof order.order_number === 'string' &&
    typeof order.payment_key === 'string' &&
    order.payment_key.length > 0 &&
    typeof order.signature === 'string' &&
    typeof order.total_amount === 'number' &&
    Number.isInteger(order.redeemed_points) &&
    typeof order.name === 'string' &&
    (order.coupon === null || (typeof order.coupon === 'object' && typeof order.coupon?.code === 'string'))
  );
};

export const readPendingOrder = (): PendingOrder | null => readStored<PendingOrder | null>(STORAGE_KEYS.pendingOrder, null, isPendingOrder);

export function keepPendingOrder(order: PendingOrder): void {
  writeStored(STORAGE_KEYS.pendingOrder, order);
  // The older key (id and number only) stays for what already reads it.
  writeStored(STORAGE_KEYS.orderInPayment, { id: order.id, order_number: order.order_number });
}

/** The order was paid, cancelled or replaced: nothing is left to retry. */
export function forgetPendingOrder(): void {
  writeStored(STORAGE_KEYS.pendingOrder, null);
  writeStored(STORAGE_KEYS.orderInPayment, null);
}
