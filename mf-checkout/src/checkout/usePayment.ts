import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isApiErrorBody, REDIRECT_DELAY_MS, SUCCESS_TOAST_MS, type OrderStoreBody, type PaymentMethod } from '@shop/api-types';
import { apiErrorMessage, errorStatus, notify, STORAGE_KEYS, writeStored } from '@shop/store-kit';
import { useLazyCheckTransactionQuery, useMpesaPushMutation, useStartPaymentMutation, useStoreOrderMutation } from '../api/checkoutApi';
import { phoneToMpesa } from './form';
import { pageNavigation, safePaymentUrl } from './redirect';

/** The M-Pesa payment is checked this often, for at most two minutes. */
export const POLL_INTERVAL_MS = 5000;
export const POLL_LIMIT_MS = 120_000;
const MAX_POLLS = POLL_LIMIT_MS / POLL_INTERVAL_MS;

export const PAYMENT_MESSAGES = {
  enterPin: 'Check your phone and enter your M-Pesa PIN',
  paid: 'Payment received. Thank you!',
  mpesaFailed: 'The M-Pesa payment did not go through.',
  pushFailed: 'We could not send the M-Pesa prompt. Please try again.',
  hostedFailed: 'We could not open the secure payment page. Please try again.',
  orderFailed: 'We could not place your order. Please try again.',
  orderRejected: 'Please check your order details.',
} as const;

export interface PlacedOrder {
  id: number;
  order_number: string;
  /** KSh, as the server stored it. */
  total_amount: number;
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

/** The same order is not created twice when only the way to pay changes (a retry after a failed payment). */
const orderSignature = ({ payment_method: _method, mpesa_no: _mpesa, ...body }: OrderStoreBody): string => JSON.stringify(body);

/**
 * Place Order: creates the order (POST site/orders/store), then either sends the browser to the
 * hosted payment page or sends the M-Pesa prompt and polls until the payment is paid or failed.
 */
export function usePayment() {
  const navigate = useNavigate();
  const [storeOrder] = useStoreOrderMutation();
  const [startPayment] = useStartPaymentMutation();
  const [mpesaPush] = useMpesaPushMutation();
  const [checkTransaction] = useLazyCheckTransactionQuery();
  const [state, setState] = useState<PaymentState>({ step: 'idle' });
  const placed = useRef<{ signature: string; order: PlacedOrder } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      clearTimeout(timer.current);
    };
  }, []);

  const createOrder = useCallback(
    async (body: OrderStoreBody, onFieldErrors: (errors: FieldErrors) => void): Promise<PlacedOrder | null> => {
      const signature = orderSignature(body);
      if (placed.current?.signature === signature) return placed.current.order;
      const result = await storeOrder(body);
      if ('error' in result) {
        if (errorStatus(result.error) === 422) {
          const data = (result.error as { data?: unknown }).data;
          const fieldErrors = isApiErrorBody(data) ? (data.errors ?? {}) : {};
          const messages = new Set([apiErrorMessage(result.error, PAYMENT_MESSAGES.orderRejected), ...Object.values(fieldErrors).flat()]);
          messages.forEach((message) => notify.warning(message));
          onFieldErrors(fieldErrors);
        } else {
          notify.error(apiErrorMessage(result.error, PAYMENT_MESSAGES.orderFailed));
        }
        return null;
      }
      const { id, order_number, total_amount } = result.data.data;
      const order = { id, order_number, total_amount };
      placed.current = { signature, order };
      writeStored(STORAGE_KEYS.orderInPayment, { id, order_number });
      return order;
    },
    [storeOrder],
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
      });
      if (!alive.current) return;
      const url = 'data' in result && result.data ? safePaymentUrl(result.data.redirect_url) : null;
      if (!url || !('data' in result) || !result.data) {
        notify.error(
          'error' in result && result.error ? apiErrorMessage(result.error, PAYMENT_MESSAGES.hostedFailed) : PAYMENT_MESSAGES.hostedFailed,
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

  const paid = useCallback(
    (order: PlacedOrder, payer: Payer) => {
      setState({ step: 'paid', order });
      notify.success(PAYMENT_MESSAGES.paid, { autoClose: SUCCESS_TOAST_MS });
      const query = new URLSearchParams({ order_id: order.order_number, name: payer.first_name });
      timer.current = setTimeout(() => navigate(`/success?${query.toString()}`), REDIRECT_DELAY_MS);
    },
    [navigate],
  );

  const poll = useCallback(
    (checkoutRequestId: string, order: PlacedOrder, payer: Payer, attempt: number) => {
      timer.current = setTimeout(() => {
        void checkTransaction({ checkoutRequestId, orderId: order.id }).then((result) => {
          if (!alive.current) return;
          const answer = result.data;
          if (answer && (answer.status === 'paid' || answer.transaction.length > 0)) return paid(order, payer);
          if (answer?.status === 'failed') {
            const message = answer.message || PAYMENT_MESSAGES.mpesaFailed;
            notify.error(message);
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
      const result = await mpesaPush({ mobile: payer.mpesa_no, amount: order.total_amount, email: payer.email, order_id: order.id });
      if (!alive.current) return;
      if ('error' in result || !result.data) {
        const message = 'error' in result ? apiErrorMessage(result.error, PAYMENT_MESSAGES.pushFailed) : PAYMENT_MESSAGES.pushFailed;
        notify.error(message);
        setState({ step: 'failed', order, message });
        return;
      }
      setState({ step: 'waiting', order });
      poll(result.data.CheckoutRequestID, order, payer, 1);
    },
    [mpesaPush, poll],
  );

  const placeOrder = useCallback(
    async (body: OrderStoreBody, method: PaymentMethod, payer: Payer, onFieldErrors: (errors: FieldErrors) => void): Promise<void> => {
      setState({ step: 'placing' });
      const order = await createOrder(body, onFieldErrors);
      if (!alive.current) return;
      if (!order) {
        setState({ step: 'idle' });
        return;
      }
      if (method === 'mpesa') await sendPrompt(order, payer);
      else await goToHostedPage(order, payer);
    },
    [createOrder, goToHostedPage, sendPrompt],
  );

  /** After a failed or unconfirmed M-Pesa payment: the same order, paid another way or prompted again. */
  const retryPrompt = useCallback(
    (payer: Payer) => (placed.current ? sendPrompt(placed.current.order, payer) : Promise.resolve()),
    [sendPrompt],
  );
  const payOnHostedPage = useCallback(
    (payer: Payer) => (placed.current ? goToHostedPage(placed.current.order, payer) : Promise.resolve()),
    [goToHostedPage],
  );

  return { state, placeOrder, retryPrompt, payOnHostedPage };
}
