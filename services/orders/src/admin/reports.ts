import type { Knex } from 'knex';
import type { AdminReportQuery, CategoryReport, ColouredSeries, DashboardToday, LabelledSeries, MonthlySalesTotal, OrderReport, ProductReport, ReportGraphRow, ReportTotals, RevenueReport } from '@shop/api-types';
import { fromCents } from '@shop/money';
import { ORDER_STATUSES, orderStatus, STATUS } from '../orders/statuses';
import { lastTwelveMonths, nairobiDay, nairobiDaySql, nairobiMonthSql, nairobiRange } from './days';

/**
 * Dashboard and reports, per REPORT_RULES: only paid orders (is_paid = 1) whose paid_at falls in
 * the Nairobi days asked; gross = sum of line totals; net = gross - coupon - points discounts;
 * total = net (delivery is free); items sold = sum of quantities.
 *
 * Per category / product / brand, an order's discounts (coupon + points) are allocated to its
 * lines in proportion to their line totals: line net = line total - discounts x line total /
 * order subtotal. The shares of an order's lines add up to its discounts, so unfiltered line sums
 * equal the order sums; each group is rounded to the cent once, at the end.
 */

const NET_LINE = '(oi.line_total_cents - (o.discount_cents + o.points_discount_cents) * 1.0 * oi.line_total_cents / (CASE WHEN o.subtotal_cents > 0 THEN o.subtotal_cents ELSE 1 END))';

const ksh = (cents: unknown): number => fromCents(Math.round(Number(cents ?? 0)));

/** Eight distinct bar colours for the depot chart. */
export const BAR_COLOURS = ['#2563eb', '#16a34a', '#f59e0b', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#65a30d'];

export class Reports {
  constructor(
    private readonly db: Knex,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Paid orders whose paid_at is within the Nairobi days of the range. */
  private paid(range: { from: string; to: string }, alias = 'o'): Knex.QueryBuilder {
    const { start, end } = nairobiRange(range.from, range.to);
    return this.db(`orders as ${alias}`).where(`${alias}.is_paid`, true).where(`${alias}.paid_at`, '>=', start).where(`${alias}.paid_at`, '<', end);
  }

  /** Lines of paid orders in the range, filtered by category and brand. */
  private lines(query: AdminReportQuery): Knex.QueryBuilder {
    const lines = this.paid(query.daterange).join('order_items as oi', 'oi.order_id', 'o.id');
    if (query.category_ids?.length) lines.whereIn('oi.category_id', query.category_ids);
    if (query.brand_ids?.length) lines.whereIn('oi.brand_id', query.brand_ids);
    return lines;
  }

  private async lineTotals(query: AdminReportQuery): Promise<ReportTotals & { gross_cents: number }> {
    const [row] = await this.lines(query).select(
      this.db.raw('COUNT(DISTINCT o.id) as orders'),
      this.db.raw(`SUM(${NET_LINE}) as net`),
      this.db.raw('SUM(oi.line_total_cents) as gross'),
      this.db.raw('SUM(oi.quantity) as items'),
    );
    return totalsOf(Number(row?.orders ?? 0), Number(row?.net ?? 0), Number(row?.items ?? 0), Number(row?.gross ?? 0));
  }

  private async categoriesSold(): Promise<Array<{ id: number; name: string }>> {
    const rows: Array<{ id: number; name: string }> = await this.db('order_items').groupBy('category_id').select('category_id as id', this.db.raw('MAX(category_name) as name')).orderBy('name');
    return rows.map((row) => ({ id: Number(row.id), name: row.name }));
  }

  private async brandsSold(): Promise<Array<{ id: number; name: string }>> {
    const rows: Array<{ id: number; name: string }> = await this.db('order_items').whereNotNull('brand_id').groupBy('brand_id').select('brand_id as id', this.db.raw('MAX(brand_name) as name')).orderBy('name');
    return rows.map((row) => ({ id: Number(row.id), name: row.name }));
  }

  async categoryReport(query: AdminReportQuery): Promise<CategoryReport> {
    const day = nairobiDaySql(this.db, 'o.paid_at');
    const [graph, categories, totals, all] = await Promise.all([
      this.lines(query)
        .select(this.db.raw('?? as date', [day]), 'oi.category_id', this.db.raw('MAX(oi.category_name) as category_name'), this.db.raw(`SUM(${NET_LINE}) as net`), this.db.raw('SUM(oi.quantity) as items'))
        .groupBy(this.db.raw('??', [day]))
        .groupBy('oi.category_id')
        .orderBy('date')
        .orderBy('oi.category_id'),
      this.lines(query).select('oi.category_id', this.db.raw('MAX(oi.category_name) as category_name'), this.db.raw(`SUM(${NET_LINE}) as net`), this.db.raw('SUM(oi.quantity) as items')).groupBy('oi.category_id').orderBy('net', 'desc').orderBy('oi.category_id'),
      this.lineTotals(query),
      this.categoriesSold(),
    ]);
    return {
      graph_data: graph.map((row: Record<string, unknown>): ReportGraphRow => ({ date: String(row.date), category_id: Number(row.category_id), category_name: String(row.category_name), net_sales: ksh(row.net), items_sold: Number(row.items) })),
      totals: publicTotals(totals),
      all_categories: all,
      categories: categories.map((row: Record<string, unknown>) => ({ category_id: Number(row.category_id), category_name: String(row.category_name), net_sales: ksh(row.net), items_sold: Number(row.items) })),
    };
  }

  private async dailyLines(query: AdminReportQuery): Promise<Array<{ date: string; orders: number; net: number; gross: number; items: number }>> {
    const day = nairobiDaySql(this.db, 'o.paid_at');
    const rows = await this.lines(query)
      .select(this.db.raw('?? as date', [day]), this.db.raw('COUNT(DISTINCT o.id) as orders'), this.db.raw(`SUM(${NET_LINE}) as net`), this.db.raw('SUM(oi.line_total_cents) as gross'), this.db.raw('SUM(oi.quantity) as items'))
      .groupBy(this.db.raw('??', [day]))
      .orderBy('date');
    return rows.map((row: Record<string, unknown>) => ({ date: String(row.date), orders: Number(row.orders), net: Number(row.net), gross: Number(row.gross), items: Number(row.items) }));
  }

  async productReport(query: AdminReportQuery): Promise<ProductReport> {
    const [daily, products, totals, categories, brands] = await Promise.all([
      this.dailyLines(query),
      this.lines(query).select('oi.product_id', this.db.raw('MAX(oi.product_name) as product_name'), this.db.raw(`SUM(${NET_LINE}) as net`), this.db.raw('SUM(oi.quantity) as items')).groupBy('oi.product_id').orderBy('net', 'desc').orderBy('oi.product_id'),
      this.lineTotals(query),
      this.categoriesSold(),
      this.brandsSold(),
    ]);
    return {
      graph_data: daily.map((row) => ({ date: row.date, net_sales: ksh(row.net), items_sold: row.items, orders: row.orders })),
      totals: publicTotals(totals),
      categories,
      brands,
      products: products.map((row: Record<string, unknown>) => ({ product_id: Number(row.product_id), product_name: String(row.product_name), net_sales: ksh(row.net), items_sold: Number(row.items) })),
    };
  }

  async revenueReport(query: AdminReportQuery): Promise<RevenueReport> {
    const [daily, totals, categories, brands] = await Promise.all([this.dailyLines(query), this.lineTotals(query), this.categoriesSold(), this.brandsSold()]);
    return {
      graph_data: daily.map((row) => ({ date: row.date, net_sales: ksh(row.net), items_sold: row.items, orders: row.orders })),
      revenue_data: daily.map((row) => ({ date: row.date, orders: row.orders, gross_sales: ksh(row.gross), net_sales: ksh(row.net), total_sales: ksh(row.net) })),
      totals: publicTotals(totals),
      categories,
      brands,
    };
  }

  /** Paid orders in the range by status (the status they have now). Whole orders: no allocation needed. */
  async orderReport(query: AdminReportQuery): Promise<OrderReport> {
    const orders = () => {
      const q = this.paid(query.daterange);
      if (query.status_ids?.length) q.whereIn('o.status_id', query.status_ids);
      return q;
    };
    const itemsPerOrder = this.db('order_items').select('order_id').count({ lines: '*' }).sum({ quantity: 'quantity' }).groupBy('order_id').as('i');
    const day = nairobiDaySql(this.db, 'o.paid_at');
    const [rows, graph] = await Promise.all([
      orders()
        .leftJoin(itemsPerOrder, 'i.order_id', 'o.id')
        .orderBy('o.paid_at', 'desc')
        .orderBy('o.id', 'desc')
        .select('o.order_number', 'o.total_cents', 'o.paid_at', 'o.status_id', 'o.first_name', 'o.last_name', 'i.lines', 'i.quantity'),
      orders()
        .leftJoin(itemsPerOrder, 'i.order_id', 'o.id')
        .select(this.db.raw('?? as date', [day]), 'o.status_id', this.db.raw('COUNT(*) as orders'), this.db.raw('SUM(o.total_cents) as net'), this.db.raw('SUM(i.quantity) as items'))
        .groupBy(this.db.raw('??', [day]))
        .groupBy('o.status_id')
        .orderBy('date')
        .orderBy('o.status_id'),
    ]);
    let net = 0;
    let items = 0;
    const list = rows.map((row: Record<string, unknown>) => {
      net += Number(row.total_cents);
      items += Number(row.quantity ?? 0);
      return {
        order_number: String(row.order_number),
        total_amount: ksh(row.total_cents),
        date: nairobiDay(toDate(row.paid_at as Date | string)),
        status_name: orderStatus(Number(row.status_id)).name,
        customer_name: `${row.first_name} ${row.last_name}`,
        items_count: Number(row.lines ?? 0),
        items_sold: Number(row.quantity ?? 0),
      };
    });
    return {
      graph_data: graph.map((row: Record<string, unknown>): ReportGraphRow => ({
        date: String(row.date),
        status_id: Number(row.status_id),
        status_name: orderStatus(Number(row.status_id)).name,
        net_sales: ksh(row.net),
        items_sold: Number(row.items ?? 0),
        orders: Number(row.orders),
      })),
      orders: list,
      statuses: ORDER_STATUSES.map(({ id, name }) => ({ id, name })),
      totals: publicTotals(totalsOf(list.length, net, items, 0)),
    };
  }

  // -------------------------------------------------------------------------------------------
  // Dashboard.

  /** Paid sales by county of delivery, top 8, KSh. */
  async depot(): Promise<ColouredSeries> {
    const rows: Array<{ county_name: string; total: number | string }> = await this.db('orders').where('is_paid', true).groupBy('county_name').select('county_name', this.db.raw('SUM(total_cents) as total')).orderBy('total', 'desc').orderBy('county_name').limit(8);
    return { labels: rows.map((row) => row.county_name), data: rows.map((row) => ksh(row.total)), color: rows.map((_, i) => BAR_COLOURS[i % BAR_COLOURS.length]!) };
  }

  /** Orders per status: counts in data, the status colours in color. */
  async statusReport(): Promise<ColouredSeries> {
    const rows: Array<{ status_id: number; count: number | string }> = await this.db('orders').groupBy('status_id').select('status_id').count({ count: '*' });
    const counts = new Map(rows.map((row) => [Number(row.status_id), Number(row.count)]));
    return { labels: ORDER_STATUSES.map((s) => s.name), data: ORDER_STATUSES.map((s) => counts.get(s.id) ?? 0), color: ORDER_STATUSES.map((s) => s.color) };
  }

  /** Paid revenue per Nairobi month of payment, the last 12 months, KSh. */
  async revenueChart(): Promise<LabelledSeries> {
    const months = lastTwelveMonths(this.clock());
    const month = nairobiMonthSql(this.db, 'paid_at');
    const rows: Array<{ month: string; total: number | string }> = await this.db('orders').where('is_paid', true).where('paid_at', '>=', months.start).select(this.db.raw('?? as month', [month]), this.db.raw('SUM(total_cents) as total')).groupBy(this.db.raw('??', [month]));
    const by = new Map(rows.map((row) => [String(row.month), Number(row.total)]));
    return { labels: months.labels, data: months.keys.map((key) => ksh(by.get(key) ?? 0)) };
  }

  /** Orders placed per Nairobi month, the last 12 months. */
  async monthlySalesTotal(): Promise<MonthlySalesTotal> {
    const months = lastTwelveMonths(this.clock());
    const month = nairobiMonthSql(this.db, 'created_at');
    const rows: Array<{ month: string; count: number | string }> = await this.db('orders').where('created_at', '>=', months.start).select(this.db.raw('?? as month', [month]), this.db.raw('COUNT(*) as count')).groupBy(this.db.raw('??', [month]));
    const by = new Map(rows.map((row) => [String(row.month), Number(row.count)]));
    return { labels: months.labels, datasets: [{ label: 'Orders', data: months.keys.map((key) => by.get(key) ?? 0) }] };
  }

  /** Today in Nairobi: orders placed, revenue paid; and all unpaid Pending orders. */
  async today(): Promise<DashboardToday> {
    const today = nairobiDay(this.clock());
    const { start, end } = nairobiRange(today, today);
    const [[placed], [paid], [pending]] = await Promise.all([
      this.db('orders').where('created_at', '>=', start).where('created_at', '<', end).count({ count: '*' }),
      this.db('orders').where('is_paid', true).where('paid_at', '>=', start).where('paid_at', '<', end).sum({ total: 'total_cents' }),
      this.db('orders').where({ is_paid: false, status_id: STATUS.pending }).select(this.db.raw('COUNT(*) as count'), this.db.raw('SUM(total_cents) as total')),
    ]);
    return {
      orders_today: Number(placed?.count ?? 0),
      revenue_today: ksh(paid?.total ?? 0),
      pending_payments: Number(pending?.count ?? 0),
      pending_payments_value: ksh(pending?.total ?? 0),
    };
  }
}

function toDate(value: Date | string): Date {
  return value instanceof Date ? value : new Date(`${value.replace(' ', 'T')}${/Z|[+-]\d\d:?\d\d$/.test(value) ? '' : 'Z'}`);
}

function totalsOf(orders: number, netCents: number, items: number, grossCents: number): ReportTotals & { gross_cents: number } {
  const net = Math.round(netCents);
  return { orders, net_sales: ksh(net), items_sold: items, total_sales: ksh(net), average_order_value: orders === 0 ? 0 : ksh(Math.round(net / orders)), gross_cents: grossCents };
}

function publicTotals(totals: ReportTotals & { gross_cents: number }): ReportTotals {
  const { gross_cents: _gross, ...rest } = totals;
  return rest;
}
