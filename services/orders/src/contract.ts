import { couponRedeemBodySchema, mpesaPushBodySchema, orderStoreBodySchema, paymentStartBodySchema } from '@shop/api-types';
import type { ServiceContract } from '@shop/service-kit';
import packageJson from '../package.json';

/**
 * The checkout's public contract (GET /api/docs/orders), from the schemas its routes validate with.
 * Only the checkout's request bodies are described so far.
 */
export const ORDERS_CONTRACT: ServiceContract = {
  area: 'orders',
  title: 'Shwari Shop checkout',
  version: packageJson.version,
  operations: [
    {
      method: 'post',
      path: '/api/site/orders/store',
      summary: 'Places an order.',
      access: 'guest or customer',
      body: orderStoreBodySchema,
    },
    {
      method: 'post',
      path: '/api/site/coupons/redeem',
      summary: 'Applies a coupon.',
      access: 'guest or customer',
      body: couponRedeemBodySchema,
    },
    {
      method: 'post',
      path: '/api/site/v1/dpo/pay',
      summary: 'Opens the card payment page.',
      access: 'guest or customer',
      body: paymentStartBodySchema,
    },
    {
      method: 'post',
      path: '/api/site/v1/push',
      summary: 'Sends an M-Pesa prompt.',
      access: 'guest or customer',
      body: mpesaPushBodySchema,
    },
  ],
};
