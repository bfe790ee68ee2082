import { z } from 'zod';
import type {
  CouponCheckResponse,
  CustomerOrdersResponse,
  MpesaPushResponse,
  Order,
  OrderCancelResponse,
  OrderStatus,
  OrderStoreResponse,
  PaymentStartResponse,
  PaymentStatusResponse,
  TransactionCheckResponse,
} from '../orders';
import type { Agree, Same } from './answerChecks';

/**
 * The orders service's storefront answers as schemas, for its OpenAPI document (GET /api/docs/orders)
 * and the contract tests. The types in ../orders.ts stay the one definition the code uses: the
 * checks at the end fail the typecheck when the two disagree.
 */
const id = z.number().int();
const money = z.number();

export const couponDiscountAnswerSchema = z.strictObject({
  name: z.string(),
  discount_type: z.enum(['value', 'percent']),
  discount_value: money.nullable(),
  discount_percent: z.number().nullable(),
});
export const couponCheckAnswerSchema = z.strictObject({ discount: couponDiscountAnswerSchema });

export const orderStoreAnswerSchema = z.strictObject({
  data: z.strictObject({
    id,
    order_number: z.string(),
    total_amount: money,
    subtotal: money,
    discount: money,
    points_discount: money,
    payment_key: z.string(),
  }),
});

export const orderCancelAnswerSchema = z.strictObject({ message: z.string() });

export const paymentStatusAnswerSchema = z.strictObject({
  order_number: z.string(),
  status: z.enum(['pending', 'paid', 'cancelled']),
  total_amount: money,
  subtotal: money,
  discount: money,
  points_discount: money,
  coupon_code: z.string().nullable(),
  redeemed_points: z.number().int(),
});

export const orderStatusAnswerSchema = z.strictObject({ id, name: z.string(), color: z.string() });
const place = z.strictObject({ id, name: z.string() });

export const orderAnswerSchema = z.strictObject({
  id,
  order_number: z.string(),
  date: z.string(),
  status: orderStatusAnswerSchema,
  is_paid: z.union([z.literal(0), z.literal(1)]),
  subtotal: money,
  discount: money,
  points_discount: money,
  total_amount: money,
  products_count: z.number().int(),
  order_notes: z.string().nullable(),
  customer: z.strictObject({ first_name: z.string(), last_name: z.string(), email: z.string(), phone: z.string() }),
  shipping_address: z.strictObject({
    first_name: z.string(),
    last_name: z.string(),
    street_address: z.string(),
    apartment: z.string().nullable(),
    town: z.string(),
    county: place,
    sub_county: place,
    phone: z.string(),
    email: z.string(),
  }),
  order_items: z.array(
    z.strictObject({
      id,
      quantity: z.number().int(),
      price: money,
      product: z.strictObject({
        id,
        name: z.string(),
        price: money,
        brand: z.string(),
        category: z.string(),
        unit: z.string(),
        image: z.string(),
      }),
    }),
  ),
  status_history: z.array(z.strictObject({ status: orderStatusAnswerSchema, note: z.string().nullable(), created_at: z.string() })),
});
export const customerOrdersAnswerSchema = z.strictObject({ orders: z.array(orderAnswerSchema) });

export const paymentStartAnswerSchema = z.strictObject({ token: z.string(), redirect_url: z.string() });
export const mpesaPushAnswerSchema = z.strictObject({
  MerchantRequestID: z.string(),
  CheckoutRequestID: z.string(),
  ResponseCode: z.string(),
  CustomerMessage: z.string(),
});
/** POST /api/site/v1/mpesa/callback: what Daraja is told, whatever the callback said. */
export const mpesaCallbackAnswerSchema = z.strictObject({ ResultCode: z.literal(0), ResultDesc: z.literal('Accepted') });
export const transactionCheckAnswerSchema = z.strictObject({
  status: z.enum(['pending', 'paid', 'failed']),
  transaction: z.array(z.strictObject({ receipt: z.string(), amount: money, paid_at: z.string() })),
  message: z.string(),
});

export type OrderAnswersAgreeWithTypes = [
  Agree<Same<z.infer<typeof couponCheckAnswerSchema>, CouponCheckResponse>>,
  Agree<Same<z.infer<typeof orderStoreAnswerSchema>, OrderStoreResponse>>,
  Agree<Same<z.infer<typeof orderCancelAnswerSchema>, OrderCancelResponse>>,
  Agree<Same<z.infer<typeof paymentStatusAnswerSchema>, PaymentStatusResponse>>,
  Agree<Same<z.infer<typeof orderStatusAnswerSchema>, OrderStatus>>,
  Agree<Same<z.infer<typeof orderAnswerSchema>, Order>>,
  Agree<Same<z.infer<typeof customerOrdersAnswerSchema>, CustomerOrdersResponse>>,
  Agree<Same<z.infer<typeof paymentStartAnswerSchema>, PaymentStartResponse>>,
  Agree<Same<z.infer<typeof mpesaPushAnswerSchema>, MpesaPushResponse>>,
  Agree<Same<z.infer<typeof transactionCheckAnswerSchema>, TransactionCheckResponse>>,
];
