import type { Knex } from 'knex';
import type { Order, OrderItem, OrderStatusChange } from '@shop/api-types';
import { fromCents } from '@shop/money';
import { cents, count, dateOf, dialectOf, flag, toIso } from '@shop/service-kit';
import { orderStatus } from './statuses';

export interface OrderRow {
  id: number;
  order_number: string;
  customer_id: number | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  mpesa_no: string | null;
  street: string;
  apartment: string | null;
  town: string;
  county_id: number;
  county_name: string;
  sub_county_id: number;
  sub_county_name: string;
  subtotal_cents: number;
  discount_cents: number;
  points_discount_cents: number;
  total_cents: number;
  redeemed_points: number;
  coupon_id: number | null;
  status_id: number;
  is_paid: number | boolean;
  paid_at: Date | string | null;
  payment_method: string | null;
  order_notes: string | null;
  points_awarded_at: Date | string | null;
  points_refunded_at: Date | string | null;
  /** When the points this order credited were taken back after a cancellation. */
  points_reversed_at: Date | string | null;
  /**
   * When the oldest payment still owed back arrived: one confirmed after the order was cancelled
   * unpaid, or a second one for an order already paid (see PaymentsService.apply). Cleared when staff
   * mark the refund as made.
   */
  refund_due_at: Date | string | null;
  /** When staff last marked a refund on this order as made. */
  refunded_at: Date | string | null;
  /** SHA-256 (hex) of the order's payment key (see payment-key.ts); null on orders placed before it existed. */
  payment_key_hash: string | null;
  coupon_code: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

type OrderDateColumn = 'paid_at' | 'points_awarded_at' | 'points_refunded_at' | 'points_reversed_at' | 'refund_due_at' | 'refunded_at';

/**
 * An order as the service works with it, mapped once from its row (orderRecordOf): ids, cents and
 * points are numbers, `isPaid` a boolean and the dates Dates, whichever database answered (SQLite
 * and MySQL differ in all three). Code above the repository reads these, never the raw row.
 */
export interface OrderRecord extends Omit<OrderRow, 'is_paid' | OrderDateColumn | 'created_at' | 'updated_at'> {
  isPaid: boolean;
  paid_at: Date | null;
  points_awarded_at: Date | null;
  points_refunded_at: Date | null;
  points_reversed_at: Date | null;
  refund_due_at: Date | null;
  refunded_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A timestamp column that may be empty. */
const dateOrNull = (value: Date | string | null): Date | null => (value === null ? null : dateOf(value));
const idOrNull = (value: number | null | undefined): number | null => (value === null || value === undefined ? null : count(value));

/** The one mapping from an orders row to an OrderRecord. */
export function orderRecordOf(row: OrderRow): OrderRecord {
  return {
    ...row,
    id: count(row.id),
    customer_id: idOrNull(row.customer_id),
    county_id: count(row.county_id),
    sub_county_id: count(row.sub_county_id),
    subtotal_cents: cents(row.subtotal_cents),
    discount_cents: cents(row.discount_cents),
    points_discount_cents: cents(row.points_discount_cents),
    total_cents: cents(row.total_cents),
    redeemed_points: count(row.redeemed_points),
    coupon_id: idOrNull(row.coupon_id),
    status_id: count(row.status_id),
    isPaid: flag(row.is_paid),
    paid_at: dateOrNull(row.paid_at),
    points_awarded_at: dateOrNull(row.points_awarded_at),
    points_refunded_at: dateOrNull(row.points_refunded_at),
    points_reversed_at: dateOrNull(row.points_reversed_at),
    refund_due_at: dateOrNull(row.refund_due_at),
    refunded_at: dateOrNull(row.refunded_at),
    created_at: dateOf(row.created_at),
    updated_at: dateOf(row.updated_at),
  };
}

interface ItemRow {
  id: number;
  order_id: number;
  product_id: number;
  product_name: string;
  brand_name: string;
  category_name: string;
  unit: string;
  image: string;
  unit_price_cents: number;
  quantity: number;
  line_total_cents: number;
}

interface HistoryRow {
  order_id: number;
  status_id: number;
  note: string | null;
  created_at: Date | string;
}

/**
 * Locks the order's row by its primary key (MySQL; SQLite runs one transaction at a time) before a
 * status or payment change. Every writer that moves an order's status or payment takes this lock
 * first, so two of them at once queue on the same row instead of deadlocking on its indexes.
 */
export async function lockOrder(trx: Knex.Transaction, id: number): Promise<Pick<OrderRecord, 'id' | 'status_id' | 'isPaid'> | undefined> {
  const query = trx('orders').where({ id }).first('id', 'status_id', 'is_paid');
  if (dialectOf(trx) === 'mysql') query.forUpdate();
  const row: Pick<OrderRow, 'id' | 'status_id' | 'is_paid'> | undefined = await query;
  return row && { id: count(row.id), status_id: count(row.status_id), isPaid: flag(row.is_paid) };
}

/** A customer may have many orders; the list answers the newest this many. */
export const CUSTOMER_ORDERS_LIMIT = 500;

/** Orders as the customer sees them: one query per table, never one per order. */
export class OrdersRepository {
  constructor(private readonly db: Knex) {}

  async byId(id: number): Promise<OrderRecord | undefined> {
    const row: OrderRow | undefined = await this.db('orders').where({ id }).first('*');
    return row && orderRecordOf(row);
  }

  async byNumber(orderNumber: string): Promise<OrderRecord | undefined> {
    const row: OrderRow | undefined = await this.db('orders').where({ order_number: orderNumber }).first('*');
    return row && orderRecordOf(row);
  }

  /** The customer's own orders, newest first. */
  async listForCustomer(customerId: number): Promise<Order[]> {
    const rows: OrderRow[] = await this.db('orders')
      .where({ customer_id: customerId })
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(CUSTOMER_ORDERS_LIMIT)
      .select('*');
    return this.toOrders(rows.map(orderRecordOf));
  }

  /** One of the customer's own orders; another customer's is answered like a missing one. */
  async findForCustomer(customerId: number, orderNumber: string): Promise<Order | undefined> {
    const row: OrderRow | undefined = await this.db('orders').where({ order_number: orderNumber, customer_id: customerId }).first('*');
    return row ? (await this.toOrders([orderRecordOf(row)]))[0] : undefined;
  }

  /** The newest orders that have a line of the product (the back office's product page). */
  async containingProduct(
    productId: number,
    limit: number,
  ): Promise<Array<Pick<OrderRecord, 'id' | 'order_number' | 'first_name' | 'total_cents' | 'created_at' | 'status_id' | 'isPaid'>>> {
    const rows: Array<Pick<OrderRow, 'id' | 'order_number' | 'first_name' | 'total_cents' | 'created_at' | 'status_id' | 'is_paid'>> =
      await this.db('orders as o')
        .whereExists(this.db('order_items as i').whereRaw('i.order_id = o.id').where('i.product_id', productId))
        .orderBy('o.created_at', 'desc')
        .orderBy('o.id', 'desc')
        .limit(limit)
        .select('o.id', 'o.order_number', 'o.first_name', 'o.total_cents', 'o.created_at', 'o.status_id', 'o.is_paid');
    return rows.map((row) => ({
      id: count(row.id),
      order_number: row.order_number,
      first_name: row.first_name,
      total_cents: cents(row.total_cents),
      created_at: dateOf(row.created_at),
      status_id: count(row.status_id),
      isPaid: flag(row.is_paid),
    }));
  }

  /** How many orders each of these customers has placed (customers without orders are left out). */
  async countsForCustomers(customerIds: number[]): Promise<Map<number, number>> {
    if (customerIds.length === 0) return new Map();
    const rows: Array<{ customer_id: number; count: number | string }> = await this.db('orders')
      .whereIn('customer_id', customerIds)
      .groupBy('customer_id')
      .select('customer_id', this.db.raw('COUNT(*) as count'));
    return new Map(rows.map((row) => [count(row.customer_id), count(row.count)]));
  }

  async toOrders(rows: OrderRecord[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [items, history] = await Promise.all([
      this.db('order_items').whereIn('order_id', ids).orderBy('id').select('*') as Promise<ItemRow[]>,
      this.db('order_status_history')
        .whereIn('order_id', ids)
        .orderBy('id')
        .select('order_id', 'status_id', 'note', 'created_at') as Promise<HistoryRow[]>,
    ]);
    const itemsBy = groupBy(items, (item) => count(item.order_id));
    const historyBy = groupBy(history, (change) => count(change.order_id));
    return rows.map((row) => toOrder(row, itemsBy.get(row.id) ?? [], historyBy.get(row.id) ?? []));
  }
}

function groupBy<T>(list: T[], key: (item: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of list) {
    const k = key(item);
    const bucket = map.get(k);
    if (bucket) bucket.push(item);
    else map.set(k, [item]);
  }
  return map;
}

export function toOrder(row: OrderRecord, items: ItemRow[], history: HistoryRow[]): Order {
  const orderItems: OrderItem[] = items.map((item) => ({
    id: count(item.id),
    quantity: count(item.quantity),
    price: fromCents(cents(item.line_total_cents)),
    product: {
      id: count(item.product_id),
      name: item.product_name,
      price: fromCents(cents(item.unit_price_cents)),
      brand: item.brand_name,
      category: item.category_name,
      unit: item.unit,
      image: item.image,
    },
  }));
  const statusHistory: OrderStatusChange[] = history.map((change) => ({
    status: orderStatus(change.status_id),
    note: change.note,
    created_at: toIso(change.created_at) ?? '',
  }));
  return {
    id: row.id,
    order_number: row.order_number,
    date: toIso(row.created_at) ?? '',
    status: orderStatus(row.status_id),
    is_paid: row.isPaid ? 1 : 0,
    subtotal: fromCents(row.subtotal_cents),
    discount: fromCents(row.discount_cents),
    points_discount: fromCents(row.points_discount_cents),
    total_amount: fromCents(row.total_cents),
    products_count: orderItems.length,
    order_notes: row.order_notes,
    customer: { first_name: row.first_name, last_name: row.last_name, email: row.email, phone: row.phone },
    shipping_address: {
      first_name: row.first_name,
      last_name: row.last_name,
      street_address: row.street,
      apartment: row.apartment,
      town: row.town,
      county: { id: row.county_id, name: row.county_name },
      sub_county: { id: row.sub_county_id, name: row.sub_county_name },
      phone: row.phone,
      email: row.email,
    },
    order_items: orderItems,
    status_history: statusHistory,
  };
}
