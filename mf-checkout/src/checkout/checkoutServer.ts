/**
 * A stand-in for the orders service and the customers service calls the checkout makes, for the
 * checkout tests: records each call with its body and answers as the contract says
 * (packages/api-types/src/orders.ts). Only tests import this file.
 */
import type { Address, CustomerProfile, OrderStoreBody, PaymentStatusResponse, Product } from '@shop/api-types';
import { mockApi, respond } from '@shop/store-kit/testing';
import { jsonBody, placeRoutes } from '../testFixtures';

export interface Call {
  method: string;
  path: string;
  body?: unknown;
  /** The X-Payment-Key header, on the GET calls that carry one. */
  paymentKey?: string | null;
}

export const ORDER_ID = 501;
export const ORDER_NUMBER = 'SH-260501';
export const PAYMENT_TOKEN = 'C3B1F5A2-TOKEN-501';
export const PAYMENT_URL = `https://secure.3gdirectpay.com/payv2.php?ID=${PAYMENT_TOKEN}`;
export const CHECKOUT_REQUEST_ID = 'ws_CO_21112025201500123456';
/** The payment key the orders service gives with ORDER_ID (contract: who may pay an order). */
export const PAYMENT_KEY = 'k3y-501-Zx9Qw7Er5Ty3Ui1Op0As8Df6Gh4Jk2Lz';

type Answer = (body: Record<string, unknown>, attempt: number) => unknown;

export interface ServerOptions {
  /** GET site/coupons/check/{code}/{email}. */
  coupon?: (code: string, email: string) => unknown;
  store?: Answer;
  pay?: Answer;
  push?: Answer;
  /** GET site/v1/check/transaction/...: `attempt` counts from 1. */
  check?: (attempt: number) => unknown;
  /** GET site/orders/{id}/payment-status; by default every order placed here is still pending. */
  paymentStatus?: (orderId: number, paymentKey: string | null, attempt: number) => unknown;
  /** GET site/products (the catalogue the cart is re-priced from); unanswered (404) by default. */
  products?: (attempt: number) => Product[] | unknown;
  /** The signed-in customer's profile, or how it reads at the time of the call (points held by an order). */
  profile?: CustomerProfile | (() => CustomerProfile);
  addresses?: Address[];
}

export const pending = { status: 'pending', transaction: [], message: 'Waiting for the customer to enter the PIN.' };
export const paidAnswer = {
  status: 'paid',
  transaction: [{ receipt: 'SKL4H7QX2P', amount: 3065, paid_at: '2025-11-21T17:15:40.000Z' }],
  message: 'The payment has been received.',
};

/** The orders service's 201 to orders/store: the order placed at the total the shopper saw. */
export const placedOrder = (body: Record<string, unknown>) =>
  respond(201, {
    data: {
      id: ORDER_ID,
      order_number: ORDER_NUMBER,
      total_amount: body.total_amount,
      subtotal: body.total_amount,
      discount: 0,
      points_discount: 0,
      payment_key: PAYMENT_KEY,
    },
  });

export function checkoutServer(options: ServerOptions = {}): Call[] {
  const calls: Call[] = [];
  const counts = new Map<string, number>();
  const count = (key: string) => {
    const next = (counts.get(key) ?? 0) + 1;
    counts.set(key, next);
    return next;
  };
  const post = (path: string, answer: Answer) => async (request: Request) => {
    const body = (await jsonBody(request)) as Record<string, unknown>;
    calls.push({ method: 'POST', path, body });
    return answer(body, count(path));
  };
  mockApi({
    ...placeRoutes,
    'GET /site/coupons/check/([^/]+)/([^/]+)': (_request, match) => {
      const path = `/site/coupons/check/${match[1]}/${match[2]}`;
      calls.push({ method: 'GET', path });
      const code = decodeURIComponent(match[1] ?? '');
      const email = decodeURIComponent(match[2] ?? '');
      return options.coupon ? options.coupon(code, email) : respond(404, { message: 'Invalid or expired coupon' });
    },
    'POST /site/orders/store': post('/site/orders/store', options.store ?? placedOrder),
    'GET /site/orders/(\\d+)/payment-status': (request, match) => {
      const orderId = Number(match[1]);
      const paymentKey = request.headers.get('x-payment-key');
      calls.push({ method: 'GET', path: `/site/orders/${orderId}/payment-status`, paymentKey });
      const attempt = count('payment-status');
      if (options.paymentStatus) return options.paymentStatus(orderId, paymentKey, attempt);
      const placed = calls.filter((call) => call.path === '/site/orders/store').at(-1)?.body as Record<string, unknown> | undefined;
      const answer: PaymentStatusResponse = {
        order_number: ORDER_NUMBER,
        status: 'pending',
        total_amount: Number(placed?.total_amount ?? 0),
        subtotal: Number(placed?.total_amount ?? 0),
        discount: 0,
        points_discount: 0,
        coupon_code: typeof placed?.coupon === 'string' ? placed.coupon : null,
        redeemed_points: Number(placed?.redeemed_points ?? 0),
      };
      return answer;
    },
    'GET /site/products': () => {
      calls.push({ method: 'GET', path: '/site/products' });
      const attempt = count('products');
      return options.products ? options.products(attempt) : respond(404, { message: 'No catalogue in this test.' });
    },
    'POST /site/v1/dpo/pay': post('/site/v1/dpo/pay', options.pay ?? (() => ({ token: PAYMENT_TOKEN, redirect_url: PAYMENT_URL }))),
    'POST /site/v1/push': post(
      '/site/v1/push',
      options.push ??
        (() => ({
          MerchantRequestID: '29115-34620561-1',
          CheckoutRequestID: CHECKOUT_REQUEST_ID,
          ResponseCode: '0',
          CustomerMessage: 'Success. Request accepted for processing',
        })),
    ),
    'GET /site/v1/check/transaction/([^/]+)/(\\d+)': (request, match) => {
      calls.push({
        method: 'GET',
        path: `/site/v1/check/transaction/${match[1]}/${match[2]}`,
        paymentKey: request.headers.get('x-payment-key'),
      });
      const attempt = count('check');
      return options.check ? options.check(attempt) : pending;
    },
    'GET /get-profile': () => {
      calls.push({ method: 'GET', path: '/get-profile' });
      const profile = typeof options.profile === 'function' ? options.profile() : options.profile;
      return profile ?? respond(401, { message: 'Unauthenticated.' });
    },
    'GET /addresses': () => {
      calls.push({ method: 'GET', path: '/addresses' });
      return options.addresses ?? [];
    },
  });
  return calls;
}

export const callsTo = (calls: Call[], path: string | RegExp): Call[] =>
  calls.filter((call) => (typeof path === 'string' ? call.path === path : path.test(call.path)));

export type { OrderStoreBody };
