import type { Knex } from 'knex';
import { cents, count, dialectOf, nullableCents, type NumericColumn } from '@shop/service-kit';
import { ORDER_STATUSES, STATUS } from '../orders/statuses';
import { nairobiDaySql, nairobiMonthSql, nairobiRange } from './days';

/**
 * What the order report reads (reports.ts shapes the answer): its graph per day or per month, and
 * its newest orders.
 *
 * A range longer than DAILY_GRAPH_MAX_DAYS is charted per Nairobi month (in every report since; the
 * category, product and revenue reports read month roll-ups for it): a year of days by status
 * was 1,100 graph points (110 KB of the answer) for a chart 12 months wide, and what the report
 * cost at a million orders was mostly those bytes. The months are rolled up from the daily
 * summaries in the query: a year of report_paid_days is about 2,200 rows (under a millisecond to
 * group on MariaDB), so a table of months kept by triggers would save less than it costs every
 * payment. A month at either end of the range holds only the range's days of it.
 */

/** The statuses a paid order is listed under in the newest orders: every one but Pending. */
const PAID_LISTED = ORDER_STATUSES.map(({ id }) => id).filter((id) => id !== STATUS.pending);

/** Ranges up to a quarter are charted per day; longer ones per month ('YYYY-MM'). */
export const DAILY_GRAPH_MAX_DAYS = 92;

export type GraphPeriod = 'day' | 'month';

const DAY_MS = 86_400_000;

/** The graph's period for the days from..to (inclusive, 'YYYY-MM-DD'). */
export function graphPeriodOf(range: { from: string; to: string }): GraphPeriod {
  const days = (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY_MS + 1;
  return days > DAILY_GRAPH_MAX_DAYS ? 'month' : 'day';
}

/** One point of the order report's graph: orders of a status in a day or month. */
export interface StatusPeriod {
  date: string;
  status_id: number;
  orders: number;
  total_cents: number;
  items: number;
}

/** The same point as the database answers it (sums are text on MySQL, NULL over no rows). */
interface StatusPeriodRow {
  date: string;
  status_id: NumericColumn;
  orders: NumericColumn;
  total_cents: NumericColumn | null;
  items: NumericColumn | null;
}

const statusPeriodOf = (row: StatusPeriodRow): StatusPeriod => ({
  date: String(row.date),
  status_id: count(row.status_id),
  orders: count(row.orders),
  total_cents: nullableCents(row.total_cents) ?? 0,
  items: count(row.items),
});

/** One of the order report's newest orders; `date` is the Nairobi day it was paid (paid ones) or placed (unpaid ones). */
export interface NewestOrder {
  id: number;
  order_number: string;
  total_cents: number;
  status_id: number;
  first_name: string;
  last_name: string;
  date: string;
  lines: number;
  quantity: number;
}

/** The same order as the database answers it (counts and sums are text on MySQL). */
interface NewestOrderRow {
  id: NumericColumn;
  order_number: string;
  total_cents: NumericColumn;
  status_id: NumericColumn;
  first_name: string;
  last_name: string;
  date: string;
  lines: NumericColumn;
  quantity: NumericColumn;
}

export class OrderReportReads {
  private readonly mysql: boolean;

  constructor(private readonly db: Knex) {
    this.mysql = dialectOf(db) === 'mysql';
  }

  /** A summary's `day` as the graph's date: 'YYYY-MM-DD' or 'YYYY-MM'. */
  private period(period: GraphPeriod): Knex.Raw {
    if (period === 'day') return this.mysql ? this.db.raw("DATE_FORMAT(`day`, '%Y-%m-%d')") : this.db.raw('`day`');
    return this.mysql ? this.db.raw("DATE_FORMAT(`day`, '%Y-%m')") : this.db.raw('substr(`day`, 1, 7)');
  }

  private grouped(table: string, range: { from: string; to: string }, period: GraphPeriod): Knex.QueryBuilder {
    const date = this.period(period);
    return this.db(table)
      .where('day', '>=', range.from)
      .where('day', '<=', range.to)
      .groupBy(date)
      .groupBy('status_id')
      .havingRaw('SUM(orders) <> 0')
      .select(
        this.db.raw('? as date', [date]),
        'status_id',
        this.db.raw('SUM(orders) as orders'),
        this.db.raw('SUM(total_cents) as total_cents'),
      );
  }

  /**
   * The graph's points in one statement: paid orders of the statuses (all when none) by day or
   * month paid, from report_paid_days (orders, totals, items); and the unpaid orders of
   * `unpaidStatuses` placed in the range, by day or month placed (no items sold): Cancelled ones
   * from report_placed_days, Pending ones counted live (in no summary: every checkout writes one,
   * and the reconciler cancels them within the hour). A status's paid and unpaid orders of one
   * period are two points here; the report adds them up.
   */
  async graph(
    range: { from: string; to: string },
    statuses: number[],
    unpaidStatuses: number[],
    period: GraphPeriod,
  ): Promise<StatusPeriod[]> {
    const paid = this.grouped('report_paid_days', range, period).select(this.db.raw('SUM(items) as items'));
    if (statuses.length) paid.whereIn('status_id', statuses);
    const parts: Knex.QueryBuilder[] = [];
    const summarised = unpaidStatuses.filter((status) => status !== STATUS.pending);
    if (summarised.length)
      parts.push(
        this.grouped('report_placed_days', range, period)
          .where('is_paid', false)
          .whereIn('status_id', summarised)
          .select(this.db.raw('0 as items')),
      );
    if (unpaidStatuses.includes(STATUS.pending)) {
      const { start, end } = nairobiRange(range.from, range.to);
      const placed = period === 'day' ? nairobiDaySql(this.db, 'created_at') : nairobiMonthSql(this.db, 'created_at');
      parts.push(
        this.db('orders')
          .where({ status_id: STATUS.pending, is_paid: false })
          .where('created_at', '>=', start)
          .where('created_at', '<', end)
          .groupBy(this.db.raw('?', [placed]))
          .select(
            this.db.raw('? as date', [placed]),
            this.db.raw('? as status_id', [STATUS.pending]),
            this.db.raw('COUNT(*) as orders'),
            this.db.raw('SUM(total_cents) as total_cents'),
            this.db.raw('0 as items'),
          ),
      );
    }
    // A builder of its own: one of the parts' own would put its GROUP BY after the union.
    const rows: StatusPeriodRow[] = await (parts.length ? this.db.queryBuilder().unionAll([paid, ...parts]) : paid);
    return rows.map(statusPeriodOf);
  }

  /**
   * The newest `limit` orders of the range, newest first, with their number of lines and items:
   * paid ones of the statuses (all when none) by the time paid, and unpaid ones of
   * `unpaidStatuses` by the time placed. One statement: each status's newest ids from its index
   * alone (orders(is_paid, status_id, paid_at) and orders(status_id, is_paid, created_at) hold the
   * id), merged and cut to `limit`, and only those read whole with their lines
   * (order_items(order_id, quantity)). Reading every status's newest whole was up to seven times
   * `limit` rows, and MariaDB then preferred orders(is_paid, paid_at), reading the range's other
   * statuses too; a statement per status and one for the kept orders were nine round trips, and
   * a year's merge of 3,500 ids and their instants cost this process more than the database.
   * When every status a paid order is listed under is asked ("All statuses", the screen's
   * default), the paid ones are one list from orders(is_paid, paid_at), newest first: `limit`
   * index entries instead of `limit` from each of five statuses' (2,500), all but `limit` of them
   * merged only to be dropped.
   */
  async newest(range: { from: string; to: string }, statuses: number[], unpaidStatuses: number[], limit: number): Promise<NewestOrder[]> {
    const { start, end } = nairobiRange(range.from, range.to);
    // Newest first by `at` ('paid_at' or 'created_at') among the rows `where` picks: an index's
    // newest end. A derived table each: SQLite takes no ORDER BY or LIMIT on a compound's members.
    const newestBy = (at: 'paid_at' | 'created_at', where: Record<string, number | boolean>, name: string, notStatus?: number) =>
      this.db
        .from(
          this.db('orders')
            .where(where)
            .modify((rows: Knex.QueryBuilder) => {
              if (notStatus !== undefined) rows.whereNot('status_id', notStatus);
            })
            .where(at, '>=', start)
            .where(at, '<', end)
            .orderBy(at, 'desc')
            .orderBy('id', 'desc')
            .limit(limit)
            .select('id', `${at} as at`)
            .as(name),
        )
        .select('id', 'at');
    // A paid order is listed under its status unless that is Pending (as before: a paid order is never Pending).
    const paidStatuses = statuses.filter((status) => status !== STATUS.pending);
    const everyPaidStatus = PAID_LISTED.every((status) => paidStatuses.includes(status));
    const lists =
      statuses.length === 0
        ? [newestBy('paid_at', { is_paid: true }, 'paid')]
        : [
            ...(everyPaidStatus
              ? [newestBy('paid_at', { is_paid: true }, 'paid', STATUS.pending)]
              : paidStatuses.map((status) => newestBy('paid_at', { is_paid: true, status_id: status }, `paid_${status}`))),
            ...unpaidStatuses.map((status) => newestBy('created_at', { status_id: status, is_paid: false }, `unpaid_${status}`)),
          ];
    if (lists.length === 0) return [];
    const [first, ...rest] = lists as [Knex.QueryBuilder, ...Knex.QueryBuilder[]];
    const kept = (rest.length ? first.unionAll(rest) : first).orderBy('at', 'desc').orderBy('id', 'desc').limit(limit);
    const shown = ['o.order_number', 'o.total_cents', 'o.status_id', 'o.first_name', 'o.last_name'];
    const rows: NewestOrderRow[] = await this.db
      .from(kept.as('n'))
      .join('orders as o', 'o.id', 'n.id')
      .leftJoin('order_items as i', 'i.order_id', 'n.id')
      // Every column shown is grouped on (MySQL's ONLY_FULL_GROUP_BY); one order is one group.
      .groupBy('n.at', 'n.id', ...shown)
      .orderBy('n.at', 'desc')
      .orderBy('n.id', 'desc')
      .select(
        'n.id',
        this.db.raw('? as date', [nairobiDaySql(this.db, 'n.at')]),
        ...shown,
        this.db.raw('COUNT(i.order_id) as ??', ['lines']),
        this.db.raw('COALESCE(SUM(i.quantity), 0) as quantity'),
      );
    return rows.map((order) => ({
      id: count(order.id),
      order_number: order.order_number,
      total_cents: cents(order.total_cents),
      status_id: count(order.status_id),
      first_name: order.first_name,
      last_name: order.last_name,
      date: String(order.date),
      lines: count(order.lines),
      quantity: count(order.quantity),
    }));
  }
}
