import type { Order } from '@shop/api-types';

/** What the back office's customer pages need from the orders service (its own tables). */
export interface CustomerOrdersSource {
  counts(customerIds: number[]): Promise<Record<number, number>>;
  orders(customerId: number): Promise<Order[]>;
}

export function httpCustomerOrders(baseUrl: string, internalSecret: string): CustomerOrdersSource {
  const headers = { 'x-internal-secret': internalSecret, 'content-type': 'application/json' };
  return {
    async counts(customerIds) {
      if (customerIds.length === 0) return {};
      const response = await fetch(new URL('/internal/customers/order-counts', baseUrl), {
        method: 'POST',
        headers,
        body: JSON.stringify({ ids: customerIds }),
        signal: AbortSignal.timeout(3000),
      });
      if (!response.ok) throw new Error(`order counts answered ${response.status}`);
      return ((await response.json()) as { counts: Record<number, number> }).counts;
    },
    async orders(customerId) {
      const response = await fetch(new URL(`/internal/customers/${customerId}/orders`, baseUrl), { headers, signal: AbortSignal.timeout(3000) });
      if (!response.ok) throw new Error(`customer orders answered ${response.status}`);
      return ((await response.json()) as { orders: Order[] }).orders;
    },
  };
}
