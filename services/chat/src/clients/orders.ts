import {
  PAYMENT_KEY_HEADER,
  type ApiErrorBody,
  type OrderPaymentStatus,
  type OrderReplaces,
  type OrderStoreResponse,
  type PaymentStartResponse,
  type PaymentStatusResponse,
} from '@shop/api-types';
import { createServiceClient, HttpError, SHOP_SERVICES, unauthenticated, type ServiceClient } from '@shop/service-kit';

/** The orders service refused (422, 404, 409): its message is the assistant's answer. */
export class OrderRefused extends Error {
  constructor(
    message: string,
    readonly errors: Record<string, string[]>,
    readonly status: number = 422,
  ) {
    super(message);
    this.name = 'OrderRefused';
  }
}

/** The body of POST /api/site/orders/store as the assistant sends it. */
export interface ChatOrderBody {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  street: string;
  apartment: string;
  county_id: number;
  subcounty_id: number;
  town: string;
  depot_id: 1;
  order_notes: string;
  coupon: string;
  cart_items: Array<{ id: number; quantity: number; price: number; product_total: number }>;
  total_amount: number;
  payment_method: 'hosted';
  /** The unpaid order this one replaces (the shopper changed the cart or the details): cancelled in the same transaction that writes this one. */
  replaces?: OrderReplaces;
}

/** The order placed, with its payment key: the one secret that lets the chat pay it again without the customer's token. */
export type PlacedOrder = OrderStoreResponse['data'];

/** Who may pay an order: its payment key, or the bearer token of the customer who owns it. */
export interface OrderAccess {
  paymentKey: string | null;
  token: string | null;
}

/**
 * The public checkout calls of the orders service, exactly as the storefront makes them: the order
 * (priced and checked again by the orders service, with the customer's token when there is one),
 * the hosted payment page (a new payment attempt on the same order each time), where the order
 * stands, and abandoning it.
 */
export class OrdersClient {
  private readonly client: ServiceClient;

  constructor(baseUrl: string) {
    this.client = createServiceClient({ area: SHOP_SERVICES.orders.area, baseUrl });
  }

  async placeOrder(body: ChatOrderBody, token: string | null): Promise<PlacedOrder> {
    const answer = await this.client.post<OrderStoreResponse | ApiErrorBody | null>('/api/site/orders/store', body, {
      bearer: token,
      timeoutMs: 10_000,
    });
    if (answer.status === 201) return (answer.body as OrderStoreResponse).data;
    throw this.failure(answer.status, answer.body as ApiErrorBody | null, 'order');
  }

  async startPayment(orderId: number, access: OrderAccess): Promise<PaymentStartResponse> {
    const answer = await this.client.post<PaymentStartResponse | ApiErrorBody | null>(
      '/api/site/v1/dpo/pay',
      { order_id: orderId, ...(access.paymentKey ? { payment_key: access.paymentKey } : {}) },
      { bearer: access.token, timeoutMs: 15_000 },
    );
    if (answer.status === 200) return answer.body as PaymentStartResponse;
    throw this.failure(answer.status, answer.body as ApiErrorBody | null, 'payment');
  }

  /** Where the order stands; null when the orders service does not know it for this caller (404). */
  async paymentState(orderId: number, access: OrderAccess): Promise<OrderPaymentStatus | null> {
    const answer = await this.client.get<PaymentStatusResponse | ApiErrorBody | null>(`/api/site/orders/${orderId}/payment-status`, {
      bearer: access.token,
      headers: access.paymentKey ? { [PAYMENT_KEY_HEADER]: access.paymentKey } : {},
      timeoutMs: 5_000,
    });
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw this.failure(answer.status, answer.body as ApiErrorBody | null, 'payment status');
    const status = (answer.body as Partial<PaymentStatusResponse> | null)?.status;
    return status === 'paid' || status === 'cancelled' || status === 'pending' ? status : null;
  }

  /** The shopper abandons an unpaid order (its coupon use and points hold are released). */
  async cancelOrder(orderId: number, access: OrderAccess): Promise<void> {
    const answer = await this.client.post<ApiErrorBody | null>(
      `/api/site/orders/${orderId}/cancel`,
      access.paymentKey ? { payment_key: access.paymentKey } : {},
      { bearer: access.token, timeoutMs: 10_000 },
    );
    if (answer.status === 200) return;
    throw this.failure(answer.status, answer.body as ApiErrorBody | null, 'cancel');
  }

  private failure(status: number, body: ApiErrorBody | null, what: string): Error {
    if (status === 401) return unauthenticated();
    if (status === 422 || status === 404 || status === 409)
      return new OrderRefused(body?.message ?? 'The order could not be placed.', body?.errors ?? {}, status);
    if (status === 503 && body?.message) return new HttpError(503, body.message);
    return this.client.unavailable(`${what} answered ${status}`);
  }
}
