import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  isApiErrorBody,
  REDIRECT_DELAY_MS,
  SUCCESS_TOAST_MS,
  type OrderPaymentStatus,
  type OrderStoreBody,
  type PaymentMethod,
} from '@shop/api-types';
import { apiErrorMessage, errorStatus, notify, refreshCartPrices, safePaymentUrl, STORAGE_KEYS, useAppDispatch } from '@shop/store-kit';
import {
  useLazyCheckTransactionQuery,
  useLazyGetPaymentStatusQuery,
  useMpesaPushMutation,
  useStartPaymentMutation,
  useStoreOrderMutation,
} from '../api/checkoutApi';
import { phoneToMpesa } from './form';
import { serverMessage } from '../i18n';
import { PAYMENT_MESSAGES } from './paymentMessages';
import { forgetPendingOrder, keepPendingOrder, orderSignature, readPendingOrder, type HeldCoupon, type PendingOrder } from './pendingOrder';
import { pageNavigation } from './redirect';

/** The M-Pesa payment is checked this often, for at most two minutes. */
export const POLL_INTERVAL_MS = 5000;
export const POLL_LIMIT_MS = 120_000;
const MAX_POLLS = POLL_LIMIT_MS / POLL_INTERVAL_MS;

export { PAYMENT_MESSAGES };

/** The order a payment is for: the one kept in this browser (see pendingOrder.ts). */
export type PlacedOrder = PendingOrder;

/**
 * The order kept in this browser, as the checkout knows it: `checking` while the server is asked
 * whether it still waits for its payment, `pending` when it does (its coupon and points are held
 * by it, so the page counts them as the shopper's), `none` when there is none to retry.
 */
export type KeptOrder = { status: 'none' } | { status: 'checking' | 'pending'; order: PendingOrder };

/** What Place Order needs besides the body: who pays, the applied coupon as the box showed it, where field errors go. */
export interface PlaceOrderRequest {
  body: OrderStoreBody;
  method: PaymentMethod;
  payer: Payer;
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
type KeptStatus = OrderPaymentStatus | 'gone' | 'unknown';

/**
 * Place Order: creates the order (POST site/orders/store), then either sends the browser to the
 * hosted payment page or sends the M-Pesa prompt and polls until the payment is paid or failed.
 * The placed order is kept in the browser until it is paid: a retry with nothing changed (after a
 * decline on the payment page and Try Again, say) is a new payment attempt on that same order,
 * with the same coupon, points and total; a changed cart places a new order that replaces it.
 */
export function usePayment() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [storeOrder] = useStoreOrderMutation();
  const [startPayment] = useStartPaymentMutation();
  const [mpesaPush] = useMpesaPushMutation();
  const [checkTransaction] = useLazyCheckTransactionQuery();
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

  /** The order Place Order pays: the kept one when nothing changed, else a new one (replacing the kept one while it waits). */
  const createOrder = useCallback(
    async (request: PlaceOrderRequest): Promise<PlacedOrder | null> => {
      const { body, coupon, payer, onFieldErrors } = request;
      const signature = orderSignature(body);
      const previous = placed.current;
      let replaces: OrderStoreBody['replaces'];
      if (previous) {
        const { status } = await statusOf(previous);
        if (!alive.current) return null;
        if (status === 'paid') {
          paid(previous, previous.name);
          return null;
        }
        if (status === 'pending' || status === 'unknown') {
          // Without an answer the server decides: it refuses a payment on an order that is not pending.
          if (previous.signature === signature) return previous;
          replaces = { order_id: previous.id, payment_key: previous.payment_key };
        } else {
          forget();
        }
      }
      const result = await storeOrder(replaces ? { ...body, replaces } : body);
      if (!alive.current) return null;
      if ('error' in result) {
        const status = errorStatus(result.error);
        if (replaces && (status === 404 || status === 409)) {
          // The replaced order is not this browser's any more, or it was paid meanwhile: nothing to replace.
          forget();
          if (status === 404) return createOrder(request);
          notify.error(serverMessage(apiErrorMessage(result.error, PAYMENT_MESSAGES.orderFailed)));
          return null;
        }
        if (status === 422) {
          const data = (result.error as { data?: unknown }).data;
          const fieldErrors = isApiErrorBody(data) ? (data.errors ?? {}) : {};
          // Old prices or a product gone: the cart takes today's listing and says what changed, so the next Place Order goes through.
          const { cart_items: cartErrors, ...otherErrors } = fieldErrors;
          const changes = cartErrors ? await dispatch(refreshCartPrices()) : [];
          const shown = changes.length > 0 ? otherErrors : fieldErrors;
          const messages = new Set([
            ...(changes.length > 0 ? [] : [apiErrorMessage(result.error, PAYMENT_MESSAGES.orderRejected)]),
            ...Object.values(shown).flat(),
          ]);
          messages.forEach((message) => notify.warning(serverMessage(message)));
          onFieldErrors(shown);
        } else if (status === 503) {
          // Whatever area the 503 names, the shopper's next step is the same: try again shortly.
          notify.error(serverMessage(PAYMENT_MESSAGES.placeUnavailable));
        } else {
          notify.error(serverMessage(apiErrorMessage(result.error, PAYMENT_MESSAGES.orderFailed)));
        }
        return null;
      }
      const { id, order_number, total_amount, payment_key } = result.data.data;
      const order: PendingOrder = {
        id,
        order_number,
        payment_key,
        signature,
        total_amount,
        coupon: body.coupon ? coupon : null,
        redeemed_points: body.redeemed_points ?? 0,
        name: payer.first_name,
      };
      placed.current = order;
      keepPendingOrder(order);
      setKept({ status: 'pending', order });
      return order;
    },
    [storeOrder, statusOf, forget, paid, dispatch],
  );

  const goToHostedPage = useCallback(
    async (order: PlacedOrder, payer: Payer): Promise<void> => {
      clearTimeout(timer.current);
      setState({ step: 'redirecting' });
      const result = await startPayment({
        mobile: phoneToMpesa(payer.phone) || payer.phone,
        amount: order.total_amount,
        email: payer.email,
        first_name: payer.first_name,
        last_name: payer.last_name,
        order_id: order.id,
        payment_key: order.payment_key,
      });
      if (!alive.current) return;
      const url = 'data' in result && result.data ? safePaymentUrl(result.data.redirect_url) : null;
      if (!url || !('data' in result) || !result.data) {
        notify.error(
          serverMessage(
            'error' in result && result.error
              ? apiErrorMessage(result.error, PAYMENT_MESSAGES.hostedFailed)
              : PAYMENT_MESSAGES.hostedFailed,
          ),
        );
        setState({ step: 'idle' });
        return;
      }
      try {
        localStorage.setItem(STORAGE_KEYS.paymentToken, result.data.token);
      } catch {
        // Storage blocked: the payment page still works; only the token is not kept.
      }
      // The loader stays: the browser is leaving the shop.
      pageNavigation.assign(url);
    },
    [startPayment],
  );

  const poll = useCallback(
    (checkoutRequestId: string, order: PlacedOrder, payer: Payer, attempt: number) => {
      timer.current = setTimeout(() => {
        void checkTransaction({ checkoutRequestId, orderId: order.id, paymentKey: order.payment_key }).then((result) => {
          if (!alive.current) return;
          const answer = result.data;
          if (answer && (answer.status === 'paid' || answer.transaction.length > 0)) return paid(order, payer.first_name);
          if (answer?.status === 'failed') {
            const message = answer.message || PAYMENT_MESSAGES.mpesaFailed;
            notify.error(serverMessage(message));
            setState({ step: 'failed', order, message });
            return undefined;
          }
          // Pending, or the check itself failed (a dropped connection): keep asking until the time is up.
          if (attempt >= MAX_POLLS) return setState({ step: 'timeout', order });
          return poll(checkoutRequestId, order, payer, attempt + 1);
        });
      }, POLL_INTERVAL_MS);
    },
    [checkTransaction, paid],
  );

  const sendPrompt = useCallback(
    async (order: PlacedOrder, payer: Payer): Promise<void> => {
      clearTimeout(timer.current);
      setState({ step: 'prompting', order });
      const result = await mpesaPush({
        mobile: payer.mpesa_no,
        amount: order.total_amount,
        email: payer.email,
        order_id: order.id,
        payment_key: order.payment_key,
      });
      if (!alive.current) return;
      if ('error' in result || !result.data) {
        const message = 'error' in result ? apiErrorMessage(result.error, PAYMENT_MESSAGES.pushFailed) : PAYMENT_MESSAGES.pushFailed;
        notify.error(serverMessage(message));
        setState({ step: 'failed', order, message });
        return;
      }
      setState({ step: 'waiting', order });
      poll(result.data.CheckoutRequestID, order, payer, 1);
    },
    [mpesaPush, poll],
  );

  const placeOrder = useCallback(
    async (request: PlaceOrderRequest): Promise<void> => {
      setState({ step: 'placing' });
      const order = await createOrder(request);
      if (!alive.current) return;
      if (!order) {
        setState((current) => (current.step === 'paid' ? current : { step: 'idle' }));
        return;
      }
      if (request.method === 'mpesa') await sendPrompt(order, request.payer);
      else await goToHostedPage(order, request.payer);
    },
    [createOrder, goToHostedPage, sendPrompt],
  );

  /** After a failed or unconfirmed M-Pesa payment: the same order, paid another way or prompted again. */
  const retryPrompt = useCallback((payer: Payer) => (placed.current ? sendPrompt(placed.current, payer) : Promise.resolve()), [sendPrompt]);
  const payOnHostedPage = useCallback(
    (payer: Payer) => (placed.current ? goToHostedPage(placed.current, payer) : Promise.resolve()),
    [goToHostedPage],
  );

  return { state, kept, placeOrder, retryPrompt, payOnHostedPage };
}
