import type { CustomerOrderCountsResponse, CustomerOrdersResponse, Order } from '@shop/api-types';
import { createServiceClient, SHOP_SERVICES } from '@shop/service-kit';

/** What the back office's customer pages need from the orders service (its own tables). */
export interface CustomerOrdersSource {
  counts(customerIds: number[]): Promise<Record<number, number>>;
  orders(customerId: number): Promise<Order[]>;
}

/** The answers are read as the orders service's published answer types (api-types' answer schemas). */
export function httpCustomerOrders(baseUrl: string, internalSecret: string): CustomerOrdersSource {
  const client = createServiceClient({ area: SHOP_SERVICES.orders.area, baseUrl, internalSecret, timeoutMs: 3000 });
  return {
    async counts(customerIds) {
      if (customerIds.length === 0) return {};
      const answer = await client.post<CustomerOrderCountsResponse>('/internal/customers/order-counts', { ids: customerIds });
      if (answer.status !== 200) throw client.unavailable(`order counts answered ${answer.status}`);
      return answer.body.counts;
    },
    async orders(customerId) {
      const answer = await client.get<CustomerOrdersResponse>(`/internal/customers/${customerId}/orders`);
      if (answer.status !== 200) throw client.unavailable(`customer orders answered ${answer.status}`);
      return answer.body.orders;
    },
  };
}
