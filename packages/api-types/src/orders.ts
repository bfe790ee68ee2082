/**
 * Cart, checkout, orders, coupons and payments: the orders service's part of the public contract
 * (storefront spec section 7). Types and constants only; request schemas live in schemas/orders.ts
 * so front ends never bundle zod.
 */

export type DiscountType = 'value' | 'percent';

/** A coupon's discount as the checkout shows it ('Valid coupon: 10%' or 'Valid coupon: Ksh 200'). */
export interface CouponDiscount {
  name: string;
  discount_type: DiscountType;
  /** KSh off the order, when discount_type is 'value'. */
  discount_value: number | null;
  /** Percent off the order (2 decimals), when discount_type is 'percent'. */
  discount_percent: number | null;
}

/** GET /api/site/coupons/check/{code}/{email} and POST /api/site/coupons/redeem. */
export interface CouponCheckResponse {
  discount: CouponDiscount;
}

/** One line of the cart as the checkout sends it. Prices are the client's view, checked by the server. */
export interface OrderCartItem {
  id: number;
  quantity: number;
  /** Unit price the shopper saw (offer price when on offer), KSh. */
  price?: number;
  product_total?: number;
}

export type PaymentMethod = 'hosted' | 'mpesa';

/** POST /api/site/orders/store (guests and signed-in customers). */
export interface OrderStoreBody {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  /** M-Pesa number for the STK push, 2547XXXXXXXX (the form forces the 254 prefix). */
  mpesa_no?: string;
  street: string;
  apartment: string;
  county_id: number;
  subcounty_id: number;
  town: string;
  /** Always 1 (the spec's single depot). */
  depot_id: number;
  order_notes?: string;
  /** Coupon code, upper-case, or empty. */
  coupon?: string;
  cart_items: OrderCartItem[];
  /** The total the shopper saw, KSh; the order is refused (422) when the server's differs. */
  total_amount: number;
  /** Shwari Points to spend on this order (signed-in customers; 1 point = KSh 1). */
  redeemed_points?: number;
  payment_method?: PaymentMethod;
  /**
   * The shopper's earlier order that was not paid and is now abandoned (the cart, coupon, points or
   * details changed): cancelled in the same transaction that writes this order, so a refused order
   * leaves it untouched. Its coupon use is not counted against this order, and its points are
   * refunded once that transaction commits (when this order redeems points too, they are taken
   * after that refund). Same owner rules as a payment start (the customer's token or the order's
   * payment key); a paid one is 409 and nothing is written.
   */
  replaces?: OrderReplaces;
}

/** The abandoned order an `orders/store` call cancels first. */
export interface OrderReplaces {
  order_id: number;
  /** The abandoned order's payment key (guests; a signed-in owner's token is enough). */
  payment_key?: string;
}

/** 201 answer of POST /api/site/orders/store. */
export interface OrderStoreResponse {
  data: {
    id: number;
    order_number: string;
    total_amount: number;
    subtotal: number;
    discount: number;
    points_discount: number;
    /**
     * The secret that lets this browser pay, check or cancel this order (a guest has no token).
     * Sent only in this answer; keep it with the pending order and send it as `payment_key` (body)
     * or `X-Payment-Key` (GET) on every payment call.
     */
    payment_key: string;
  };
}

/** The header that carries an order's payment key on GET payment calls. */
export const PAYMENT_KEY_HEADER = 'X-Payment-Key';

/** POST /api/site/orders/{id}/cancel: the shopper abandons a Pending unpaid order. */
export interface OrderCancelBody {
  payment_key?: string;
}

/** 200 answer of POST /api/site/orders/{id}/cancel. */
export interface OrderCancelResponse {
  message: string;
}

export type OrderPaymentStatus = 'pending' | 'paid' | 'cancelled';

/** GET /api/site/orders/{id}/payment-status (key in X-Payment-Key): what the retry screens show. */
export interface PaymentStatusResponse {
  order_number: string;
  status: OrderPaymentStatus;
  total_amount: number;
  subtotal: number;
  discount: number;
  points_discount: number;
  coupon_code: string | null;
  redeemed_points: number;
}

export interface OrderStatus {
  id: number;
  name: string;
  /** CSS colour for the status badge. */
  color: string;
}

export interface OrderStatusChange {
  status: OrderStatus;
  note: string | null;
  created_at: string;
}

export interface OrderItem {
  id: number;
  quantity: number;
  /** Line total, KSh. */
  price: number;
  /** Snapshot at the time of the order. */
  product: { id: number; name: string; price: number; brand: string; category: string; unit: string; image: string };
}

export interface OrderPlace {
  id: number;
  name: string;
}

export interface ShippingAddress {
  first_name: string;
  last_name: string;
  street_address: string;
  apartment: string | null;
  town: string;
  county: OrderPlace;
  sub_county: OrderPlace;
  phone: string;
  email: string;
}

/** An order as the customer (and staff) see it. */
export interface Order {
  id: number;
  order_number: string;
  date: string;
  status: OrderStatus;
  /** 1 paid, 0 not paid (spec). */
  is_paid: 0 | 1;
  subtotal: number;
  discount: number;
  points_discount: number;
  total_amount: number;
  products_count: number;
  order_notes: string | null;
  customer: { first_name: string; last_name: string; email: string; phone: string };
  shipping_address: ShippingAddress;
  order_items: OrderItem[];
  status_history: OrderStatusChange[];
}

/** GET /api/orders. */
export interface CustomerOrdersResponse {
  orders: Order[];
}

/** POST /api/site/v1/dpo/pay: where to send the shopper to pay. */
export interface PaymentStartResponse {
  token: string;
  /** The hosted payment page (DPO's payv2.php, or the built-in simulator). */
  redirect_url: string;
}

/** POST /api/site/v1/push: an M-Pesa STK push was sent to the phone. */
export interface MpesaPushResponse {
  MerchantRequestID: string;
  CheckoutRequestID: string;
  ResponseCode: string;
  CustomerMessage: string;
}

export type PaymentState = 'pending' | 'paid' | 'failed';

/** GET /api/site/v1/check/transaction/{checkoutRequestId}/{orderId}. */
export interface TransactionCheckResponse {
  status: PaymentState;
  /** Non-empty once the payment is confirmed (the spec's `transaction: []` shape). */
  transaction: Array<{ receipt: string; amount: number; paid_at: string }>;
  message: string;
}

export const ORDER_STATUS_NAMES = ['Pending', 'Paid', 'Processing', 'Dispatched', 'Delivered', 'Cancelled'] as const;

export * as ORDER_MESSAGES from './orderMessages';

/** How points are earned on a paid order: 1 Shwari Point per full KSh 100 paid. */
export const POINTS_EARN_KSH_PER_POINT = 100;
/** How much a redeemed point is worth at checkout, KSh. */
export const POINT_VALUE_KSH = 1;

/**
 * The checkout's field messages (storefront spec section 5): the storefront's form shows them and the
 * orders service answers them, so both read alike. Here, away from the schemas, so a front end
 * that imports them never bundles zod.
 */
export const CHECKOUT_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  phoneRequired: 'Phone number is required',
  phoneDigits: 'Phone number must be 10 digits',
  phoneLeadingZero: 'Phone number must start with 0, e.g. 0712345678',
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email format',
  street: 'Street is required',
  county: 'County is required',
  countyInvalid: 'The selected county is invalid.',
  subCounty: 'Sub-county is required',
  subCountyInvalid: 'The selected sub-county is invalid.',
  town: 'Town is required',
  mpesaNumber: 'The M-Pesa number must be 12 digits starting with 254.',
  depot: 'The selected depot is invalid.',
  cartEmpty: 'Your cart is empty.',
  cartTooLong: 'A cart may hold at most 100 products.',
  cartDuplicate: 'Each product may appear only once in the cart.',
  cartItemId: 'Each cart item needs a valid product id.',
  quantityNumber: 'Each cart item needs a quantity.',
  priceNumber: 'Each cart item price must be an amount in KSh.',
  totalRequired: 'The total amount field is required.',
  totalInvalid: 'The total amount must be an amount in KSh.',
  paymentMethod: 'The selected payment method is invalid.',
} as const;

export const MAX_CART_ITEMS = 100;
