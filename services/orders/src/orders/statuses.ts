import type { OrderStatus } from '@shop/api-types';

/** The order statuses (ids are fixed: reports and the back office refer to them). */
export const STATUS = { pending: 1, paid: 2, processing: 3, dispatched: 4, delivered: 5, cancelled: 6 } as const;

export const ORDER_STATUSES: readonly OrderStatus[] = [
  { id: STATUS.pending, name: 'Pending', color: '#f59e0b' },
  { id: STATUS.paid, name: 'Paid', color: '#16a34a' },
  { id: STATUS.processing, name: 'Processing', color: '#2563eb' },
  { id: STATUS.dispatched, name: 'Dispatched', color: '#7c3aed' },
  { id: STATUS.delivered, name: 'Delivered', color: '#15803d' },
  { id: STATUS.cancelled, name: 'Cancelled', color: '#dc2626' },
];

const byId = new Map(ORDER_STATUSES.map((status) => [status.id, status]));

export function orderStatus(id: number): OrderStatus {
  const status = byId.get(id);
  if (!status) throw new Error(`Unknown order status ${id}`);
  return status;
}
