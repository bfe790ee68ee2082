import { isApiErrorBody, type OrderStoreBody } from '@shop/api-types';
import { apiErrorMessage, errorStatus, notify, refreshCartPrices, safePaymentUrl, STORAGE_KEYS, type AppDispatch } from '@shop/store-kit';
import { checkoutApi } from '../api/checkoutApi';
import { paymentApi } from '../api/paymentApi';
import { serverMessage } from '../i18n';
import { phoneToMpesa, type CheckoutForm } from './form';
import { buildOrderBody, payerOf } from './orderBody';
import { PAYMENT_MESSAGES } from './paymentMessages';
import { keepPendingOrder, orderSignature, type PendingOrder } from './pendingOrder';
import { pageNavigation } from './redirect';
import type { KeptOrder, KeptStatus, Payer, PaymentState, PlacedOrder, PlaceOrderRequest } from './usePayment';

/** The M-Pesa payment is checked this often, for at most two minutes. */
export const POLL_INTERVAL_MS = 5000;
export const POLL_LIMIT_MS = 120_000;
const MAX_POLLS = POLL_LIMIT_MS / POLL_INTERVAL_MS;

/** What the payment steps share with the checkout page's hook (usePayment), which keeps the state. */
export interface PaymentFlowContext {
  dispatch: AppDispatch;
  setState(state: PaymentState | ((current: PaymentState) => PaymentState)): void;
  setKept(kept: KeptOrder): void;
  /** The order this browser keeps (see usePayment): the one a retry pays. */
  placed: { current: PendingOrder | null };
  /** False once the page has gone: no answer arriving later changes anything. */
  alive: { current: boolean };
  /** The pending poll or redirect, cleared by the page as it goes. */
  timer: { current: ReturnType<typeof setTimeout> | undefined };
  statusOf(order: PendingOrder): Promise<{ status: KeptStatus }>;
  forget(): void;
  paid(order: PlacedOrder, name: string): void;
}

export interface PaymentFlow {
  placeOrder(request: PlaceOrderRequest): Promise<void>;
  /** After a failed or unconfirmed M-Pesa payment: the same order, prompted again to the form's payer. */
  retryPrompt(form: CheckoutForm): Promise<void>;
  /** The same order, paid on the hosted payment page instead. */
  payOnHostedPage(form: CheckoutForm): Promise<void>;
}

/**
 * Place Order and what follows it: creates the order (POST site/orders/store), then either sends the
 * browser to the hosted payment page or sends the M-Pesa prompt and polls until the payment is paid
 * or failed. Only a shopper who presses Place Order needs these steps, so they are a chunk of their
 * own that the page loads then (usePayment); the calls go through the store's one api as the hooks'
 * would, without a component to hold them.
 */
export function paymentFlow(context: PaymentFlowContext): PaymentFlow {
  const { dispatch, setState, setKept, placed, alive, timer } = context;
  const storeOrder = (body: OrderStoreBody) => dispatch(paymentApi.endpoints.storeOrder.initiate(body, { track: false }));

  /** The order Place Order pays: the kept one when nothing changed, else a new one (replacing the kept one while it waits). */
  const createOrder = async (request: PlaceOrderRequest): Promise<PlacedOrder | null> => {
    const { coupon, onFieldErrors } = request;
    const body = buildOrderBody(request.order);
    const payer = payerOf(request.order.form);
    const signature = orderSignature(body);
    const previous = placed.current;
    let replaces: OrderStoreBody['replaces'];
    if (previous) {
      const { status } = await context.statusOf(previous);
      if (!alive.current) return null;
      if (status === 'paid') {
        context.paid(previous, previous.name);
        return null;
      }
      if (status === 'pending' || status === 'unknown') {
        // Without an answer the server decides: it refuses a payment on an order that is not pending.
        if (previous.signature === signature) return previous;
        replaces = { order_id: previous.id, payment_key: previous.payment_key };
      } else {
        context.forget();
      }
    }
    const result = await storeOrder(replaces ? { ...body, replaces } : body);
    if (!alive.current) return null;
    if ('error' in result) {
      const status = errorStatus(result.error);
      if (replaces && (status === 404 || status === 409)) {
        // The replaced order is not this browser's any more, or it was paid meanwhile: nothing to replace.
        context.forget();
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
  };

  const goToHostedPage = async (order: PlacedOrder, payer: Payer): Promise<void> => {
    clearTimeout(timer.current);
    setState({ step: 'redirecting' });
    const result = await dispatch(
      checkoutApi.endpoints.startPayment.initiate(
        {
          mobile: phoneToMpesa(payer.phone) || payer.phone,
          amount: order.total_amount,
          email: payer.email,
          first_name: payer.first_name,
          last_name: payer.last_name,
          order_id: order.id,
          payment_key: order.payment_key,
        },
        { track: false },
      ),
    );
    if (!alive.current) return;
    const url = 'data' in result && result.data ? safePaymentUrl(result.data.redirect_url) : null;
    if (!url || !('data' in result) || !result.data) {
      notify.error(
        serverMessage(
          'error' in result && result.error ? apiErrorMessage(result.error, PAYMENT_MESSAGES.hostedFailed) : PAYMENT_MESSAGES.hostedFailed,
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
  };

  const poll = (checkoutRequestId: string, order: PlacedOrder, payer: Payer, attempt: number) => {
    timer.current = setTimeout(() => {
      const check = dispatch(
        paymentApi.endpoints.checkTransaction.initiate(
          { checkoutRequestId, orderId: order.id, paymentKey: order.payment_key },
          { subscribe: false, forceRefetch: true },
        ),
      );
      void check.then((result) => {
        if (!alive.current) return;
        const answer = result.data;
        if (answer && (answer.status === 'paid' || answer.transaction.length > 0)) return context.paid(order, payer.first_name);
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
  };

  const sendPrompt = async (order: PlacedOrder, payer: Payer): Promise<void> => {
    clearTimeout(timer.current);
    setState({ step: 'prompting', order });
    const result = await dispatch(
      paymentApi.endpoints.mpesaPush.initiate(
        { mobile: payer.mpesa_no, amount: order.total_amount, email: payer.email, order_id: order.id, payment_key: order.payment_key },
        { track: false },
      ),
    );
    if (!alive.current) return;
    if ('error' in result || !result.data) {
      const message = 'error' in result ? apiErrorMessage(result.error, PAYMENT_MESSAGES.pushFailed) : PAYMENT_MESSAGES.pushFailed;
      notify.error(serverMessage(message));
      setState({ step: 'failed', order, message });
      return;
    }
    setState({ step: 'waiting', order });
    poll(result.data.CheckoutRequestID, order, payer, 1);
  };

  return {
    async placeOrder(request) {
      const order = await createOrder(request);
      if (!alive.current) return;
      if (!order) {
        setState((current) => (current.step === 'paid' ? current : { step: 'idle' }));
        return;
      }
      const payer = payerOf(request.order.form);
      if (request.order.method === 'mpesa') await sendPrompt(order, payer);
      else await goToHostedPage(order, payer);
    },
    retryPrompt: (form) => (placed.current ? sendPrompt(placed.current, payerOf(form)) : Promise.resolve()),
    payOnHostedPage: (form) => (placed.current ? goToHostedPage(placed.current, payerOf(form)) : Promise.resolve()),
  };
}
