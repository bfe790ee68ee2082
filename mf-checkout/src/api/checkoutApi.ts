import type {
  Address,
  CouponCheckResponse,
  CustomerProfile,
  MpesaPushResponse,
  OrderStoreBody,
  OrderStoreResponse,
  PaymentStartResponse,
  TransactionCheckResponse,
} from '@shop/api-types';
import { api } from '@shop/store-kit';

/** POST site/v1/dpo/pay (spec section 7). Amount in KSh, as the order's total_amount. */
export interface PaymentStartBody {
  mobile: string;
  amount: number;
  email: string;
  first_name: string;
  last_name: string;
  order_id: number;
}

/** POST site/v1/push: the M-Pesa prompt (STK push) for an order. */
export interface MpesaPushBody {
  mobile: string;
  amount: number;
  email: string;
  order_id: number;
}

export interface CouponCheckArgs {
  code: string;
  email: string;
}

export interface TransactionCheckArgs {
  checkoutRequestId: string;
  orderId: number;
}

const segment = (value: string | number): string => encodeURIComponent(String(value));

/**
 * The checkout's calls (spec section 7), injected into the storefront's one api. Profile and
 * addresses use names of their own so they never collide with the account remote's endpoints,
 * and the same tags so that remote's changes refresh them.
 */
export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkCoupon: build.query<CouponCheckResponse, CouponCheckArgs>({
      query: ({ code, email }) => `site/coupons/check/${segment(code)}/${segment(email)}`,
      keepUnusedDataFor: 0,
    }),
    storeOrder: build.mutation<OrderStoreResponse, OrderStoreBody>({
      query: (body) => ({ url: 'site/orders/store', method: 'POST', body }),
      invalidatesTags: ['Order', 'Points', 'Profile'],
    }),
    startPayment: build.mutation<PaymentStartResponse, PaymentStartBody>({
      query: (body) => ({ url: 'site/v1/dpo/pay', method: 'POST', body }),
    }),
    mpesaPush: build.mutation<MpesaPushResponse, MpesaPushBody>({
      query: (body) => ({ url: 'site/v1/push', method: 'POST', body }),
    }),
    checkTransaction: build.query<TransactionCheckResponse, TransactionCheckArgs>({
      query: ({ checkoutRequestId, orderId }) => `site/v1/check/transaction/${segment(checkoutRequestId)}/${segment(orderId)}`,
      keepUnusedDataFor: 0,
    }),
    getCheckoutProfile: build.query<CustomerProfile, void>({ query: () => 'get-profile', providesTags: ['Profile'] }),
    getCheckoutAddresses: build.query<Address[], void>({ query: () => 'addresses', providesTags: ['Address'] }),
  }),
});

export const {
  useLazyCheckCouponQuery,
  useStoreOrderMutation,
  useStartPaymentMutation,
  useMpesaPushMutation,
  useLazyCheckTransactionQuery,
  useGetCheckoutProfileQuery,
  useGetCheckoutAddressesQuery,
} = checkoutApi;
