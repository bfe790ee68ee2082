import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import type { AdminOrder, AdminOrdersQuery, Page } from '@shop/api-types';
import { fromCents } from '@shop/money';
import { sqlTimestamp, toIso, type AuthContext } from '@shop/service-kit';
import { audit } from '../audit';
import type { CouponsRepository } from '../coupons/repository';
import { lockOrder, type OrderRow, type OrdersRepository } from '../orders/repository';
import { orderStatus, STATUS } from '../orders/statuses';
import { nairobiDay, nairobiRange } from './days';

type Filters = Pick<AdminOrdersQuery, 'status_ids' | 'from' | 'to' | 'q'>;

/** LIKE with the user's % and _ taken literally ('!' is the escape character on both dialects). */
const likeEscape = (value: string): string => value.replace(/[!%_]/g, (c) => `!${c}`);

/** The orders matching the back office's filters (status, Nairobi days of placing, search). */
export function filteredOrders(db: Knex, filters: Filters): Knex.QueryBuilder {
  const query = db('orders');
  if (filters.status_ids?.length) query.whereIn('status_id', filters.status_ids);
  if (filters.from) query.where('created_at', '>=', nairobiRange(filters.from, filters.from).start);
  if (filters.to) query.where('created_at', '<', nairobiRange(filters.to, filters.to).end);
  const q = filters.q?.trim();
  if (q) {
    if (/^SH-\d*$/i.test(q)) {
      query.whereRaw("order_number like ? escape '!'", [`${likeEscape(q.toUpperCase())}%`]);
    } else if (q.includes('@')) {
      query.whereRaw("email like ? escape '!'", [`%${likeEscape(q)}%`]);
    } else {
      // Every word must be part of the first name, the last name or the email.
      for (const word of q.split(/\s+/).slice(0, 5)) {
        const pattern = `%${likeEscape(word)}%`;
        query.where((w) => w.whereRaw("first_name like ? escape '!'", [pattern]).orWhereRaw("last_name like ? escape '!'", [pattern]).orWhereRaw("email like ? escape '!'", [pattern]));
      }
    }
  }
  return query;
}

export const STATUS_MESSAGES = {
  onlyPaymentMarksPaid: 'Only a confirmed payment can mark an order paid.',
  invalidStatus: 'The selected status is invalid.',
  sameStatus: 'The order already has this status.',
  cancelledIsFinal: 'A cancelled order cannot be moved to another status.',
} as const;

/** The back office's view of orders: pages, one order, status changes and the CSV export. */
export class AdminOrders {
  constructor(
    private readonly db: Knex,
    private readonly orders: OrdersRepository,
    private readonly coupons: CouponsRepository,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** One count query, one page query, then the page's items and history in one query each. */
  async page(query: AdminOrdersQuery): Promise<Page<AdminOrder>> {
    const perPage = query.per_page;
    const [counted] = (await filteredOrders(this.db, query).count({ total: '*' })) as Array<{ total: number | string }>;
    const total = Number(counted?.total ?? 0);
    const rows: OrderRow[] = total === 0 ? [] : await filteredOrders(this.db, query).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(perPage).offset((query.page - 1) * perPage).select('*');
    return { current_page: query.page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total, data: await this.toAdmin(rows) };
  }

  async one(id: number): Promise<AdminOrder | undefined> {
    const row = await this.orders.byId(id);
    return row ? (await this.toAdmin([row]))[0] : undefined;
  }

  private async toAdmin(rows: OrderRow[]): Promise<AdminOrder[]> {
    const orders = await this.orders.toOrders(rows);
    const owed = await this.refundsDue(rows);
    return orders.map((order, i) => {
      const row = rows[i]!;
      const since = toIso(row.refund_due_at);
      return {
        ...order,
        customer_id: row.customer_id === null ? null : Number(row.customer_id),
        refund_due: since ? { since, amount: fromCents(owed.get(Number(row.id)) ?? 0) } : null,
      };
    });
  }

  /** What was taken for each order with a refund due, cents; no query when the page has none. */
  private async refundsDue(rows: OrderRow[]): Promise<Map<number, number>> {
    const ids = rows.filter((row) => row.refund_due_at !== null && row.refund_due_at !== undefined).map((row) => Number(row.id));
    const owed = new Map<number, number>();
    if (ids.length === 0) return owed;
    const sums: Array<{ order_id: number; cents: number | string | null }> = await this.db('payments')
      .whereIn('order_id', ids)
      .whereNotNull('refund_due_at')
      .groupBy('order_id')
      .select('order_id')
      .sum({ cents: 'amount_cents' });
    for (const sum of sums) owed.set(Number(sum.order_id), Number(sum.cents ?? 0));
    return owed;
  }

  /**
   * Moves an order to another status with a history row and an audit row, in one transaction.
   * Cancelling gives the coupon use back (same transaction); the caller then refunds redeemed points.
   * Answers the field error, or null when done.
   */
  async changeStatus(auth: AuthContext, order: OrderRow, statusId: number, note: string | undefined): Promise<{ error: string } | { changed: true; cancelled: boolean }> {
    if (statusId === STATUS.paid) return { error: STATUS_MESSAGES.onlyPaymentMarksPaid };
    let target;
    try {
      target = orderStatus(statusId);
    } catch {
      return { error: STATUS_MESSAGES.invalidStatus };
    }
    if (Number(order.status_id) === statusId) return { error: STATUS_MESSAGES.sameStatus };
    if (Number(order.status_id) === STATUS.cancelled) return { error: STATUS_MESSAGES.cancelledIsFinal };
    const now = this.clock();
    const at = sqlTimestamp(now);
    const from = orderStatus(order.status_id);
    let changed = false;
    await this.db.transaction(async (trx) => {
      await lockOrder(trx, Number(order.id));
      // Conditional on the status read, so two staff changes at once cannot both apply.
      const updated = await trx('orders').where({ id: order.id, status_id: order.status_id }).update({ status_id: statusId, updated_at: at });
      if (Number(updated) !== 1) return;
      changed = true;
      await trx('order_status_history').insert({ order_id: order.id, status_id: statusId, note: note ?? null, created_at: at });
      if (statusId === STATUS.cancelled) await this.coupons.release(trx, Number(order.id), now);
      await audit.record(trx, auth, {
        action: 'order.status_changed',
        entity: 'order',
        entityId: Number(order.id),
        summary: `${order.order_number}: ${from.name} → ${target.name}${note ? ` (${note})` : ''}`,
      });
    });
    if (!changed) return { error: 'The order changed meanwhile. Please reload it and try again.' };
    return { changed: true, cancelled: statusId === STATUS.cancelled };
  }

  /** The CSV of every filtered order, newest first, read in batches of 500 and streamed. */
  csv(filters: Filters): Readable {
    const db = this.db;
    const batch = 500;
    async function* lines(): AsyncGenerator<string> {
      yield '\uFEFF' + csvRow(['Order Number', 'Customer', 'Email', 'Products', 'Amount (KSh)', 'Date', 'Status', 'Payment']);
      // Keyset pagination on (created_at, id) so a long export never pays for large offsets.
      let after: { created_at: string; id: number } | null = null;
      for (;;) {
        const query = filteredOrders(db, filters).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(batch);
        if (after) {
          const cursor: { created_at: string; id: number } = after;
          query.where((w) => w.where('created_at', '<', cursor.created_at).orWhere((same) => same.where('created_at', cursor.created_at).where('id', '<', cursor.id)));
        }
        const rows: OrderRow[] = await query.select('id', 'order_number', 'first_name', 'last_name', 'email', 'total_cents', 'created_at', 'status_id', 'is_paid');
        if (rows.length === 0) return;
        const items: Array<{ order_id: number; product_name: string; quantity: number }> = await db('order_items').whereIn('order_id', rows.map((row) => row.id)).orderBy('id').select('order_id', 'product_name', 'quantity');
        const productsBy = new Map<number, string[]>();
        for (const item of items) {
          const list = productsBy.get(Number(item.order_id)) ?? [];
          list.push(`${item.product_name} x ${Number(item.quantity)}`);
          productsBy.set(Number(item.order_id), list);
        }
        let chunk = '';
        for (const row of rows) {
          const created = toDate(row.created_at);
          chunk += csvRow([
            row.order_number,
            `${row.first_name} ${row.last_name}`,
            row.email,
            (productsBy.get(Number(row.id)) ?? []).join('; '),
            fromCents(Number(row.total_cents)).toFixed(2),
            `${nairobiDay(created)} ${nairobiTime(created)}`,
            orderStatus(row.status_id).name,
            Number(row.is_paid) === 1 || row.is_paid === true ? 'Paid' : 'Unpaid',
          ]);
        }
        yield chunk;
        const last = rows[rows.length - 1]!;
        after = { created_at: sqlTimestamp(toDate(last.created_at)), id: Number(last.id) };
        if (rows.length < batch) return;
      }
    }
    return Readable.from(lines());
  }
}

function toDate(value: Date | string): Date {
  if (value instanceof Date) return value;
  return new Date(/Z|[+-]\d\d:?\d\d$/.test(value) ? value : `${value.replace(' ', 'T')}Z`);
}

function nairobiTime(date: Date): string {
  const local = new Date(date.getTime() + 3 * 3600 * 1000);
  return `${String(local.getUTCHours()).padStart(2, '0')}:${String(local.getUTCMinutes()).padStart(2, '0')}`;
}

/** RFC 4180 quoting; a cell starting like a formula is prefixed with ' so spreadsheets do not run it. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const csvRow = (cells: string[]): string => cells.map(csvCell).join(',') + '\r\n';
