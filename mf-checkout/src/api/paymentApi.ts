import {
  PAYMENT_KEY_HEADER,
  type MpesaPushResponse,
  type OrderStoreBody,
  type OrderStoreResponse,
  type TransactionCheckResponse,
} from '@shop/api-types';
import { api } from '@shop/store-kit';
import { segment } from './checkoutApi';

/** POST site/v1/push: the M-Pesa prompt (STK push) for an order. */
export interface MpesaPushBody {
  mobile: string;
  amount: number;
  email: string;
  order_id: number;
  payment_key: string;
}

export interface TransactionCheckArgs {
  checkoutRequestId: string;
  orderId: number;
  paymentKey: string;
}

/**
 * The calls of Place Order and what follows it (spec section 7), injected into the storefront's one
 * api by the payment steps' chunk (checkout/paymentFlow.ts), which alone makes them.
 */
export const paymentApi = api.injectEndpoints({
  endpoints: (build) => ({
    storeOrder: build.mutation<OrderStoreResponse, OrderStoreBody>({
      query: (body) => ({ url: 'site/orders/store', method: 'POST', body }),
      invalidatesTags: ['Order', 'Points', 'Profile'],
    }),
    mpesaPush: build.mutation<MpesaPushResponse, MpesaPushBody>({
      query: (body) => ({ url: 'site/v1/push', method: 'POST', body }),
    }),
    checkTransaction: build.query<TransactionCheckResponse, TransactionCheckArgs>({
      query: ({ checkoutRequestId, orderId, paymentKey }) => ({
        url: `site/v1/check/transaction/${segment(checkoutRequestId)}/${segment(orderId)}`,
        headers: { [PAYMENT_KEY_HEADER]: paymentKey },
      }),
      keepUnusedDataFor: 0,
    }),
  }),
});
