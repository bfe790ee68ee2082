import type { Knex } from 'knex';
import type {
  AdminReportQuery,
  CategoryReport,
  CategorySales,
  ColouredSeries,
  DashboardToday,
  LabelledSeries,
  MonthlySalesTotal,
  OrderReport,
  ProductReport,
  ReportGraphRow,
  ReportTotals,
  RevenueReport,
} from '@shop/api-types';
import { fromCents } from '@shop/money';
import { cents, count, decimal, dialectOf, nullableCents, type NumericColumn } from '@shop/service-kit';
import { ORDER_STATUSES, orderStatus, STATUS } from '../orders/statuses';
import { lastTwelveMonths, nairobiDay, nairobiMonthSql, nairobiRange } from './days';
import { graphPeriodOf, OrderReportReads, type GraphPeriod } from './order-report-reads';

/**
 * Dashboard and reports, per REPORT_RULES: only paid orders (is_paid = 1) whose paid_at falls in
 * the Nairobi days asked; gross = sum of line totals; net = gross - coupon - points discounts;
 * total = net (delivery is free); items sold = sum of quantities.
 *
 * Per category / product / brand, an order's discounts (coupon + points) are allocated to its
 * lines in proportion to their line totals: line net = line total - discounts x line total /
 * order subtotal. The shares of an order's lines add up to its discounts, so unfiltered line sums
 * equal the order sums; each group is rounded to the cent once, at the end.
 *
 * Everything is read from the daily summaries (summaries.ts), which triggers keep equal to those
 * sums over orders and their lines, so a report costs the same whatever the number of orders:
 * rows per day of the range, not per order. Only the order report's table reads orders, the
 * newest ORDER_REPORT_MAX_ROWS of the range.
 *
 * Every report's graph is per day up to a quarter and per Nairobi month beyond (graphPeriodOf,
 * order-report-reads.ts): a year of days was up to 2,920 points (320 KB) for a chart 12 months
 * wide. A month's point is its days' sums, its net rounded once; whole months are read from the
 * month roll-ups and only the days at either end of the range from the day tables.
 */

/** The order report lists at most this many orders (the newest); its cards and charts count them all (every order is in Orders, with its CSV export). */
export const ORDER_REPORT_MAX_ROWS = 500;

/** Unrounded cents (a sum of allocated net sales) to KSh, rounded to the cent once. */
const ksh = (unrounded: number): number => fromCents(Math.round(unrounded));

/** Eight distinct bar colours for the depot chart. */
export const BAR_COLOURS = ['#2563eb', '#16a34a', '#f59e0b', '#dc2626', '#7c3aed', '#0891b2', '#db2777', '#65a30d'];

interface DayFigures {
  date: string;
  orders: number;
  net: number;
  gross: number;
  items: number;
}

export class Reports {
  private readonly mysql: boolean;
  private readonly orderReads: OrderReportReads;

  constructor(
    private readonly db: Knex,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.mysql = dialectOf(db) === 'mysql';
    this.orderReads = new OrderReportReads(db);
  }

  /** A summary's day as 'YYYY-MM-DD' (MySQL keeps a DATE). */
  private date(column = 'day'): Knex.Raw {
    return this.mysql ? this.db.raw("DATE_FORMAT(??, '%Y-%m-%d')", [column]) : this.db.raw('??', [column]);
  }

  private month(column = 'day'): Knex.Raw {
    return this.mysql ? this.db.raw("DATE_FORMAT(??, '%Y-%m')", [column]) : this.db.raw('substr(??, 1, 7)', [column]);
  }

  /** Summary rows of the days of a range. */
  private days(table: string, range: { from: string; to: string }): Knex.QueryBuilder {
    return this.db(table).where('day', '>=', range.from).where('day', '<=', range.to);
  }

  /** Paid lines of the days from..to in a line table (by day), filtered by category and brand. */
  private lines(
    table: 'report_category_days' | 'report_product_days',
    query: AdminReportQuery,
    range: { from: string; to: string } = query.daterange,
  ): Knex.QueryBuilder {
    return this.filtered(this.days(table, range), query);
  }

  private filtered(rows: Knex.QueryBuilder, query: AdminReportQuery): Knex.QueryBuilder {
    if (query.category_ids?.length) rows.whereIn('category_id', query.category_ids);
    if (query.brand_ids?.length) rows.whereIn('brand_id', query.brand_ids);
    return rows;
  }

  /**
   * The filtered paid lines of the range as `columns`: whole months from report_product_months,
   * the days at either end from `days`. A year is 12 rows a product instead of 365.
   */
  private byMonthsAndDays(
    query: AdminReportQuery,
    days: 'report_category_days' | 'report_product_days',
    columns: string[],
  ): Knex.QueryBuilder {
    const { months, before, after } = splitByMonths(query.daterange.from, query.daterange.to);
    const parts: Knex.QueryBuilder[] = [];
    if (months)
      parts.push(
        this.filtered(this.db('report_product_months').where('month', '>=', months.from).where('month', '<', months.to), query).select(
          columns,
        ),
      );
    for (const range of [before, after]) if (range) parts.push(this.lines(days, query, range).select(columns));
    const [first, ...rest] = parts as [Knex.QueryBuilder, ...Knex.QueryBuilder[]];
    return rest.length ? first.unionAll(rest) : first;
  }

  /**
   * The filtered paid lines of the range per product and per category, largest net sales first,
   * leaving out those adding up to no items: one read of whole months from the months table and
   * the days at either end from the days table, grouped by product and category; the product list
   * and the "Sales per Category" chart are summed here from those groups (a product's lines are
   * nearly always of one category), not read a second time.
   */
  private async productAndCategorySales(query: AdminReportQuery): Promise<{
    products: Array<{ product_id: number; product_name: string; net_sales: number; items_sold: number }>;
    categories: CategorySales[];
  }> {
    const lines = this.byMonthsAndDays(query, 'report_product_days', [
      'product_id',
      'product_name',
      'category_id',
      'category_name',
      'net_cents',
      'items',
    ]);
    const rows: Array<{
      product_id: number;
      product_name: string;
      category_id: number;
      category_name: string;
      net: NumericColumn;
      items: NumericColumn;
    }> = await this.db
      .from(lines.as('product_lines'))
      .groupBy('product_id', 'category_id')
      .select(
        'product_id',
        'category_id',
        this.db.raw('MAX(product_name) as product_name'),
        this.db.raw('MAX(category_name) as category_name'),
        this.db.raw('SUM(net_cents) as net'),
        this.db.raw('SUM(items) as items'),
      );
    return {
      products: salesPerGroup(
        rows,
        (row) => row.product_id,
        (row) => String(row.product_name),
      ).map((group) => ({ product_id: group.id, product_name: group.name, net_sales: ksh(group.net), items_sold: group.items })),
      categories: categorySalesOf(rows),
    };
  }

  /**
   * How lineOrders counts the filtered orders: all orders with lines (no filter, or every basket
   * matches); the orders of the matching baskets, when they are no more than the others; or all
   * orders with lines less those of the other baskets. No statement without a filter, nor when
   * `sold` (every category on any line) shows that the filter's categories take in every line.
   */
  private async basketChoice(
    query: AdminReportQuery,
    sold?: Array<{ id: number }>,
  ): Promise<{ count: 'all' | 'matching' | 'allButOthers'; ids: number[] }> {
    const categories = query.category_ids ?? [];
    const brands = query.brand_ids ?? [];
    if (categories.length === 0 && brands.length === 0) return { count: 'all', ids: [] };
    if (brands.length === 0 && sold?.every((category) => categories.includes(category.id))) return { count: 'all', ids: [] };
    const conditions = [
      ...(categories.length ? [`category_id IN (${categories.map(() => '?').join(', ')})`] : []),
      ...(brands.length ? [`brand_id IN (${brands.map(() => '?').join(', ')})`] : []),
    ];
    const baskets: Array<{ basket_id: number; matches: NumericColumn }> = await this.db('report_basket_pairs')
      .groupBy('basket_id')
      .select(
        'basket_id',
        this.db.raw(`MAX(CASE WHEN ${conditions.join(' AND ')} THEN 1 ELSE 0 END) as matches`, [...categories, ...brands]),
      );
    const matching = baskets.filter((basket) => count(basket.matches) === 1).map((basket) => basket.basket_id);
    const others = baskets.filter((basket) => count(basket.matches) !== 1).map((basket) => basket.basket_id);
    if (others.length === 0) return { count: 'all', ids: [] };
    if (matching.length <= others.length) return { count: 'matching', ids: matching };
    return { count: 'allButOthers', ids: others };
  }

  /**
   * Per day, the paid orders with at least one line matching the filter (each order once, however
   * many of its lines match): from the baskets (sets of category-brand pairs) that match, or, when
   * fewer baskets do not match, all orders with lines less those of the baskets that do not; and
   * when every basket matches (the category report preselects every category), all of them.
   * Without `perDay`, one figure for the whole range (under the key 'range').
   */
  private async lineOrders(query: AdminReportQuery, perDay: boolean, sold?: Array<{ id: number }>): Promise<Map<string, number>> {
    const range = query.daterange;
    const grouped = (rows: Knex.QueryBuilder, sum: string) =>
      perDay
        ? rows.select(this.db.raw('? as date', [this.date()]), this.db.raw(`SUM(${sum}) as orders`)).groupBy('day')
        : rows.select(this.db.raw("'range' as date"), this.db.raw(`SUM(${sum}) as orders`));
    const withLines = () => grouped(this.days('report_paid_days', range), 'lined_orders');
    // Per day from the days table; for the whole range, whole months from the months table and the days at either end.
    const ofBaskets = (ids: number[]) =>
      perDay
        ? grouped(this.days('report_basket_days', range).whereIn('basket_id', ids), 'orders')
        : grouped(this.db.from(this.basketMonthsAndEdges(range, ids).as('basket_orders')), 'orders');
    const byDay = (rows: Array<{ date: string; orders: NumericColumn }>) =>
      new Map(rows.map((row) => [String(row.date), count(row.orders)]));

    const choice = await this.basketChoice(query, sold);
    let all: Map<string, number>;
    if (choice.count === 'all') {
      all = byDay(await withLines());
    } else if (choice.count === 'matching') {
      all = choice.ids.length === 0 ? new Map() : byDay(await ofBaskets(choice.ids));
    } else {
      const [lined, excluded] = await Promise.all([withLines(), ofBaskets(choice.ids)]);
      all = byDay(lined);
      for (const [date, orders] of byDay(excluded)) all.set(date, (all.get(date) ?? 0) - orders);
    }
    return new Map([...all].filter(([, orders]) => orders !== 0));
  }

  /** A summary row's graph date: its day ('YYYY-MM-DD') or its month ('YYYY-MM'). */
  private periodOf(period: GraphPeriod, column: string): Knex.Raw {
    return period === 'day' ? this.date(column) : this.month(column);
  }

  /**
   * The filtered paid lines of the range, for a caller to add up per `date` (the graph's day or
   * month, `group` its GROUP BY) into net_cents, gross_cents and items, per category too with
   * `perCategory` (category_id and category_name): per day, report_category_days; per month, whole
   * months from report_product_months and the days at either end from report_category_days (a
   * month at either end holds only the range's days of it). A year is some 600 month rows and a
   * few dozen days instead of 365 days of every category and brand.
   */
  private periodLineRows(
    query: AdminReportQuery,
    period: GraphPeriod,
    perCategory: boolean,
  ): { rows: Knex.QueryBuilder; date: Knex.Raw; group: string } {
    if (period === 'day') return { rows: this.lines('report_category_days', query), date: this.date(), group: 'day' };
    const columns = [...(perCategory ? ['category_id', 'category_name'] : []), 'net_cents', 'gross_cents', 'items'];
    const { months, before, after } = splitByMonths(query.daterange.from, query.daterange.to);
    const parts: Knex.QueryBuilder[] = [];
    if (months)
      parts.push(
        this.filtered(this.db('report_product_months').where('month', '>=', months.from).where('month', '<', months.to), query).select(
          this.db.raw('? as date', [this.month('month')]),
          ...columns,
        ),
      );
    for (const edge of [before, after])
      if (edge) parts.push(this.lines('report_category_days', query, edge).select(this.db.raw('? as date', [this.month()]), ...columns));
    const [first, ...rest] = parts as [Knex.QueryBuilder, ...Knex.QueryBuilder[]];
    return {
      rows: this.db.from((rest.length ? first.unionAll(rest) : first).as('period_lines')),
      date: this.db.raw('??', ['date']),
      group: 'date',
    };
  }

  /**
   * The orders of the baskets `ids` over a range as one UNION ALL: whole months from
   * report_basket_months, the days at either end from report_basket_days (13 rows a basket for a
   * year, not 365). With `dated`, each row also says its graph date: its month, or its edge day's
   * date in the graph's period.
   */
  private basketMonthsAndEdges(
    range: { from: string; to: string },
    ids: number[],
    dated?: { month: Knex.Raw; day: Knex.Raw },
  ): Knex.QueryBuilder {
    const dateOf = (date: Knex.Raw | undefined) => (date ? [this.db.raw('? as date', [date])] : []);
    const { months, before, after } = splitByMonths(range.from, range.to);
    const parts: Knex.QueryBuilder[] = [];
    if (months)
      parts.push(
        this.db('report_basket_months')
          .where('month', '>=', months.from)
          .where('month', '<', months.to)
          .whereIn('basket_id', ids)
          .select(...dateOf(dated?.month), 'orders'),
      );
    for (const edge of [before, after])
      if (edge)
        parts.push(
          this.days('report_basket_days', edge)
            .whereIn('basket_id', ids)
            .select(...dateOf(dated?.day), 'orders'),
        );
    const [first, ...rest] = parts as [Knex.QueryBuilder, ...Knex.QueryBuilder[]];
    return rest.length ? first.unionAll(rest) : first;
  }

  /**
   * The paid orders counted per graph period as rows of (part, date, orders, 0, 0, 0) for
   * periodFigures' union: `of.paid` summed from report_paid_days per day or month, or the orders of
   * the baskets `of.baskets`: per day from report_basket_days; per month from report_basket_months'
   * whole months and report_basket_days' days at either end (13 rows a basket for a year, not 365).
   */
  private periodOrders(
    range: { from: string; to: string },
    period: GraphPeriod,
    of: { paid: string } | { baskets: number[] },
    part: 'lined' | 'others',
  ): Knex.QueryBuilder {
    const counted = (rows: Knex.QueryBuilder, date: Knex.Raw, sum: string, group: Knex.Raw | string) =>
      rows
        .select(
          this.db.raw('? as part', [part]),
          this.db.raw('? as date', [date]),
          this.db.raw(`SUM(${sum}) as orders`),
          this.db.raw('0 as net'),
          this.db.raw('0 as gross'),
          this.db.raw('0 as items'),
        )
        .groupBy(group);
    const day = this.periodOf(period, 'day');
    const dayGroup = period === 'day' ? 'day' : this.db.raw('?', [day]);
    if ('paid' in of) return counted(this.days('report_paid_days', range), day, of.paid, dayGroup);
    if (period === 'day') return counted(this.days('report_basket_days', range).whereIn('basket_id', of.baskets), day, 'orders', dayGroup);
    const dated = { month: this.month('month'), day };
    return counted(
      this.db.from(this.basketMonthsAndEdges(range, of.baskets, dated).as(`${part}_baskets`)),
      this.db.raw('??', ['date']),
      'orders',
      'date',
    );
  }

  /**
   * Net, gross, items and orders per day or month (the graph's period) of the filtered lines: the
   * period rows of the lines and the period counts lineOrders would read (after its choice of
   * baskets) in one UNION ALL, each row saying which it is.
   */
  private async periodFigures(query: AdminReportQuery, period: GraphPeriod): Promise<DayFigures[]> {
    const range = query.daterange;
    const choice = await this.basketChoice(query);
    const lines = this.periodLineRows(query, period, false);
    const parts = [
      lines.rows
        .select(
          this.db.raw("'lines' as part"),
          this.db.raw('? as date', [lines.date]),
          this.db.raw('0 as orders'),
          this.db.raw('SUM(net_cents) as net'),
          this.db.raw('SUM(gross_cents) as gross'),
          this.db.raw('SUM(items) as items'),
        )
        .groupBy(lines.group)
        .havingRaw('SUM(items) <> 0'),
    ];
    if (choice.count !== 'matching') parts.push(this.periodOrders(range, period, { paid: 'lined_orders' }, 'lined'));
    if (choice.count === 'matching' && choice.ids.length) parts.push(this.periodOrders(range, period, { baskets: choice.ids }, 'lined'));
    if (choice.count === 'allButOthers') parts.push(this.periodOrders(range, period, { baskets: choice.ids }, 'others'));
    const rows: Array<{
      part: string;
      date: string;
      orders: NumericColumn;
      net: NumericColumn;
      gross: NumericColumn;
      items: NumericColumn;
    }> = await this.db.queryBuilder().unionAll(parts);
    const orders = new Map<string, number>();
    for (const row of rows)
      if (row.part !== 'lines')
        orders.set(String(row.date), (orders.get(String(row.date)) ?? 0) + (row.part === 'others' ? -1 : 1) * count(row.orders));
    return rows
      .filter((row) => row.part === 'lines')
      .map((row) => ({
        date: String(row.date),
        orders: orders.get(String(row.date)) ?? 0,
        net: decimal(row.net),
        gross: cents(row.gross),
        items: count(row.items),
      }))
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }

  /**
   * The filtered lines of the range per category, largest net sales first. The revenue and product
   * reports' day figures carry no category, so their "Sales per Category" chart reads this.
   */
  private async categorySales(query: AdminReportQuery): Promise<CategorySales[]> {
    const lines = this.byMonthsAndDays(query, 'report_category_days', ['category_id', 'category_name', 'net_cents', 'items']);
    const rows: Array<{ category_id: number; category_name: string; net: NumericColumn; items: NumericColumn }> = await this.db
      .from(lines.as('category_lines'))
      .groupBy('category_id')
      .select(
        'category_id',
        this.db.raw('MAX(category_name) as category_name'),
        this.db.raw('SUM(net_cents) as net'),
        this.db.raw('SUM(items) as items'),
      );
    return categorySalesOf(rows);
  }

  private totalsOfDays(days: DayFigures[]): ReportTotals {
    const sum = (pick: (day: DayFigures) => number) => days.reduce((total, day) => total + pick(day), 0);
    return totalsOf(
      sum((d) => d.orders),
      sum((d) => d.net),
      sum((d) => d.items),
    );
  }

  private categoriesSoldQuery(): Knex.QueryBuilder {
    // Every category on any order line (paid or not), read from the (category_id, category_name) index.
    return this.db('order_items')
      .groupBy('category_id')
      .select(this.db.raw("'category' as list"), 'category_id as id', this.db.raw('MAX(category_name) as name'));
  }

  private async categoriesSold(): Promise<Array<{ id: number; name: string }>> {
    const rows: Array<{ id: number; name: string }> = await this.categoriesSoldQuery().orderBy('name');
    return rows.map(({ id, name }) => ({ id, name }));
  }

  /** The category and brand pick-lists in one statement, each by name; brands from the (brand_id, brand_name) index. */
  private async categoriesAndBrandsSold(): Promise<{
    categories: Array<{ id: number; name: string }>;
    brands: Array<{ id: number; name: string }>;
  }> {
    const brands = this.db('order_items')
      .whereNotNull('brand_id')
      .groupBy('brand_id')
      .select(this.db.raw("'brand' as list"), 'brand_id as id', this.db.raw('MAX(brand_name) as name'));
    const rows: Array<{ list: string; id: number; name: string }> = await this.db
      .queryBuilder()
      .unionAll([this.categoriesSoldQuery(), brands])
      .orderBy('list', 'desc')
      .orderBy('name');
    const of = (list: string) => rows.filter((row) => row.list === list).map(({ id, name }) => ({ id: count(id), name }));
    return { categories: of('category'), brands: of('brand') };
  }

  async categoryReport(query: AdminReportQuery): Promise<CategoryReport> {
    const sold = this.categoriesSold();
    // A long range is charted per month, as the other reports' (a year of days was 2,920 points, 320 KB).
    const lines = this.periodLineRows(query, graphPeriodOf(query.daterange), true);
    const [days, orders, all] = await Promise.all([
      lines.rows
        .select(
          this.db.raw('? as date', [lines.date]),
          'category_id',
          this.db.raw('MAX(category_name) as category_name'),
          this.db.raw('SUM(net_cents) as net'),
          this.db.raw('SUM(items) as items'),
        )
        .groupBy(lines.group)
        .groupBy('category_id')
        .orderBy(lines.group)
        .orderBy('category_id') as Promise<
        Array<{ date: string; category_id: number; category_name: string; net: NumericColumn; items: NumericColumn }>
      >,
      // The screen's default names every category: the pick-list then shows every line matches.
      sold.then((categories) => this.lineOrders(query, false, categories)),
      sold,
    ]);
    // The per-category list is summed here from the same day rows (one scan of the summary, not
    // two); a day's row and a category count when their items do not add up to 0, as before.
    const byCategory = new Map<number, { category_id: number; category_name: string; net: number; items: number }>();
    const categoryDays = days.map((day) => ({ ...day, net: decimal(day.net), items: count(day.items) }));
    for (const day of categoryDays) {
      const id = day.category_id;
      const category = byCategory.get(id) ?? { category_id: id, category_name: day.category_name, net: 0, items: 0 };
      if (day.category_name > category.category_name) category.category_name = day.category_name;
      category.net += day.net;
      category.items += day.items;
      byCategory.set(id, category);
    }
    const categories = [...byCategory.values()]
      .filter((category) => category.items !== 0)
      .sort((a, b) => b.net - a.net || a.category_id - b.category_id);
    // The totals add up the categories' unrounded sums; orders are counted once however many categories they span.
    const sum = (pick: (category: { net: number; items: number }) => number) =>
      categories.reduce((total, category) => total + pick(category), 0);
    return {
      graph_data: categoryDays
        .filter((day) => day.items !== 0)
        .map((day): ReportGraphRow => ({
          date: String(day.date),
          category_id: day.category_id,
          category_name: String(day.category_name),
          net_sales: ksh(day.net),
          items_sold: day.items,
        })),
      totals: totalsOf(
        orders.get('range') ?? 0,
        sum((c) => c.net),
        sum((c) => c.items),
      ),
      all_categories: all,
      categories: categories.map((category) => ({
        category_id: category.category_id,
        category_name: category.category_name,
        net_sales: ksh(category.net),
        items_sold: category.items,
      })),
    };
  }

  async productReport(query: AdminReportQuery): Promise<ProductReport> {
    const [daily, sales, { categories, brands }] = await Promise.all([
      this.periodFigures(query, graphPeriodOf(query.daterange)),
      this.productAndCategorySales(query),
      this.categoriesAndBrandsSold(),
    ]);
    return {
      graph_data: daily.map((row) => ({ date: row.date, net_sales: ksh(row.net), items_sold: row.items, orders: row.orders })),
      totals: this.totalsOfDays(daily),
      categories,
      brands,
      products: sales.products,
      category_sales: sales.categories,
    };
  }

  async revenueReport(query: AdminReportQuery): Promise<RevenueReport> {
    const [daily, { categories, brands }, categorySales] = await Promise.all([
      this.periodFigures(query, graphPeriodOf(query.daterange)),
      this.categoriesAndBrandsSold(),
      this.categorySales(query),
    ]);
    return {
      graph_data: daily.map((row) => ({ date: row.date, net_sales: ksh(row.net), items_sold: row.items, orders: row.orders })),
      revenue_data: daily.map((row) => ({
        date: row.date,
        orders: row.orders,
        gross_sales: ksh(row.gross),
        net_sales: ksh(row.net),
        total_sales: ksh(row.net),
      })),
      category_sales: categorySales,
      totals: this.totalsOfDays(daily),
      categories,
      brands,
    };
  }

  /**
   * Orders in the range by the status they have now: paid orders by the day they were paid (their
   * net sales and items). When the filter names a status an unpaid order can have (Pending,
   * Cancelled), or names none (all statuses), the unpaid orders of that status placed in the range
   * count too, by the day placed: their number and what they are worth, no items sold. Whole
   * orders: no allocation needed.
   */
  async orderReport(asked: AdminReportQuery): Promise<OrderReport> {
    // No status chosen ("All statuses") means every status, unpaid Pending and Cancelled orders
    // included: staff read "All" as all (it used to mean paid only, fewer than Pending alone).
    const query: AdminReportQuery = asked.status_ids?.length ? asked : { ...asked, status_ids: ORDER_STATUSES.map(({ id }) => id) };
    const unpaidStatuses = [...new Set(query.status_ids ?? [])].filter(
      (status) => status === STATUS.pending || status === STATUS.cancelled,
    );
    // A long range is charted per month (order-report-reads.ts).
    const period = graphPeriodOf(query.daterange);
    const [points, rows] = await Promise.all([
      this.orderReads.graph(query.daterange, query.status_ids ?? [], unpaidStatuses, period),
      this.orderReads.newest(query.daterange, [...new Set(query.status_ids ?? [])], unpaidStatuses, ORDER_REPORT_MAX_ROWS),
    ]);
    // Paid and unpaid orders of one status on one day (or month) make one point of the graph.
    const byDayAndStatus = new Map<string, { date: string; status_id: number; orders: number; total_cents: number; items: number }>();
    for (const row of points) {
      const key = `${row.date} ${row.status_id}`;
      const point = byDayAndStatus.get(key) ?? { ...row, orders: 0, total_cents: 0, items: 0 };
      point.orders += row.orders;
      point.total_cents += row.total_cents;
      point.items += row.items;
      byDayAndStatus.set(key, point);
    }
    const graph = [...byDayAndStatus.values()].sort((a, b) => a.date.localeCompare(b.date) || a.status_id - b.status_id);
    let orders = 0;
    let net = 0;
    let items = 0;
    for (const row of graph) {
      orders += row.orders;
      net += row.total_cents;
      items += row.items;
    }
    return {
      graph_data: graph.map((row): ReportGraphRow => ({
        date: row.date,
        status_id: row.status_id,
        status_name: orderStatus(row.status_id).name,
        net_sales: ksh(row.total_cents),
        items_sold: row.items,
        orders: row.orders,
      })),
      orders: rows.map((row) => ({
        order_number: row.order_number,
        total_amount: ksh(row.total_cents),
        date: row.date,
        status_name: orderStatus(row.status_id).name,
        customer_name: `${row.first_name} ${row.last_name}`,
        items_count: row.lines,
        items_sold: row.quantity,
      })),
      statuses: ORDER_STATUSES.map(({ id, name }) => ({ id, name })),
      totals: totalsOf(orders, net, items),
    };
  }

  // -------------------------------------------------------------------------------------------
  // Dashboard.

  /** Paid sales by county of delivery, top 8, KSh. */
  async depot(): Promise<ColouredSeries> {
    const rows: Array<{ county_name: string; total_cents: NumericColumn }> = await this.db('report_county_sales')
      .where('orders', '>', 0)
      .select('county_name', 'total_cents')
      .orderBy('total_cents', 'desc')
      .orderBy('county_name')
      .limit(8);
    return {
      labels: rows.map((row) => row.county_name),
      data: rows.map((row) => ksh(cents(row.total_cents))),
      color: rows.map((_, i) => BAR_COLOURS[i % BAR_COLOURS.length]!),
    };
  }

  /** Unpaid Pending orders are not in report_placed_days (every checkout writes one): counted live, they are few. */
  private pendingUnpaid(): Knex.QueryBuilder {
    return this.db('orders').where({ status_id: STATUS.pending, is_paid: false });
  }

  /** Orders per status: counts in data, the status colours in color. */
  async statusReport(): Promise<ColouredSeries> {
    const [rows, [pending]] = await Promise.all([
      this.db('report_placed_days').groupBy('status_id').select('status_id', this.db.raw('SUM(orders) as count')) as Promise<
        Array<{ status_id: number; count: NumericColumn }>
      >,
      this.pendingUnpaid().count({ count: '*' }) as Promise<Array<{ count: NumericColumn }>>,
    ]);
    const counts = new Map(rows.map((row) => [row.status_id, count(row.count)]));
    counts.set(STATUS.pending, (counts.get(STATUS.pending) ?? 0) + count(pending?.count));
    return {
      labels: ORDER_STATUSES.map((s) => s.name),
      data: ORDER_STATUSES.map((s) => counts.get(s.id) ?? 0),
      color: ORDER_STATUSES.map((s) => s.color),
    };
  }

  /** Paid revenue per Nairobi month of payment, the last 12 months, KSh. */
  async revenueChart(): Promise<LabelledSeries> {
    const months = lastTwelveMonths(this.clock());
    const month = this.month();
    const rows: Array<{ month: string; total: NumericColumn }> = await this.db('report_paid_days')
      .where('day', '>=', `${months.keys[0]}-01`)
      .select(this.db.raw('? as month', [month]), this.db.raw('SUM(total_cents) as total'))
      .groupBy(this.db.raw('?', [month]));
    const by = new Map(rows.map((row) => [String(row.month), cents(row.total)]));
    return { labels: months.labels, data: months.keys.map((key) => ksh(by.get(key) ?? 0)) };
  }

  /** Orders placed per Nairobi month, the last 12 months. */
  async monthlySalesTotal(): Promise<MonthlySalesTotal> {
    const months = lastTwelveMonths(this.clock());
    const month = this.month();
    const pendingMonth = nairobiMonthSql(this.db, 'created_at');
    const [rows, pending] = await Promise.all([
      this.db('report_placed_days')
        .where('day', '>=', `${months.keys[0]}-01`)
        .select(this.db.raw('? as month', [month]), this.db.raw('SUM(orders) as count'))
        .groupBy(this.db.raw('?', [month])) as Promise<Array<{ month: string; count: NumericColumn }>>,
      this.pendingUnpaid()
        .where('created_at', '>=', months.start)
        .select(this.db.raw('? as month', [pendingMonth]), this.db.raw('COUNT(*) as count'))
        .groupBy(this.db.raw('?', [pendingMonth])) as Promise<Array<{ month: string; count: NumericColumn }>>,
    ]);
    const by = new Map<string, number>();
    for (const row of [...rows, ...pending]) by.set(String(row.month), (by.get(String(row.month)) ?? 0) + count(row.count));
    return { labels: months.labels, datasets: [{ label: 'Orders', data: months.keys.map((key) => by.get(key) ?? 0) }] };
  }

  /** Today in Nairobi: orders placed, revenue paid; and all unpaid Pending orders. */
  async today(): Promise<DashboardToday> {
    const today = nairobiDay(this.clock());
    const { start, end } = nairobiRange(today, today);
    // Placed today: the day's summary rows, and the unpaid Pending ones (in no summary) from their
    // index, instead of every order of the day from orders(created_at).
    const [[placed], [placedPending], [paid], [pending]] = await Promise.all([
      this.db('report_placed_days').where('day', today).sum({ count: 'orders' }),
      this.pendingUnpaid().where('created_at', '>=', start).where('created_at', '<', end).count({ count: '*' }),
      this.db('report_paid_days').where('day', today).sum({ total: 'total_cents' }),
      this.pendingUnpaid().select(this.db.raw('COUNT(*) as count'), this.db.raw('SUM(total_cents) as total')),
    ]);
    return {
      orders_today: count(placed?.count) + count(placedPending?.count),
      // SUM() over no rows is NULL: no revenue yet.
      revenue_today: ksh(nullableCents(paid?.total) ?? 0),
      pending_payments: count(pending?.count),
      pending_payments_value: ksh(nullableCents(pending?.total) ?? 0),
    };
  }
}

interface SalesRow {
  net: NumericColumn;
  items: NumericColumn;
}

/**
 * Net sales and items per group (a product, a category) with the group's greatest name, largest
 * net sales first, then by id; groups whose items add up to none are left out. The one rule of
 * every "sales per" list, whatever rows the report read (per product and category, or per category).
 */
function salesPerGroup<Row extends SalesRow>(
  rows: Row[],
  idOf: (row: Row) => number,
  nameOf: (row: Row) => string,
): Array<{ id: number; name: string; net: number; items: number }> {
  const groups = new Map<number, { id: number; name: string; net: number; items: number }>();
  for (const row of rows) {
    const id = idOf(row);
    const name = nameOf(row);
    const group = groups.get(id);
    if (!group) groups.set(id, { id, name, net: decimal(row.net), items: count(row.items) });
    else {
      if (name > group.name) group.name = name;
      group.net += decimal(row.net);
      group.items += count(row.items);
    }
  }
  return [...groups.values()].filter((group) => group.items !== 0).sort((a, b) => b.net - a.net || a.id - b.id);
}

/** The "Sales per Category" chart of the product and revenue reports. */
function categorySalesOf(rows: Array<SalesRow & { category_id: number; category_name: unknown }>): CategorySales[] {
  return salesPerGroup(
    rows,
    (row) => row.category_id,
    (row) => String(row.category_name),
  ).map((group) => ({ category_id: group.id, category_name: group.name, net_sales: ksh(group.net), items_sold: group.items }));
}

const DAY_MS = 86_400_000;
const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

/**
 * The calendar days from..to (inclusive) as whole months [months.from, months.to) (first days of
 * months) and the days before and after them; no months when the range holds no whole month.
 */
export function splitByMonths(
  from: string,
  to: string,
): {
  months: { from: string; to: string } | null;
  before: { from: string; to: string } | null;
  after: { from: string; to: string } | null;
} {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS); // exclusive
  const firstMonth = start.getUTCDate() === 1 ? start : new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  const endMonth = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), 1));
  if (firstMonth >= endMonth) return { months: null, before: { from, to }, after: null };
  const dayBefore = (date: Date) => isoDay(new Date(date.getTime() - DAY_MS));
  return {
    months: { from: isoDay(firstMonth), to: isoDay(endMonth) },
    before: firstMonth > start ? { from, to: dayBefore(firstMonth) } : null,
    after: end > endMonth ? { from: isoDay(endMonth), to } : null,
  };
}

function totalsOf(orders: number, netCents: number, items: number): ReportTotals {
  const net = Math.round(netCents);
  return {
    orders,
    net_sales: ksh(net),
    items_sold: items,
    total_sales: ksh(net),
    average_order_value: orders === 0 ? 0 : ksh(Math.round(net / orders)),
  };
}
