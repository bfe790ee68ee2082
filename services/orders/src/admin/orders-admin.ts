import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import { ADMIN_MESSAGES, type AdminOrder, type AdminOrdersQuery, type Page } from '@shop/api-types';
import { formatCents, fromCents } from '@shop/money';
import { cents, count, dateOf, flag, sqlTimestamp, toIso, type AuthContext } from '@shop/service-kit';
import { audit } from '../audit';
import type { CouponsRepository } from '../coupons/repository';
import { lockOrder, orderRecordOf, type OrderRecord, type OrderRow, type OrdersRepository } from '../orders/repository';
import { allowedStatusIds, staffMoveRefusal } from '../orders/lifecycle';
import { orderStatus, STATUS } from '../orders/statuses';
import type { PaymentRow } from '../payments/types';
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
        query.where((w) =>
          w
            .whereRaw("first_name like ? escape '!'", [pattern])
            .orWhereRaw("last_name like ? escape '!'", [pattern])
            .orWhereRaw("email like ? escape '!'", [pattern]),
        );
      }
    }
  }
  return query;
}

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
    const total = count(counted?.total);
    const rows: OrderRow[] =
      total === 0
        ? []
        : await filteredOrders(this.db, query)
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(perPage)
            .offset((query.page - 1) * perPage)
            .select('*');
    const records = rows.map(orderRecordOf);
    return {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / perPage)),
      per_page: perPage,
      total,
      data: await this.toAdmin(records),
    };
  }

  async one(id: number): Promise<AdminOrder | undefined> {
    const row = await this.orders.byId(id);
    return row ? (await this.toAdmin([row]))[0] : undefined;
  }

  private async toAdmin(rows: OrderRecord[]): Promise<AdminOrder[]> {
    const orders = await this.orders.toOrders(rows);
    const refunds = await this.refunds(rows);
    return orders.map((order, i) => {
      const row = rows[i]!;
      const since = toIso(row.refund_due_at);
      const refunded = refunds.get(row.id);
      return {
        ...order,
        customer_id: row.customer_id,
        refund_due: since ? { since, amount: fromCents(refunded?.owedCents ?? 0) } : null,
        refunded: refunded?.made ? { at: refunded.made.at, amount: fromCents(refunded.made.cents), by: refunded.made.by } : null,
        allowed_status_ids: allowedStatusIds(row.status_id),
      };
    });
  }

  /**
   * For each order with money owed back or refunded: the sum still owed (cents), and what was
   * refunded (sum, last time, by whom). One query, and none when the page has no such order.
   */
  private async refunds(
    rows: OrderRecord[],
  ): Promise<Map<number, { owedCents: number; made: { cents: number; at: string; by: string } | null }>> {
    const touched = (row: OrderRecord) => row.refund_due_at !== null || row.refunded_at !== null;
    const ids = rows.filter(touched).map((row) => row.id);
    const found = new Map<number, { owedCents: number; made: { cents: number; at: string; by: string } | null }>();
    if (ids.length === 0) return found;
    const payments: Array<Pick<PaymentRow, 'order_id' | 'amount_cents' | 'refunded_at' | 'refunded_by_name'>> = await this.db('payments')
      .whereIn('order_id', ids)
      .whereNotNull('refund_due_at')
      .orderBy('id')
      .select('order_id', 'amount_cents', 'refunded_at', 'refunded_by_name');
    for (const payment of payments) {
      const orderId = count(payment.order_id);
      const amount = cents(payment.amount_cents);
      const entry = found.get(orderId) ?? { owedCents: 0, made: null };
      const at = toIso(payment.refunded_at);
      if (!at) entry.owedCents += amount;
      else if (!entry.made || at >= entry.made.at)
        entry.made = { cents: (entry.made?.cents ?? 0) + amount, at, by: payment.refunded_by_name ?? '' };
      else entry.made.cents += amount;
      found.set(orderId, entry);
    }
    return found;
  }

  /**
   * Staff record that the money owed back on this order was sent: every payment still owed is marked
   * refunded (when, by whom), the order's flag is cleared, and a history row and an audit row are
   * written, in one transaction under the order's lock, so two clicks at once refund once.
   */
  async markRefunded(auth: AuthContext, order: OrderRecord): Promise<{ error: string } | { refundedCents: number }> {
    const at = sqlTimestamp(this.clock());
    const by = `${auth.firstName} ${auth.lastName}`.trim().slice(0, 130);
    let refundedCents = 0;
    await this.db.transaction(async (trx) => {
      const locked = await lockOrder(trx, order.id);
      if (!locked) return;
      const owed: Array<Pick<PaymentRow, 'id' | 'amount_cents'>> = await trx('payments')
        .where({ order_id: order.id })
        .whereNotNull('refund_due_at')
        .whereNull('refunded_at')
        .select('id', 'amount_cents');
      if (owed.length === 0) return;
      refundedCents = owed.reduce((sum, payment) => sum + cents(payment.amount_cents), 0);
      // updated_at is left alone: it is the paid time the shopper's transaction check shows.
      await trx('payments')
        .whereIn(
          'id',
          owed.map((payment) => payment.id),
        )
        .whereNull('refunded_at')
        .update({ refunded_at: at, refunded_by_id: auth.accountId, refunded_by_name: by });
      await trx('orders').where({ id: order.id }).update({ refund_due_at: null, refunded_at: at, updated_at: at });
      const note = `Refund of ${formatCents(refundedCents)} made`;
      await trx('order_status_history').insert({ order_id: order.id, status_id: locked.status_id, note, created_at: at });
      await audit.record(trx, auth, {
        action: 'order.refund_made',
        entity: 'order',
        entityId: order.id,
        summary: `${order.order_number}: ${note}`,
      });
    });
    if (refundedCents === 0) return { error: ADMIN_MESSAGES.noRefundDue };
    return { refundedCents };
  }

  /**
   * Moves an order along the lifecycle (orders/lifecycle.ts) with a history row and an audit row,
   * in one transaction. Cancelling gives the coupon use back (same transaction), and cancelling a
   * paid order marks what was paid as owed back (the refund-due flag staff clear with "Mark refund
   * as made"); the caller then refunds redeemed points and takes back earned ones.
   * Answers the field error, or what was done.
   */
  async changeStatus(
    auth: AuthContext,
    order: OrderRecord,
    statusId: number,
    note: string | undefined,
  ): Promise<{ error: string } | { changed: true; cancelled: boolean }> {
    const refusal = staffMoveRefusal(order.status_id, statusId);
    if (refusal) return { error: refusal };
    const target = orderStatus(statusId);
    const now = this.clock();
    const at = sqlTimestamp(now);
    const from = orderStatus(order.status_id);
    let changed = false;
    await this.db.transaction(async (trx) => {
      const locked = await lockOrder(trx, order.id);
      // Conditional on the status read, so two staff changes at once (or a payment landing) cannot both apply.
      const updated = await trx('orders')
        .where({ id: order.id, status_id: order.status_id })
        .update({ status_id: statusId, updated_at: at });
      if (updated !== 1) return;
      changed = true;
      let historyNote = note ?? null;
      if (statusId === STATUS.cancelled) {
        await this.coupons.release(trx, order.id, now);
        const paid = locked !== undefined && locked.isPaid;
        const owedCents = paid ? await this.markPaidMoneyOwedBack(trx, order.id, at) : 0;
        if (owedCents > 0) historyNote = `${note ? `${note} — ` : ''}refund due: ${formatCents(owedCents)}`.slice(0, 255);
      }
      await trx('order_status_history').insert({ order_id: order.id, status_id: statusId, note: historyNote, created_at: at });
      await audit.record(trx, auth, {
        action: 'order.status_changed',
        entity: 'order',
        entityId: order.id,
        summary: `${order.order_number}: ${from.name} → ${target.name}${historyNote ? ` (${historyNote})` : ''}`,
      });
    });
    if (!changed) return { error: 'The order changed meanwhile. Please reload it and try again.' };
    return { changed: true, cancelled: statusId === STATUS.cancelled };
  }

  /**
   * A paid order cancelled by staff: every confirmed payment not yet owed back becomes owed back,
   * and the order carries the refund-due flag, as a late or second payment does. Answers the cents owed.
   */
  private async markPaidMoneyOwedBack(trx: Knex.Transaction, orderId: number, at: string): Promise<number> {
    const paid: Array<Pick<PaymentRow, 'id' | 'amount_cents'>> = await trx('payments')
      .where({ order_id: orderId, state: 'paid' })
      .whereNull('refund_due_at')
      .select('id', 'amount_cents');
    if (paid.length === 0) return 0;
    await trx('payments')
      .whereIn(
        'id',
        paid.map((payment) => payment.id),
      )
      .update({ refund_due_at: at });
    await trx('orders').where({ id: orderId }).whereNull('refund_due_at').update({ refund_due_at: at, updated_at: at });
    return paid.reduce((sum, payment) => sum + cents(payment.amount_cents), 0);
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
          query.where((w) =>
            w
              .where('created_at', '<', cursor.created_at)
              .orWhere((same) => same.where('created_at', cursor.created_at).where('id', '<', cursor.id)),
          );
        }
        const rows: Array<Pick<OrderRow, CsvColumn>> = await query.select(...CSV_COLUMNS);
        if (rows.length === 0) return;
        const items: Array<{ order_id: number; product_name: string; quantity: number }> = await db('order_items')
          .whereIn(
            'order_id',
            rows.map((row) => row.id),
          )
          .orderBy('id')
          .select('order_id', 'product_name', 'quantity');
        const productsBy = new Map<number, string[]>();
        for (const item of items) {
          const list = productsBy.get(count(item.order_id)) ?? [];
          list.push(`${item.product_name} x ${count(item.quantity)}`);
          productsBy.set(count(item.order_id), list);
        }
        const orders = rows.map(csvOrderOf);
        let chunk = '';
        for (const order of orders) {
          chunk += csvRow([
            order.order_number,
            `${order.first_name} ${order.last_name}`,
            order.email,
            (productsBy.get(order.id) ?? []).join('; '),
            fromCents(order.total_cents).toFixed(2),
            `${nairobiDay(order.created_at)} ${nairobiTime(order.created_at)}`,
            orderStatus(order.status_id).name,
            order.isPaid ? 'Paid' : 'Unpaid',
          ]);
        }
        yield chunk;
        const last = orders[orders.length - 1]!;
        after = { created_at: sqlTimestamp(last.created_at), id: last.id };
        if (rows.length < batch) return;
      }
    }
    return Readable.from(lines());
  }
}

const CSV_COLUMNS = [
  'id',
  'order_number',
  'first_name',
  'last_name',
  'email',
  'total_cents',
  'created_at',
  'status_id',
  'is_paid',
] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];

/** The export's columns of an order, read from its row once. */
function csvOrderOf(row: Pick<OrderRow, CsvColumn>) {
  return {
    ...row,
    id: count(row.id),
    total_cents: cents(row.total_cents),
    created_at: dateOf(row.created_at),
    status_id: count(row.status_id),
    isPaid: flag(row.is_paid),
  };
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
