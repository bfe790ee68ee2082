import type { Knex } from 'knex';
import type { CategoryReport, OrderReport, ProductReport, RevenueReport } from '@shop/api-types';
import { createLogger, sqlTimestamp } from '@shop/service-kit';
import { testDatabases } from '@shop/service-kit/testing';
import { seedOrderHistory } from '../db/seed/history';
import { startOrdersHarness, type OrdersHarness } from '../testing/harness';
import { migratedAsReleased } from '../testing/releases';
import { nairobiDay, nairobiRange } from './days';
import { graphPeriodOf } from './order-report-reads';
import { ORDER_REPORT_MAX_ROWS, splitByMonths } from './reports';
import { rebuildReportSummaries, withoutSummaryTriggers } from './summaries';
import { random as seededRandom } from '../db/seed/history';

type Row = Record<string, unknown>;

const dayOf = (value: unknown): string => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value));
const num = (value: unknown): number => Number(value ?? 0);

/**
 * The summary tables as comparable maps: rows that add up to nothing are left out (a status
 * change can leave a zero row behind), baskets are named by their key (ids differ after a
 * rebuild), and net is rounded to a millionth of a cent (floating point added in another order).
 */
async function summaries(db: Knex): Promise<Record<string, Record<string, unknown>>> {
  const keep = (rows: Row[], key: (row: Row) => string, value: (row: Row) => unknown, nonZero: (row: Row) => boolean) =>
    Object.fromEntries(rows.filter(nonZero).map((row) => [key(row), value(row)]));
  const placed: Row[] = await db('report_placed_days').select('*');
  const paid: Row[] = await db('report_paid_days').select('*');
  const counties: Row[] = await db('report_county_sales').select('*');
  const products: Row[] = await db('report_product_days').select('*');
  const baskets: Row[] = await db('report_basket_days as d')
    .join('report_baskets as b', 'b.id', 'd.basket_id')
    .select('d.day', 'd.orders', 'b.basket_key');
  const basketMonths: Row[] = await db('report_basket_months as m')
    .join('report_baskets as b', 'b.id', 'm.basket_id')
    .select('m.month', 'm.orders', 'b.basket_key');
  return {
    placed: keep(
      placed,
      (r) => `${dayOf(r.day)} ${num(r.status_id)} ${num(r.is_paid)}`,
      (r) => [num(r.orders), num(r.total_cents)],
      (r) => num(r.orders) !== 0 || num(r.total_cents) !== 0,
    ),
    paid: keep(
      paid,
      (r) => `${dayOf(r.day)} ${num(r.status_id)}`,
      (r) => [num(r.orders), num(r.lined_orders), num(r.total_cents), num(r.items)],
      (r) => num(r.orders) !== 0 || num(r.items) !== 0 || num(r.lined_orders) !== 0,
    ),
    counties: keep(
      counties,
      (r) => String(r.county_name),
      (r) => [num(r.orders), num(r.total_cents)],
      (r) => num(r.orders) !== 0,
    ),
    products: keep(
      products,
      (r) => `${dayOf(r.day)} ${num(r.product_id)} ${num(r.category_id)} ${num(r.brand_id)}`,
      (r) => [Math.round(num(r.net_cents) * 1e6) / 1e6, num(r.gross_cents), num(r.items), r.product_name, r.category_name],
      (r) => num(r.items) !== 0,
    ),
    baskets: keep(
      baskets,
      (r) => `${dayOf(r.day)} ${String(r.basket_key).replace(/,/g, '')}`,
      (r) => num(r.orders),
      (r) => num(r.orders) !== 0,
    ),
    basketMonths: keep(
      basketMonths,
      (r) => `${dayOf(r.month)} ${String(r.basket_key).replace(/,/g, '')}`,
      (r) => num(r.orders),
      (r) => num(r.orders) !== 0,
    ),
  };
}

/** Asserts that what the triggers kept equals a rebuild from orders and order_items (which then stays). */
async function expectSummariesCurrent(db: Knex): Promise<void> {
  const kept = await summaries(db);
  await rebuildReportSummaries(db);
  const rebuilt = await summaries(db);
  expect(kept).toEqual(rebuilt);
  expect(Object.keys(rebuilt.paid ?? {}).length + Object.keys(rebuilt.placed ?? {}).length).toBeGreaterThan(0);
}

/**
 * The reports computed the slow way, straight from orders and their lines (REPORT_RULES), to
 * compare the routes' answers with.
 */
async function recompute(db: Knex, from: string, to: string, filter: { categories?: number[]; brands?: number[]; statuses?: number[] }) {
  const { start, end } = nairobiRange(from, to);
  const stamp = (value: unknown) => (value instanceof Date ? sqlTimestamp(value) : String(value));
  const orders: Row[] = (await db('orders').where('is_paid', true).whereNotNull('paid_at').select('*')).filter(
    (o: Row) => stamp(o.paid_at) >= start && stamp(o.paid_at) < end,
  );
  const byId = new Map(orders.map((o) => [num(o.id), o]));
  const lines: Row[] = (await db('order_items').select('*')).filter((l: Row) => byId.has(num(l.order_id)));
  const matches = (l: Row) =>
    (!filter.categories?.length || filter.categories.includes(num(l.category_id))) &&
    (!filter.brands?.length || (l.brand_id !== null && filter.brands.includes(num(l.brand_id))));
  const day = (o: Row) => nairobiDay(new Date(`${stamp(o.paid_at).replace(' ', 'T')}Z`));
  const net = (l: Row) => {
    const o = byId.get(num(l.order_id))!;
    const subtotal = num(o.subtotal_cents) > 0 ? num(o.subtotal_cents) : 1;
    return num(l.line_total_cents) - ((num(o.discount_cents) + num(o.points_discount_cents)) * num(l.line_total_cents)) / subtotal;
  };
  const matched = lines.filter(matches);
  // The graphs' points: per Nairobi day, or per month over more than a quarter.
  const point = graphPeriodOf({ from, to }) === 'day' ? day : (o: Row) => day(o).slice(0, 7);
  const perDay = new Map<string, { orders: Set<number>; net: number; gross: number; items: number }>();
  const perPointCategory = new Map<string, { date: string; category_id: number; net: number; items: number }>();
  for (const l of matched) {
    const d = point(byId.get(num(l.order_id))!);
    const key = `${d} ${num(l.category_id)}`;
    const pc = perPointCategory.get(key) ?? { date: d, category_id: num(l.category_id), net: 0, items: 0 };
    pc.net += net(l);
    pc.items += num(l.quantity);
    perPointCategory.set(key, pc);
    const figures = perDay.get(d) ?? { orders: new Set<number>(), net: 0, gross: 0, items: 0 };
    figures.orders.add(num(l.order_id));
    figures.net += net(l);
    figures.gross += num(l.line_total_cents);
    figures.items += num(l.quantity);
    perDay.set(d, figures);
  }
  const ksh = (cents: number) => Math.round(cents) / 100;
  const daily = [...perDay.entries()].sort(([a], [b]) => a.localeCompare(b));
  const orderCount = new Set(matched.map((l) => num(l.order_id))).size;
  const netTotal = matched.reduce((sum, l) => sum + net(l), 0);
  const perProduct = new Map<number, { net: number; items: number }>();
  for (const l of matched) {
    const figures = perProduct.get(num(l.product_id)) ?? { net: 0, items: 0 };
    figures.net += net(l);
    figures.items += num(l.quantity);
    perProduct.set(num(l.product_id), figures);
  }
  const perCategory = new Map<number, { net: number; items: number }>();
  for (const l of matched) {
    const figures = perCategory.get(num(l.category_id)) ?? { net: 0, items: 0 };
    figures.net += net(l);
    figures.items += num(l.quantity);
    perCategory.set(num(l.category_id), figures);
  }
  const statusOrders = orders.filter((o) => !filter.statuses?.length || filter.statuses.includes(num(o.status_id)));
  // A filter naming Pending or Cancelled, or naming no status (all of them), also counts the unpaid
  // orders of those statuses placed in the range (no items sold).
  const unpaidStatuses = (filter.statuses?.length ? filter.statuses : [1, 6]).filter((status) => status === 1 || status === 6);
  const unpaidOrders: Row[] =
    unpaidStatuses.length === 0
      ? []
      : (await db('orders').where('is_paid', false).whereIn('status_id', unpaidStatuses).select('*')).filter(
          (o: Row) => stamp(o.created_at) >= start && stamp(o.created_at) < end,
        );
  const listed = [...statusOrders.map((o) => ({ o, at: stamp(o.paid_at) })), ...unpaidOrders.map((o) => ({ o, at: stamp(o.created_at) }))];
  return {
    revenue_data: daily.map(([date, f]) => ({
      date,
      orders: f.orders.size,
      gross_sales: ksh(f.gross),
      net_sales: ksh(f.net),
      total_sales: ksh(f.net),
    })),
    category_graph: [...perPointCategory.values()]
      .sort((a, b) => a.date.localeCompare(b.date) || a.category_id - b.category_id)
      .map((pc) => ({ date: pc.date, category_id: pc.category_id, net_sales: ksh(pc.net), items_sold: pc.items })),
    totals: {
      orders: orderCount,
      net_sales: ksh(netTotal),
      items_sold: matched.reduce((sum, l) => sum + num(l.quantity), 0),
      total_sales: ksh(netTotal),
      average_order_value: orderCount === 0 ? 0 : ksh(Math.round(Math.round(netTotal) / orderCount)),
    },
    products: [...perProduct.entries()]
      .map(([product_id, f]) => ({ product_id, net_sales: ksh(f.net), items_sold: f.items }))
      .sort((a, b) => b.net_sales - a.net_sales || a.product_id - b.product_id),
    categories: [...perCategory.entries()]
      .map(([category_id, f]) => ({ category_id, net_sales: ksh(f.net), items_sold: f.items }))
      .sort((a, b) => b.net_sales - a.net_sales || a.category_id - b.category_id),
    order_totals: {
      orders: statusOrders.length + unpaidOrders.length,
      net_sales: ksh([...statusOrders, ...unpaidOrders].reduce((sum, o) => sum + num(o.total_cents), 0)),
      items_sold: lines.filter((l) => statusOrders.some((o) => num(o.id) === num(l.order_id))).reduce((sum, l) => sum + num(l.quantity), 0),
    },
    // The list: the newest first, at most ORDER_REPORT_MAX_ROWS.
    order_numbers: listed
      .sort((a, b) => b.at.localeCompare(a.at) || num(b.o.id) - num(a.o.id))
      .slice(0, ORDER_REPORT_MAX_ROWS)
      .map(({ o }) => String(o.order_number)),
  };
}

/** These tests place, pay and change many orders and rebuild the summaries several times: more than jest's 5 s on a busy machine. */
const SLOW_MS = 60_000;

/** Each dialect on a database migrated in one go and on one migrated release by release, as kept databases were. */
const databases = testDatabases('orders-summaries').flatMap((database) => [
  { ...database, path: 'migrated in one go' },
  migratedAsReleased(database),
]);

describe.each(databases)('report summaries on $dialect, $path', (database) => {
  let h: OrdersHarness;
  let staff: string;

  beforeAll(async () => {
    h = await startOrdersHarness(database, { seedDemoAccounts: true });
    staff = await h.staffToken();
  }, SLOW_MS);
  afterAll(async () => {
    await h?.close();
  });

  const pay = async (orderId: number) => {
    const { token } = (await h.request('POST', '/api/site/v1/dpo/pay', { body: { order_id: orderId, payment_key: h.keyOf(orderId) } }))
      .body;
    const pressed = await h.request('POST', `/api/site/v1/simulator/${token}/pay`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      raw: '',
    });
    expect(pressed.status).toBe(303);
    expect((await h.request('GET', pressed.headers.get('location')!)).status).toBe(302);
    expect(Number((await h.db('orders').where({ id: orderId }).first('is_paid')).is_paid)).toBe(1);
  };
  const setStatus = async (orderId: number, statusId: number) => {
    const answer = await h.request('POST', `/api/admin/orders/${orderId}/status`, { token: staff, body: { status_id: statusId } });
    expect(answer.status).toBe(200);
  };
  const get = async (path: string) => {
    const answer = await h.request('GET', path, { token: staff });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it(
    'the seeded history is summarised (one rebuild after the bulk load)',
    async () => {
      const seeded = await seedOrderHistory(
        h.db,
        { catalog: h.services.catalog, customers: h.services.customers, numbers: h.services.numbers, logger: createLogger('orders') },
        { days: 30, ordersPerDay: 4 },
      );
      expect(seeded).toBeGreaterThan(50);
      await expectSummariesCurrent(h.db);
    },
    SLOW_MS,
  );

  it(
    'stay equal to a recomputation through checkout, payment, staff changes, cancellation and deletion',
    async () => {
      const customer = await h.customer();
      const products = h.products.filter((p) => p.max_quantity >= 5);
      const placed = [];
      // Carts of one to four products; a coupon and a points redemption so discounts are allocated to lines.
      for (let i = 0; i < 8; i += 1) {
        // One to four products, topped up one unit at a time (within limits, adding a product when all are full) to the minimum.
        const pool = [...products.slice(i * 3), ...products];
        const cart: Array<{ id: number; quantity: number }> = [];
        const max = new Map(products.map((p) => [p.id, p.max_quantity]));
        const add = () => cart.push({ id: pool[cart.length]!.id, quantity: pool[cart.length]!.min_quantity });
        while (cart.length < 1 + (i % 4)) add();
        for (let n = 0; h.subtotalCents(cart) < 260_000; n += 1) {
          const line = cart[n % cart.length]!;
          if (line.quantity < max.get(line.id)!) line.quantity += 1;
          else if (cart.every((l) => l.quantity >= max.get(l.id)!)) add();
        }
        const subtotal = h.subtotalCents(cart);
        if (i === 1) placed.push(await h.placeOrder(cart, { overrides: { coupon: 'UNGA200' }, totalKsh: (subtotal - 20_000) / 100 }));
        else if (i === 2)
          placed.push(
            await h.placeOrder(cart, { token: customer.token, overrides: { redeemed_points: 15 }, totalKsh: (subtotal - 1_500) / 100 }),
          );
        else placed.push(await h.placeOrder(cart));
      }
      await expectSummariesCurrent(h.db);

      for (const order of placed.slice(0, 6)) await pay(order.id);
      await expectSummariesCurrent(h.db);

      await setStatus(placed[0]!.id, 3);
      await setStatus(placed[0]!.id, 4);
      await setStatus(placed[0]!.id, 5);
      await setStatus(placed[1]!.id, 3);
      await setStatus(placed[2]!.id, 6); // a paid order cancelled by staff stays paid
      await setStatus(placed[6]!.id, 6); // an unpaid one
      await expectSummariesCurrent(h.db);

      const abandoned = await h.db('orders').where({ id: placed[7]!.id }).first('*');
      expect(await h.services.payments.cancelUnpaid(abandoned, 'Not paid within 24 hours')).toBe(true);
      // A payment confirmed after the cancellation still marks the order paid.
      await h.db('orders').where({ id: placed[5]!.id }).update({ status_id: 6 });
      await expectSummariesCurrent(h.db);

      // Hand-made changes: a paid order moved to another paid day, one deleted with its lines.
      await h.db('orders').where({ id: placed[3]!.id }).update({ paid_at: '2026-01-05 22:30:00' });
      await h.db('order_status_history').where({ order_id: placed[4]!.id }).delete();
      await h.db('payments').where({ order_id: placed[4]!.id }).delete();
      await h.db('coupon_redemptions').where({ order_id: placed[4]!.id }).delete();
      await h.db('orders').where({ id: placed[4]!.id }).delete();
      expect(await h.count('order_items', { order_id: placed[4]!.id })).toBe(0);
      await expectSummariesCurrent(h.db);
    },
    SLOW_MS,
  );

  it(
    'a paid order written line by line (as the seed and fixtures do) is summarised line by line',
    async () => {
      const at = sqlTimestamp(new Date());
      const [id] = await h.db('orders').insert({
        order_number: 'SH-269901',
        customer_id: null,
        first_name: 'Line',
        last_name: 'ByLine',
        email: 'line@example.com',
        phone: '0712345678',
        street: '1 Road',
        town: 'Town',
        county_id: 1,
        county_name: 'Mombasa',
        sub_county_id: 1,
        sub_county_name: 'Sub',
        subtotal_cents: 300_000,
        discount_cents: 10_000,
        points_discount_cents: 333,
        total_cents: 289_667,
        status_id: 5,
        is_paid: true,
        paid_at: at,
        created_at: at,
        updated_at: at,
      });
      for (const [product, category, brand, total] of [
        [101, 1, 1, 100_000],
        [102, 1, 1, 50_000],
        [103, 7, null, 150_000],
      ] as const) {
        await h.db('order_items').insert({
          order_id: id,
          product_id: product,
          product_name: `P${product}`,
          brand_id: brand,
          brand_name: 'B',
          category_id: category,
          category_name: `C${category}`,
          unit: '1 kg',
          image: 'x.png',
          unit_price_cents: total,
          quantity: 1,
          line_total_cents: total,
        });
      }
      await expectSummariesCurrent(h.db);
    },
    SLOW_MS,
  );

  it(
    'the order report lists the newest orders of its range and counts them all',
    async () => {
      // 2026-02-10 in Nairobi: 520 Delivered orders paid a minute apart from 03:00 UTC, then 20 Cancelled ones after them.
      const count = ORDER_REPORT_MAX_ROWS + 40;
      const paidAt = (i: number) => sqlTimestamp(new Date(Date.UTC(2026, 1, 10, 3, 0, 0) + i * 60_000));
      await withoutSummaryTriggers(h.db, async () => {
        const orders = Array.from({ length: count }, (_, i) => ({
          order_number: `SH-26${String(800_000 + i)}`,
          customer_id: null,
          first_name: 'Many',
          last_name: `Order${i}`,
          email: 'many@example.com',
          phone: '0712345678',
          street: '1 Road',
          town: 'Town',
          county_id: 1,
          county_name: 'Mombasa',
          sub_county_id: 1,
          sub_county_name: 'Sub',
          subtotal_cents: 200_000,
          total_cents: 200_000,
          status_id: i >= count - 20 ? 6 : 5,
          is_paid: true,
          paid_at: paidAt(i),
          created_at: paidAt(i),
          updated_at: paidAt(i),
        }));
        await h.db.batchInsert('orders', orders, 100);
        const ids: Array<{ id: number }> = await h.db('orders').where('order_number', 'like', 'SH-268%').select('id');
        await h.db.batchInsert(
          'order_items',
          ids.map(({ id }) => ({
            order_id: id,
            product_id: 7,
            product_name: 'P7',
            brand_id: 1,
            brand_name: 'B',
            category_id: 1,
            category_name: 'C1',
            unit: '1 kg',
            image: 'x.png',
            unit_price_cents: 100_000,
            quantity: 2,
            line_total_cents: 200_000,
          })),
          100,
        );
      });
      const report = (await get('/api/admin/dashboard/order_report?daterange=2026-02-10%20-%202026-02-10')) as OrderReport;
      expect(report.totals).toMatchObject({ orders: count, net_sales: count * 2000, items_sold: count * 2 });
      expect(report.orders).toHaveLength(ORDER_REPORT_MAX_ROWS);
      expect(report.orders[0]).toEqual({
        order_number: `SH-26${800_000 + count - 1}`,
        total_amount: 2000,
        date: '2026-02-10',
        status_name: 'Cancelled',
        customer_name: `Many Order${count - 1}`,
        items_count: 1,
        items_sold: 2,
      });
      expect(report.orders.map((o) => o.order_number)).toEqual(
        Array.from({ length: ORDER_REPORT_MAX_ROWS }, (_, i) => `SH-26${800_000 + count - 1 - i}`),
      );
      // Two statuses: the newest of each, merged newest first.
      const two = (await get('/api/admin/dashboard/order_report?daterange=2026-02-10%20-%202026-02-10&status_ids=5,6')) as OrderReport;
      expect(two.orders.map((o) => o.order_number)).toEqual(report.orders.map((o) => o.order_number));
      const delivered = (await get('/api/admin/dashboard/order_report?daterange=2026-02-10%20-%202026-02-10&status_ids=5')) as OrderReport;
      expect(delivered.totals.orders).toBe(count - 20);
      expect(delivered.orders[0]!.order_number).toBe(`SH-26${800_000 + count - 21}`);
      await expectSummariesCurrent(h.db);
    },
    SLOW_MS,
  );

  it(
    'the reports equal sums over order items for the same range and filters',
    async () => {
      const today = nairobiDay(new Date());
      const from = '2025-12-01';
      const range = `daterange=${from}%20-%20${today}`;
      const categories = [...new Set(h.products.map((p) => p.category_id))];
      const brands = [...new Set(h.products.map((p) => p.brand_id))];
      const filters = [
        {},
        { categories: categories.slice(0, 2) },
        { brands: brands.slice(0, 1) },
        { categories: categories.slice(0, 3), brands: brands.slice(1, 3) },
        { categories },
      ];
      for (const filter of filters) {
        const query = `${range}${filter.categories ? `&category_ids=${filter.categories.join(',')}` : ''}${'brands' in filter && filter.brands ? `&brand_ids=${filter.brands.join(',')}` : ''}`;
        const expected = await recompute(h.db, from, today, filter);
        const revenue = (await get(`/api/admin/dashboard/revenue_report?${query}`)) as RevenueReport;
        expect(revenue.revenue_data).toEqual(expected.revenue_data);
        expect(revenue.totals).toEqual(expected.totals);
        const products = (await get(`/api/admin/dashboard/product_report?${query}`)) as ProductReport;
        expect(products.totals).toEqual(expected.totals);
        expect(products.products.map(({ product_id, net_sales, items_sold }) => ({ product_id, net_sales, items_sold }))).toEqual(
          expected.products,
        );
        expect(((await get(`/api/admin/dashboard/category_report?${query}`)) as CategoryReport).totals).toEqual(expected.totals);
      }
      expect(Object.keys((await recompute(h.db, from, today, {})).revenue_data).length).toBeGreaterThan(3);
      // Serialized by the route itself: still JSON, as any other answer.
      const answer = await h.request('GET', `/api/admin/dashboard/category_report?${range}`, { token: staff });
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(answer.headers.get('cache-control')).toBe('private, no-store');

      for (const statuses of [undefined, [5], [2, 6], [3, 4], [1], [1, 6]]) {
        const expected = await recompute(h.db, from, today, { statuses });
        const report = (await get(
          `/api/admin/dashboard/order_report?${range}${statuses ? `&status_ids=${statuses.join(',')}` : ''}`,
        )) as OrderReport;
        expect(report.totals).toMatchObject(expected.order_totals);
        expect(report.orders.map((o) => o.order_number)).toEqual(expected.order_numbers);
        expect(report.graph_data.reduce((sum, row) => sum + (row.orders ?? 0), 0)).toBe(expected.order_totals.orders);
      }
    },
    SLOW_MS,
  );
});

describe.each(testDatabases('orders-rollups'))('roll-ups against raw rows on $dialect', (database) => {
  let h: OrdersHarness;
  let staff: string;
  // Fixed, so a failure replays; other seeds (1, 2, 3 among them) passed too.
  const SEED = 20261127;
  const random = seededRandom(SEED);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const DAY = 86_400_000;
  /** The orders span 2025-11-20 .. 2026-04-10 (UTC), so ranges cross months, a year's end and Nairobi midnights. */
  const FIRST = Date.UTC(2025, 10, 20);
  const SPAN_DAYS = 141;

  beforeAll(async () => {
    h = await startOrdersHarness(database, { seedDemoAccounts: true });
    staff = await h.staffToken();
  }, SLOW_MS);
  afterAll(async () => {
    await h?.close();
  });

  const get = async (path: string) => {
    const answer = await h.request('GET', path, { token: staff });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it(
    `random orders, paid and changed through the triggers, report as sums over their rows for random ranges (seed ${SEED})`,
    async () => {
      // An instant of the span; one in four falls within a minute of a Nairobi midnight (21:00 UTC).
      const instant = (): number => {
        const day = FIRST + Math.floor(random() * SPAN_DAYS) * DAY;
        if (random() < 0.25) return day + 21 * 3_600_000 + Math.floor(random() * 120_000) - 60_000;
        return day + Math.floor(random() * DAY);
      };
      const ids: number[] = [];
      for (let i = 0; i < 160; i += 1) {
        const created = instant();
        const paid = random() < 0.75;
        const lines = Array.from({ length: 1 + Math.floor(random() * 4) }, (_, j) => {
          const category = 1 + Math.floor(random() * 5);
          const unit = 5_000 + Math.floor(random() * 200) * 1_000;
          const quantity = 1 + Math.floor(random() * 3);
          return {
            product_id: 100 + category * 10 + j,
            product_name: `Product ${100 + category * 10 + j}`,
            brand_id: random() < 0.1 ? null : 1 + Math.floor(random() * 3),
            brand_name: 'Brand',
            category_id: category,
            category_name: `Category ${category}`,
            unit: '1 kg',
            image: 'x.png',
            unit_price_cents: unit,
            quantity,
            line_total_cents: unit * quantity,
          };
        });
        const subtotal = lines.reduce((sum, line) => sum + line.line_total_cents, 0);
        const discount = random() < 0.2 ? Math.min(20_000, subtotal - 100) : 0;
        const points = random() < 0.2 ? Math.min(1_300, subtotal - discount - 100) : 0;
        const at = sqlTimestamp(new Date(created));
        const [id] = await h.db('orders').insert({
          order_number: `SH-27${String(100_000 + i)}`,
          customer_id: null,
          first_name: 'Random',
          last_name: `Order${i}`,
          email: 'random@example.com',
          phone: '0712345678',
          street: '1 Road',
          town: 'Town',
          county_id: 1,
          county_name: pick(['Nairobi', 'Mombasa', 'Kisumu']),
          sub_county_id: 1,
          sub_county_name: 'Sub',
          subtotal_cents: subtotal,
          discount_cents: discount,
          points_discount_cents: points,
          total_cents: subtotal - discount - points,
          status_id: paid ? pick([2, 3, 4, 5, 6]) : pick([1, 6]),
          is_paid: paid,
          paid_at: paid ? sqlTimestamp(new Date(created + Math.floor(random() * 3 * 3_600_000))) : null,
          created_at: at,
          updated_at: at,
        });
        await h.db('order_items').insert(lines.map((line) => ({ ...line, order_id: id })));
        ids.push(Number(id));
      }
      // Some change afterwards, as payments and staff change them: paid later, moved, cancelled.
      for (const id of ids.filter(() => random() < 0.15)) {
        const order = await h.db('orders').where({ id }).first('is_paid', 'created_at');
        if (Number(order.is_paid) === 0)
          await h
            .db('orders')
            .where({ id })
            .update({ is_paid: true, status_id: 2, paid_at: sqlTimestamp(new Date(instant())) });
        else
          await h
            .db('orders')
            .where({ id })
            .update({ status_id: pick([3, 4, 5, 6]) });
      }

      const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      const ranges: Array<[string, string]> = [['2025-11-20', '2026-04-10']];
      while (ranges.length < 12) {
        const a = FIRST - 3 * DAY + Math.floor(random() * (SPAN_DAYS + 6)) * DAY;
        // Short ranges, about a month, and longer than a quarter (charted per month).
        const length = pick([0, 1, 6, 27, 31, 45, 100, 130]);
        ranges.push([day(a), day(a + length * DAY)]);
      }
      const categoryIds = [1, 2, 3, 4, 5];
      for (const [from, to] of ranges) {
        const filter = pick([
          {},
          { categories: [pick(categoryIds)] },
          { brands: [1 + Math.floor(random() * 3)] },
          { categories: categoryIds.filter(() => random() < 0.5), brands: [1, 2] },
          { categories: categoryIds },
        ]);
        const query =
          `daterange=${from}%20-%20${to}` +
          (filter.categories?.length ? `&category_ids=${filter.categories.join(',')}` : '') +
          ('brands' in filter && filter.brands?.length ? `&brand_ids=${filter.brands.join(',')}` : '');
        const expected = await recompute(h.db, from, to, {
          categories: filter.categories?.length ? filter.categories : undefined,
          brands: 'brands' in filter ? filter.brands : undefined,
        });
        const context = `${from} - ${to} ${JSON.stringify(filter)}`;
        const revenue = (await get(`/api/admin/dashboard/revenue_report?${query}`)) as RevenueReport;
        expect({ context, days: revenue.revenue_data, totals: revenue.totals }).toEqual({
          context,
          days: expected.revenue_data,
          totals: expected.totals,
        });
        const products = (await get(`/api/admin/dashboard/product_report?${query}`)) as ProductReport;
        expect({
          context,
          totals: products.totals,
          products: products.products.map(({ product_id, net_sales, items_sold }) => ({ product_id, net_sales, items_sold })),
          categories: products.category_sales.map(({ category_id, net_sales, items_sold }) => ({ category_id, net_sales, items_sold })),
        }).toEqual({ context, totals: expected.totals, products: expected.products, categories: expected.categories });
        const category = (await get(`/api/admin/dashboard/category_report?${query}`)) as CategoryReport;
        expect({
          context,
          totals: category.totals,
          categories: category.categories.map(({ category_id, net_sales, items_sold }) => ({ category_id, net_sales, items_sold })),
          graph: category.graph_data.map(({ date, category_id, net_sales, items_sold }) => ({ date, category_id, net_sales, items_sold })),
        }).toEqual({ context, totals: expected.totals, categories: expected.categories, graph: expected.category_graph });
        expect(products.graph_data).toEqual(
          expected.revenue_data.map(({ date, net_sales, orders }) => expect.objectContaining({ date, net_sales, orders })),
        );

        const statuses = pick([undefined, [5], [2, 6], [1], [1, 6], [3, 4]]);
        const ordered = await recompute(h.db, from, to, { statuses });
        const report = (await get(
          `/api/admin/dashboard/order_report?daterange=${from}%20-%20${to}${statuses ? `&status_ids=${statuses.join(',')}` : ''}`,
        )) as OrderReport;
        expect({ context, statuses, totals: report.totals, orders: report.orders.map((o) => o.order_number) }).toMatchObject({
          context,
          statuses,
          totals: ordered.order_totals,
          orders: ordered.order_numbers,
        });
        expect(report.graph_data.reduce((sum, row) => sum + (row.orders ?? 0), 0)).toBe(ordered.order_totals.orders);
      }
    },
    SLOW_MS,
  );
});

describe('splitByMonths: a range as whole months and the days either side', () => {
  it('splits at month starts, across years and leap days', () => {
    expect(splitByMonths('2026-03-10', '2026-03-11')).toEqual({
      months: null,
      before: { from: '2026-03-10', to: '2026-03-11' },
      after: null,
    });
    expect(splitByMonths('2026-03-01', '2026-03-31')).toEqual({
      months: { from: '2026-03-01', to: '2026-04-01' },
      before: null,
      after: null,
    });
    expect(splitByMonths('2026-03-02', '2026-03-31')).toEqual({
      months: null,
      before: { from: '2026-03-02', to: '2026-03-31' },
      after: null,
    });
    expect(splitByMonths('2025-11-22', '2026-11-21')).toEqual({
      months: { from: '2025-12-01', to: '2026-11-01' },
      before: { from: '2025-11-22', to: '2025-11-30' },
      after: { from: '2026-11-01', to: '2026-11-21' },
    });
    expect(splitByMonths('2024-02-01', '2024-02-29')).toEqual({
      months: { from: '2024-02-01', to: '2024-03-01' },
      before: null,
      after: null,
    });
    expect(splitByMonths('2025-12-15', '2026-01-31')).toEqual({
      months: { from: '2026-01-01', to: '2026-02-01' },
      before: { from: '2025-12-15', to: '2025-12-31' },
      after: null,
    });
  });
});
