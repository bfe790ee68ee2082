/**
 * A stand-in for the orders service and the customers service calls the checkout makes, for the
 * checkout tests: records each call with its body and answers as the contract says
 * (packages/api-types/src/orders.ts). Only tests import this file.
 */
import type { Address, CustomerProfile, OrderStoreBody } from '@shop/api-types';
import { mockApi, respond } from '@shop/store-kit/src/testing';
import { jsonBody, placeRoutes } from '../testFixtures';

export interface Call {
  method: string;
  path: string;
  body?: unknown;
}

export const ORDER_ID = 501;
export const ORDER_NUMBER = 'SH-260501';
export const PAYMENT_TOKEN = 'C3B1F5A2-TOKEN-501';
export const PAYMENT_URL = `https://secure.3gdirectpay.com/payv2.php?ID=${PAYMENT_TOKEN}`;
export const CHECKOUT_REQUEST_ID = 'ws_CO_21112025201500123456';

type Answer = (body: Record<string, unknown>, attempt: number) => unknown;

export interface ServerOptions {
  /** GET site/coupons/check/{code}/{email}. */
  coupon?: (code: string, email: string) => unknown;
  store?: Answer;
  pay?: Answer;
  push?: Answer;
  /** GET site/v1/check/transaction/...: `attempt` counts from 1. */
  check?: (attempt: number) => unknown;
  profile?: CustomerProfile;
  addresses?: Address[];
}

export const pending = { status: 'pending', transaction: [], message: 'Waiting for the customer to enter the PIN.' };
export const paidAnswer = {
  status: 'paid',
  transaction: [{ receipt: 'SKL4H7QX2P', amount: 3065, paid_at: '2025-11-21T17:15:40.000Z' }],
  message: 'The payment has been received.',
};

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
    'POST /site/orders/store': post(
      '/site/orders/store',
      options.store ??
        ((body) =>
          respond(201, {
            data: {
              id: ORDER_ID,
              order_number: ORDER_NUMBER,
              total_amount: body.total_amount,
              subtotal: body.total_amount,
              discount: 0,
              points_discount: 0,
            },
          })),
    ),
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
    'GET /site/v1/check/transaction/([^/]+)/(\\d+)': (_request, match) => {
      calls.push({ method: 'GET', path: `/site/v1/check/transaction/${match[1]}/${match[2]}` });
      const attempt = count('check');
      return options.check ? options.check(attempt) : pending;
    },
    'GET /get-profile': () => {
      calls.push({ method: 'GET', path: '/get-profile' });
      return options.profile ?? respond(401, { message: 'Unauthenticated.' });
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
