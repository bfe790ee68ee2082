import { useCallback, useEffect, useRef, useState } from 'react';
import { errorStatus, selectIsSignedIn, useAppSelector } from '@shop/store-kit';
import { useLazyGetOwnOrderByNumberQuery, useLazyGetPaymentStatusQuery } from '../api/checkoutApi';
import { keptOrderNumbered, type OrderAccess } from './keptOrders';

/** A payment still being confirmed is checked this often, this many times (30 s), before the page says it is not paid. */
export const CONFIRM_POLL_MS = 3000;
export const CONFIRM_CHECKS = 10;

/** The shop's order numbers; anything else is not looked up. */
const ORDER_NUMBER = /^SH-\d{5,12}$/;

/**
 * What /success shows, from the server only: `paid`; `confirming` while the order waits for its
 * payment and the page keeps checking (check `check` of `checks`); `unpaid` when it still waits
 * after the last check (the shopper can pay this same order); `cancelled`; `unknown` for an order
 * this browser may not see (no key, not the signed-in owner's, or none with that number: the same
 * answer, so nobody learns about someone else's order); `unreachable` when the shop did not answer.
 */
export type OrderPaymentView =
  | { kind: 'checking' }
  | { kind: 'paid'; order: OrderAccess }
  | { kind: 'confirming'; order: OrderAccess; check: number; checks: number }
  | { kind: 'unpaid'; order: OrderAccess }
  | { kind: 'cancelled'; order: OrderAccess }
  | { kind: 'unknown' }
  | { kind: 'unreachable' };

export function useOrderPaymentState(orderNumber: string): { view: OrderPaymentView; checkAgain(): void } {
  const signedIn = useAppSelector(selectIsSignedIn);
  const [getPaymentStatus] = useLazyGetPaymentStatusQuery();
  const [getOwnOrder] = useLazyGetOwnOrderByNumberQuery();
  const [view, setView] = useState<OrderPaymentView>({ kind: 'checking' });
  const [round, setRound] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  /** The order as this browser may reach it: a kept key, else the signed-in owner's own order. */
  const access = useCallback(async (): Promise<OrderAccess | 'unknown' | 'unreachable'> => {
    if (!ORDER_NUMBER.test(orderNumber)) return 'unknown';
    const kept = keptOrderNumbered(orderNumber);
    if (kept) return kept;
    if (!signedIn) return 'unknown';
    const result = await getOwnOrder(orderNumber, false);
    if (result.data) return { id: result.data.id, order_number: result.data.order_number, payment_key: null, placedIn: 'checkout' };
    const status = errorStatus(result.error);
    return status === 404 || status === 401 || status === 422 ? 'unknown' : 'unreachable';
  }, [orderNumber, signedIn, getOwnOrder]);

  useEffect(() => {
    let alive = true;
    const check = async (order: OrderAccess, attempt: number): Promise<void> => {
      const result = await getPaymentStatus({ orderId: order.id, paymentKey: order.payment_key }, false);
      if (!alive) return;
      const status = result.data?.status;
      if (status === 'paid') return setView({ kind: 'paid', order });
      if (status === 'cancelled') return setView({ kind: 'cancelled', order });
      const code = result.error ? errorStatus(result.error) : undefined;
      if (code === 404) return setView({ kind: 'unknown' });
      // Pending, or no answer this time (a dropped connection): ask again until the checks run out.
      if (attempt >= CONFIRM_CHECKS) return setView(status === 'pending' ? { kind: 'unpaid', order } : { kind: 'unreachable' });
      setView({ kind: 'confirming', order, check: attempt, checks: CONFIRM_CHECKS });
      timer.current = setTimeout(() => void check(order, attempt + 1), CONFIRM_POLL_MS);
    };
    setView({ kind: 'checking' });
    void access().then((order) => {
      if (!alive) return;
      if (order === 'unknown' || order === 'unreachable') setView({ kind: order });
      else void check(order, 1);
    });
    return () => {
      alive = false;
      clearTimeout(timer.current);
    };
  }, [access, getPaymentStatus, round]);

  const checkAgain = useCallback(() => setRound((value) => value + 1), []);
  return { view, checkAgain };
}
