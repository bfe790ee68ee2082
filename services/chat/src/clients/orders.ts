import type { ApiErrorBody, OrderStoreResponse, PaymentStartResponse } from '@shop/api-types';
import { createServiceClient, HttpError, SHOP_SERVICES, unauthenticated, type ServiceClient } from '@shop/service-kit';

/** The orders service refused the order (422): its message is the assistant's answer. */
export class OrderRefused extends Error {
  constructor(
    message: string,
    readonly errors: Record<string, string[]>,
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
}

/**
 * The public checkout calls of the orders service, exactly as the storefront makes them: the order
 * (priced and checked again by the orders service, with the customer's token when there is one)
 * and the hosted payment page.
 */
export class OrdersClient {
  private readonly client: ServiceClient;

  constructor(baseUrl: string) {
    this.client = createServiceClient({ area: SHOP_SERVICES.orders.area, baseUrl });
  }

  async placeOrder(body: ChatOrderBody, token: string | null): Promise<OrderStoreResponse['data']> {
    const answer = await this.client.post<OrderStoreResponse | ApiErrorBody | null>('/api/site/orders/store', body, {
      bearer: token,
      timeoutMs: 10_000,
    });
    if (answer.status === 201) return (answer.body as OrderStoreResponse).data;
    throw this.failure(answer.status, answer.body as ApiErrorBody | null, 'order');
  }

  async startPayment(orderId: number): Promise<PaymentStartResponse> {
    const answer = await this.client.post<PaymentStartResponse | ApiErrorBody | null>(
      '/api/site/v1/dpo/pay',
      { order_id: orderId },
      { timeoutMs: 15_000 },
    );
    if (answer.status === 200) return answer.body as PaymentStartResponse;
    throw this.failure(answer.status, answer.body as ApiErrorBody | null, 'payment');
  }

  private failure(status: number, body: ApiErrorBody | null, what: string): Error {
    if (status === 401) return unauthenticated();
    if (status === 422 || status === 404 || status === 409)
      return new OrderRefused(body?.message ?? 'The order could not be placed.', body?.errors ?? {});
    if (status === 503 && body?.message) return new HttpError(503, body.message);
    return this.client.unavailable(`${what} answered ${status}`);
  }
}
