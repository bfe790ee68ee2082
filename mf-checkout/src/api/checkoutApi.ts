import {
  PAYMENT_KEY_HEADER,
  type CouponCheckResponse,
  type Order,
  type PaymentStartResponse,
  type PaymentStatusResponse,
} from '@shop/api-types';
import { api } from '@shop/store-kit';

/**
 * POST site/v1/dpo/pay (spec section 7). Amount in KSh, as the order's total_amount. The server
 * uses the order's own total, name, email and phone: the payer fields are the spec's and optional
 * (a retry from /failed or /success sends the order alone).
 */
export interface PaymentStartBody {
  mobile?: string;
  amount?: number;
  email?: string;
  first_name?: string;
  last_name?: string;
  order_id: number;
  /** The order's payment key (contract: who may pay an order); without it only the signed-in owner may. */
  payment_key?: string;
}

export interface CouponCheckArgs {
  code: string;
  email: string;
}

export interface PaymentStatusArgs {
  orderId: number;
  /** Null: the signed-in owner asks with their sign-in. */
  paymentKey: string | null;
}

export const segment = (value: string | number): string => encodeURIComponent(String(value));

/**
 * The checkout's calls (spec section 7), injected into the storefront's one api. The profile and
 * addresses that prefill the form are the store kit's (useGetProfileQuery, useGetAddressesQuery).
 */
export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkCoupon: build.query<CouponCheckResponse, CouponCheckArgs>({
      query: ({ code, email }) => `site/coupons/check/${segment(code)}/${segment(email)}`,
      keepUnusedDataFor: 0,
    }),
    startPayment: build.mutation<PaymentStartResponse, PaymentStartBody>({
      query: (body) => ({ url: 'site/v1/dpo/pay', method: 'POST', body }),
    }),
    /** Whether the order kept in this browser is still waiting for its payment (a retry pays it, a changed cart replaces it). */
    getPaymentStatus: build.query<PaymentStatusResponse, PaymentStatusArgs>({
      query: ({ orderId, paymentKey }) => ({
        url: `site/orders/${segment(orderId)}/payment-status`,
        headers: paymentKey ? { [PAYMENT_KEY_HEADER]: paymentKey } : {},
      }),
      keepUnusedDataFor: 0,
    }),
    /** A signed-in customer's own order by its number (404 for anyone else's): how /success finds an order this browser holds no key for. */
    getOwnOrderByNumber: build.query<Order, string>({
      query: (orderNumber) => `orders/view/${segment(orderNumber)}`,
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyCheckCouponQuery, useStartPaymentMutation, useLazyGetPaymentStatusQuery, useLazyGetOwnOrderByNumberQuery } =
  checkoutApi;
