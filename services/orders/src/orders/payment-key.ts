import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ORDER_MESSAGES } from '@shop/api-types';
import { HttpError, notFound, type AuthContext } from '@shop/service-kit';
import type { OrderRecord } from './repository';

/**
 * Who may pay, check or cancel an order: its signed-in owner, or whoever holds the payment key
 * orders/store answered (a guest's browser). Anyone else is told the order does not exist, so an
 * order id reveals nothing (not whether it exists, is paid, or its total).
 */
export interface OrderAccess {
  auth: AuthContext | null;
  paymentKey?: string | undefined;
}

const KEY_BYTES = 32;
/**
 * The system's random generator is asked for 4 KiB at a time and each key takes its own 32 bytes
 * of it, never reused: one call per 128 orders instead of one per order (a synchronous job that
 * was a third of what the key cost the checkout).
 */
const randomPool = { bytes: Buffer.alloc(0), used: 0 };

function keyBytes(): Buffer {
  if (randomPool.used + KEY_BYTES > randomPool.bytes.length) {
    randomPool.bytes = randomBytes(128 * KEY_BYTES);
    randomPool.used = 0;
  }
  randomPool.used += KEY_BYTES;
  return randomPool.bytes.subarray(randomPool.used - KEY_BYTES, randomPool.used);
}

/** 32 random bytes, base64url: the secret answered once; only its hash is stored. */
export function newPaymentKey(): { key: string; hash: string } {
  const key = keyBytes().toString('base64url');
  return { key, hash: paymentKeyHash(key) };
}

export function paymentKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function mayAct(order: Pick<OrderRecord, 'customer_id' | 'payment_key_hash'>, access: OrderAccess): boolean {
  const { auth, paymentKey } = access;
  if (auth?.kind === 'customer' && order.customer_id !== null && order.customer_id === auth.accountId) return true;
  if (!paymentKey || !order.payment_key_hash) return false;
  const given = Buffer.from(paymentKeyHash(paymentKey), 'hex');
  const stored = Buffer.from(order.payment_key_hash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export const orderNotFound = () => notFound(ORDER_MESSAGES.orderNotFound);
/** An order the shopper tried to give up on turned out paid. */
export const alreadyPaid = () => new HttpError(409, ORDER_MESSAGES.orderAlreadyPaid);

/** The order when the caller may act on it; 404 'Order not found.' otherwise, exactly as for a missing one. */
export function ownedOrder<T extends Pick<OrderRecord, 'customer_id' | 'payment_key_hash'>>(order: T | undefined, access: OrderAccess): T {
  if (!order || !mayAct(order, access)) throw orderNotFound();
  return order;
}
