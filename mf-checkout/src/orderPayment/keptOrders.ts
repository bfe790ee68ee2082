import { forgetChatOrderInPayment, readChatOrderInPayment } from '@shop/store-kit';
import { forgetPendingOrder, readPendingOrder } from '../checkout/pendingOrder';

/**
 * An order this browser may check and pay: its id and, where the browser holds it, its payment key
 * (null: only the signed-in owner may, with their sign-in). Found by the order number the payment
 * page sends back to /success and /failed, among the orders this browser placed: the checkout's
 * (STORAGE_KEYS.pendingOrder) and the shopping assistant's (STORAGE_KEYS.chatOrderInPayment). Both
 * are in local storage, so any tab of the browser finds them.
 */
export interface OrderAccess {
  id: number;
  order_number: string;
  payment_key: string | null;
  /** Where it was placed: a chat order is paid again from here, never by placing it again at /checkout. */
  placedIn: 'checkout' | 'chat';
}

export function keptOrderNumbered(orderNumber: string): OrderAccess | null {
  if (!orderNumber) return null;
  const pending = readPendingOrder();
  if (pending?.order_number === orderNumber) {
    return { id: pending.id, order_number: pending.order_number, payment_key: pending.payment_key, placedIn: 'checkout' };
  }
  const chat = readChatOrderInPayment();
  if (chat?.order_number === orderNumber) return { ...chat, placedIn: 'chat' };
  return null;
}

/** The order is paid: nothing of it is left to pay, from this tab or another. */
export function forgetKeptOrders(): void {
  forgetPendingOrder();
  forgetChatOrderInPayment();
}
