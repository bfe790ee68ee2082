import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { api, apiBaseUrl } from '../api';
import { couponCleared, pointsCleared } from '../cart/cartSlice';
import { readStored } from '../storage';
import { customerForgotten } from './sessionSlice';
import { CUSTOMER_OWNED_KEYS, CUSTOMER_OWNED_SESSION_KEYS, STORAGE_KEYS } from '../storageKeys';

/** What the cancel call needs of the stored pending order (the checkout keeps more, see mf-checkout's pendingOrder.ts). */
interface PendingOrderKey {
  id: number;
  payment_key: string;
}

const isPendingOrderKey = (value: unknown): value is PendingOrderKey =>
  typeof value === 'object' &&
  value !== null &&
  Number.isInteger((value as Partial<PendingOrderKey>).id) &&
  typeof (value as Partial<PendingOrderKey>).payment_key === 'string';

/**
 * The order placed and not paid is abandoned with the session: cancelled now, so its coupon use
 * and points hold are released at once instead of when unpaid orders expire. With its payment key,
 * so it works after the token is revoked. Best effort: if the call fails, the order expires as any
 * unpaid order does; a paid order answers 409 and stays as it is.
 */
function cancelPendingOrder(): void {
  const order = readStored<PendingOrderKey | null>(STORAGE_KEYS.pendingOrder, null, isPendingOrderKey);
  if (!order || typeof globalThis.fetch !== 'function') return;
  globalThis
    .fetch(`${apiBaseUrl()}site/orders/${order.id}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ payment_key: order.payment_key }),
      // Log Out moves to the login page at once: the request must outlive the page that sent it.
      keepalive: true,
    })
    .catch(() => undefined);
}

function removeAll(storage: () => Storage | undefined, keys: readonly string[]): void {
  try {
    const store = storage();
    for (const key of keys) store?.removeItem(key);
  } catch {
    // Storage blocked: nothing was kept there either.
  }
}

/**
 * The customer's session is over (Log Out, a 401, another tab signed out): forget everything of
 * theirs this browser holds (CUSTOMER_OWNED_KEYS, the assistant's conversation, the points and
 * coupon chosen for the next order, every cached answer of the api: profile, addresses, orders,
 * points), so the next person at this computer starts clean. The cart and wishlist stay (see
 * CUSTOMER_OWNED_KEYS).
 */
export function forgetCustomer(dispatch: Dispatch<UnknownAction>): void {
  cancelPendingOrder();
  removeAll(() => globalThis.localStorage, CUSTOMER_OWNED_KEYS);
  removeAll(() => globalThis.sessionStorage, CUSTOMER_OWNED_SESSION_KEYS);
  dispatch(pointsCleared());
  dispatch(couponCleared());
  dispatch(api.util.resetApiState());
  dispatch(customerForgotten());
}
