import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { REDIRECT_DELAY_MS, SUCCESS_TOAST_MS, type OrderPaymentStatus } from '@shop/api-types';
import { errorStatus, notify, useAppDispatch } from '@shop/store-kit';
import { useLazyGetPaymentStatusQuery } from '../api/checkoutApi';
import { serverMessage } from '../i18n';
import { PAYMENT_MESSAGES } from './paymentMessages';
import type { CheckoutForm } from './form';
import type { OrderRequest } from './orderBody';
import type { PaymentFlow } from './paymentFlow';
import { forgetPendingOrder, readPendingOrder, type HeldCoupon, type PendingOrder } from './pendingOrder';

/** The order a payment is for: the one kept in this browser (see pendingOrder.ts). */
export type PlacedOrder = PendingOrder;

/**
 * The order kept in this browser, as the checkout knows it: `checking` while the server is asked
 * whether it still waits for its payment, `pending` when it does (its coupon and points are held
 * by it, so the page counts them as the shopper's), `none` when there is none to retry.
 */
export type KeptOrder = { status: 'none' } | { status: 'checking' | 'pending'; order: PendingOrder };

/**
 * What Place Order needs: the form, cart and totals the order's body is made from (orderBody.ts, with
 * the payment steps), the applied coupon as the box showed it, where field errors go.
 */
export interface PlaceOrderRequest {
  order: OrderRequest;
  coupon: HeldCoupon | null;
  onFieldErrors: (errors: FieldErrors) => void;
}

/** Who pays: the details the payment calls need, as they are on the form now. */
export interface Payer {
  first_name: string;
  last_name: string;
  email: string;
  /** 10 digits, 0712345678. */
  phone: string;
  /** 12 digits, 254712345678 (M-Pesa prompt only). */
  mpesa_no: string;
}

export type PaymentState =
  | { step: 'idle' }
  | { step: 'placing' }
  | { step: 'redirecting' }
  | { step: 'prompting'; order: PlacedOrder }
  | { step: 'waiting'; order: PlacedOrder }
  | { step: 'paid'; order: PlacedOrder }
  | { step: 'failed'; order: PlacedOrder; message: string }
  | { step: 'timeout'; order: PlacedOrder };

/** While these last, Place Order is replaced by a loader. */
export const isBusy = (state: PaymentState): boolean => ['placing', 'redirecting', 'prompting', 'waiting', 'paid'].includes(state.step);

export type FieldErrors = Record<string, string[]>;

/** A payment-status answer, or what its failure means: `gone` (404: not this browser's to pay), `unknown` (no answer). */
export type KeptStatus = OrderPaymentStatus | 'gone' | 'unknown';

/**
 * Place Order: creates the order (POST site/orders/store), then either sends the browser to the
 * hosted payment page or sends the M-Pesa prompt and polls until the payment is paid or failed
 * (those steps are paymentFlow.ts, loaded on the first press). This hook keeps the state, and checks
 * on opening the order kept from before. The placed order is kept in the browser until it is paid:
 * a retry with nothing changed (after a decline on the payment page and Try Again, say) is a new
 * payment attempt on that same order, with the same coupon, points and total; a changed cart
 * places a new order that replaces it.
 */
export function usePayment() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [getPaymentStatus] = useLazyGetPaymentStatusQuery();
  const [state, setState] = useState<PaymentState>({ step: 'idle' });
  const [kept, setKept] = useState<KeptOrder>(() => {
    const order = readPendingOrder();
    return order ? { status: 'checking', order } : { status: 'none' };
  });
  /** The kept order, also when storage is blocked (then it lasts for this page). */
  const placed = useRef<PendingOrder | null>(kept.status === 'none' ? null : kept.order);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const statusOf = useCallback(
    async (order: PendingOrder): Promise<{ status: KeptStatus; coupon_code?: string | null; redeemed_points?: number }> => {
      const result = await getPaymentStatus({ orderId: order.id, paymentKey: order.payment_key }, false);
      if (result.data) return result.data;
      return { status: errorStatus(result.error) === 404 ? 'gone' : 'unknown' };
    },
    [getPaymentStatus],
  );

  const forget = useCallback(() => {
    placed.current = null;
    forgetPendingOrder();
    setKept({ status: 'none' });
  }, []);

  const paid = useCallback(
    (order: PlacedOrder, name: string) => {
      setState({ step: 'paid', order });
      notify.success(serverMessage(PAYMENT_MESSAGES.paid), { autoClose: SUCCESS_TOAST_MS });
      const query = new URLSearchParams({ order_id: order.order_number, name });
      timer.current = setTimeout(() => navigate(`/success?${query.toString()}`), REDIRECT_DELAY_MS);
    },
    [navigate],
  );

  // Opening the checkout with an order kept from before (back from the payment page): is it still
  // waiting for its payment? Then its coupon and points are the shopper's to use again; paid, the
  // shopper is shown so; cancelled (it expired) or not this browser's, it is forgotten.
  const checkedOnOpen = useRef(false);
  useEffect(() => {
    if (checkedOnOpen.current || kept.status !== 'checking') return;
    checkedOnOpen.current = true;
    const { order } = kept;
    void statusOf(order).then((answer) => {
      if (!alive.current) return;
      if (answer.status === 'pending') {
        const held: PendingOrder = {
          ...order,
          redeemed_points: answer.redeemed_points ?? order.redeemed_points,
          coupon: answer.coupon_code === null ? null : order.coupon,
        };
        placed.current = held;
        setKept({ status: 'pending', order: held });
      } else if (answer.status === 'unknown') {
        // No answer: the order stays kept (Place Order asks again) but holds nothing on this page.
        setKept({ status: 'none' });
      } else if (answer.status === 'paid') {
        paid(order, order.name);
      } else {
        forget();
      }
    });
  }, [kept, statusOf, forget, paid]);

  // The steps after Place Order (paymentFlow.ts) load when the shopper first presses it, with what
  // they share with this hook; the callbacks go through a ref so the flow always calls this render's.
  const latest = useRef({ statusOf, forget, paid });
  latest.current = { statusOf, forget, paid };
  const flow = useRef<Promise<PaymentFlow>>();
  const loadFlow = useCallback(() => {
    flow.current ??= import(/* webpackChunkName: "payment" */ './paymentFlow').then(({ paymentFlow }) =>
      paymentFlow({
        dispatch,
        setState,
        setKept,
        placed,
        alive,
        timer,
        statusOf: (order) => latest.current.statusOf(order),
        forget: () => latest.current.forget(),
        paid: (order, name) => latest.current.paid(order, name),
      }),
    );
    // A chunk that did not arrive (after the build's retries) is asked for again on the next press.
    flow.current.catch(() => (flow.current = undefined));
    return flow.current;
  }, [dispatch]);

  /** Runs a payment step once the flow is in; without it, the shopper is told `failed` and can press again. */
  const withFlow = useCallback(
    async (step: (loaded: PaymentFlow) => Promise<void>, failed: string): Promise<void> => {
      let loaded: PaymentFlow;
      try {
        loaded = await loadFlow();
      } catch {
        if (!alive.current) return;
        notify.error(serverMessage(failed));
        setState((current) => (current.step === 'placing' ? { step: 'idle' } : current));
        return;
      }
      if (alive.current) await step(loaded);
    },
    [loadFlow],
  );

  const placeOrder = useCallback(
    (request: PlaceOrderRequest): Promise<void> => {
      setState({ step: 'placing' });
      return withFlow((loaded) => loaded.placeOrder(request), PAYMENT_MESSAGES.placeUnavailable);
    },
    [withFlow],
  );
  /** After a failed or unconfirmed M-Pesa payment: the same order, paid another way or prompted again. */
  const retryPrompt = useCallback(
    (form: CheckoutForm) => withFlow((loaded) => loaded.retryPrompt(form), PAYMENT_MESSAGES.pushFailed),
    [withFlow],
  );
  const payOnHostedPage = useCallback(
    (form: CheckoutForm) => withFlow((loaded) => loaded.payOnHostedPage(form), PAYMENT_MESSAGES.hostedFailed),
    [withFlow],
  );

  return { state, kept, placeOrder, retryPrompt, payOnHostedPage };
}
