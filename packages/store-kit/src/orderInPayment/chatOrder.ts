import { readStored, writeStored } from '../storage';
import { STORAGE_KEYS } from '../storageKeys';

/**
 * The order the shopping assistant last sent to the payment page, with what lets this browser pay
 * or check it (its payment key; null for an order whose key the conversation did not keep, which
 * only its signed-in owner can pay). Kept in local storage, so the storefront's /failed and
 * /success pages find it in any tab of the browser, also one where the conversation is gone.
 */
export interface ChatOrderInPayment {
  id: number;
  order_number: string;
  payment_key: string | null;
}

const isChatOrder = (value: unknown): value is ChatOrderInPayment => {
  if (typeof value !== 'object' || value === null) return false;
  const order = value as Partial<ChatOrderInPayment>;
  return (
    Number.isInteger(order.id) &&
    typeof order.order_number === 'string' &&
    (order.payment_key === null || (typeof order.payment_key === 'string' && order.payment_key.length > 0))
  );
};

export const readChatOrderInPayment = (): ChatOrderInPayment | null =>
  readStored<ChatOrderInPayment | null>(STORAGE_KEYS.chatOrderInPayment, null, isChatOrder);

export function rememberChatOrderInPayment(order: ChatOrderInPayment): void {
  writeStored(STORAGE_KEYS.chatOrderInPayment, { id: order.id, order_number: order.order_number, payment_key: order.payment_key });
}

/** Paid (the success page) or signed out: nothing is left to pay from another tab. */
export function forgetChatOrderInPayment(): void {
  writeStored(STORAGE_KEYS.chatOrderInPayment, null);
}
