import type { AdminOrder, CategoryReport, OrderReport, Page, ProductReport, RevenueReport } from '@shop/api-types';
import { testDatabases } from '@shop/service-kit/testing';
import { startOrdersHarness, type OrdersHarness } from '../testing/harness';

/**
 * Hand-computed fixtures (cents). Nairobi is UTC+3. Range 2026-03-10 - 2026-03-11.
 *   A paid 10 Mar 10:00 EAT, Delivered, Nairobi: P10 (cat 1) 2 x 500 + P20 (cat 2) 1 x 1000; coupon 200.
 *       gross 2000, net 1800; per line: 1000 - 100 = 900 and 1000 - 100 = 900.
 *   B paid 10 Mar 23:30 EAT, Processing, Mombasa: P11 (cat 1) 3 x 100 + P30 (cat 3) 1 x 700; coupon 100, points 15.
 *       gross 1000, net 885; discounts 115 split 34.50 / 80.50: cat 1 265.50, cat 3 619.50.
 *   C paid 11 Mar 00:30 EAT (10 Mar 21:30 UTC), Paid, Nairobi: P21 (cat 2) 1 x 2500. net 2500.
 *   D unpaid Pending, placed 11 Mar 11:00 EAT: P10 1 x 1950. Never in a report.
 *   E paid 12 Mar (outside the range), Kisumu: P10 1 x 999.
 *   F paid 15 Jan 2026, Delivered, Nairobi: P20 2 x 1000.
 *   G paid Feb 2025 (older than twelve months), Nakuru: P20 1 x 3000.
 * In range: orders 3; gross 5500; net 5185; items 2+1+3+1+1 = 8; average 5185 / 3 = 1728.33.
 *   cat 1: 900 + 265.50 = 1165.50 (5 items); cat 2: 900 + 2500 = 3400 (2); cat 3: 619.50 (1).
 */
interface Line {
  product: number;
  category: number;
  unit: number;
  qty: number;
}
interface Fixture {
  number: string;
  county: string;
  created: string;
  paid: string | null;
  status: number;
  coupon?: number;
  points?: number;
  lines: Line[];
}

const FIXTURES: Fixture[] = [
  {
    number: 'SH-260901',
    county: 'Nairobi',
    created: '2026-03-10 06:55:00',
    paid: '2026-03-10 07:00:00',
    status: 5,
    coupon: 20_000,
    lines: [
      { product: 10, category: 1, unit: 50_000, qty: 2 },
      { product: 20, category: 2, unit: 100_000, qty: 1 },
    ],
  },
  {
    number: 'SH-260902',
    county: 'Mombasa',
    created: '2026-03-10 20:25:00',
    paid: '2026-03-10 20:30:00',
    status: 3,
    coupon: 10_000,
    points: 1_500,
    lines: [
      { product: 11, category: 1, unit: 10_000, qty: 3 },
      { product: 30, category: 3, unit: 70_000, qty: 1 },
    ],
  },
  {
    number: 'SH-260903',
    county: 'Nairobi',
    created: '2026-03-10 21:25:00',
    paid: '2026-03-10 21:30:00',
    status: 2,
    lines: [{ product: 21, category: 2, unit: 250_000, qty: 1 }],
  },
  {
    number: 'SH-260904',
    county: 'Nairobi',
    created: '2026-03-11 08:00:00',
    paid: null,
    status: 1,
    lines: [{ product: 10, category: 1, unit: 195_000, qty: 1 }],
  },
  {
    number: 'SH-260905',
    county: 'Kisumu',
    created: '2026-03-12 06:00:00',
    paid: '2026-03-12 06:05:00',
    status: 2,
    lines: [{ product: 10, category: 1, unit: 99_900, qty: 1 }],
  },
  {
    number: 'SH-260906',
    county: 'Nairobi',
    created: '2026-01-15 09:00:00',
    paid: '2026-01-15 09:05:00',
    status: 5,
    lines: [{ product: 20, category: 2, unit: 100_000, qty: 2 }],
  },
  {
    number: 'SH-250907',
    county: 'Nakuru',
    created: '2025-02-15 09:00:00',
    paid: '2025-02-15 09:05:00',
    status: 5,
    lines: [{ product: 20, category: 2, unit: 300_000, qty: 1 }],
  },
];

const RANGE = 'daterange=2026-03-10%20-%202026-03-11';

/** An order row written straight into the table (no checkout path makes the states these tests need). */
function handWrittenOrder(number: string, totalCents: number) {
  return {
    order_number: number,
    customer_id: null,
    first_name: 'Hand',
    last_name: 'Written',
    email: 'hand@example.com',
    phone: '0712345678',
    street: '1 Road',
    town: 'Town',
    county_id: 1,
    county_name: 'Nairobi',
    sub_county_id: 1,
    sub_county_name: 'Sub',
    subtotal_cents: totalCents,
    discount_cents: 0,
    points_discount_cents: 0,
    total_cents: totalCents,
    redeemed_points: 0,
  };
}

describe.each(testDatabases('orders-admin'))('back office dashboard and reports on $dialect', (database) => {
  let h: OrdersHarness;
  let staff: string;

  beforeAll(async () => {
    // 11 March 2026, 12:00 in Nairobi.
    h = await startOrdersHarness(database, { seedDemoAccounts: true, clock: () => new Date('2026-03-11T09:00:00Z') });
    staff = await h.staffToken();
    for (const f of FIXTURES) {
      const subtotal = f.lines.reduce((sum, line) => sum + line.unit * line.qty, 0);
      const discount = f.coupon ?? 0;
      const points = f.points ?? 0;
      const [id] = await h.db('orders').insert({
        order_number: f.number,
        customer_id: null,
        first_name: 'Fixture',
        last_name: f.number,
        email: 'fixture@example.com',
        phone: '0712345678',
        street: '1 Road',
        town: 'Town',
        county_id: 1,
        county_name: f.county,
        sub_county_id: 1,
        sub_county_name: 'Sub',
        subtotal_cents: subtotal,
        discount_cents: discount,
        points_discount_cents: points,
        total_cents: subtotal - discount - points,
        redeemed_points: points / 100,
        status_id: f.status,
        is_paid: f.paid !== null,
        paid_at: f.paid,
        created_at: f.created,
        updated_at: f.created,
      });
      await h.db('order_items').insert(
        f.lines.map((line) => ({
          order_id: id,
          product_id: line.product,
          product_name: `Product ${line.product}`,
          brand_id: line.category * 10,
          brand_name: `Brand ${line.category * 10}`,
          category_id: line.category,
          category_name: `Category ${line.category}`,
          unit: '1 kg',
          image: 'x.png',
          unit_price_cents: line.unit,
          quantity: line.qty,
          line_total_cents: line.unit * line.qty,
        })),
      );
      await h.db('order_status_history').insert({ order_id: id, status_id: f.status, note: null, created_at: f.created });
    }
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = async (path: string) => {
    const answer = await h.request('GET', path, { token: staff });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it('category report: net allocated to lines by line total, Nairobi paid days', async () => {
    const report = (await get(`/api/admin/dashboard/category_report?${RANGE}`)) as CategoryReport;
    expect(report.totals).toEqual({ orders: 3, net_sales: 5185, items_sold: 8, total_sales: 5185, average_order_value: 1728.33 });
    expect(report.categories).toEqual([
      { category_id: 2, category_name: 'Category 2', net_sales: 3400, items_sold: 2 },
      { category_id: 1, category_name: 'Category 1', net_sales: 1165.5, items_sold: 5 },
      { category_id: 3, category_name: 'Category 3', net_sales: 619.5, items_sold: 1 },
    ]);
    expect(report.graph_data).toEqual([
      { date: '2026-03-10', category_id: 1, category_name: 'Category 1', net_sales: 1165.5, items_sold: 5 },
      { date: '2026-03-10', category_id: 2, category_name: 'Category 2', net_sales: 900, items_sold: 1 },
      { date: '2026-03-10', category_id: 3, category_name: 'Category 3', net_sales: 619.5, items_sold: 1 },
      { date: '2026-03-11', category_id: 2, category_name: 'Category 2', net_sales: 2500, items_sold: 1 },
    ]);
    expect(report.all_categories).toEqual([
      { id: 1, name: 'Category 1' },
      { id: 2, name: 'Category 2' },
      { id: 3, name: 'Category 3' },
    ]);
    const filtered = (await get(`/api/admin/dashboard/category_report?${RANGE}&category_ids=1,3`)) as CategoryReport;
    expect(filtered.totals).toEqual({ orders: 2, net_sales: 1785, items_sold: 6, total_sales: 1785, average_order_value: 892.5 });
  });

  it('product report filters by category and brand', async () => {
    const report = (await get(`/api/admin/dashboard/product_report?${RANGE}`)) as ProductReport;
    expect(report.products).toEqual(
      [
        { product_id: 21, product_name: 'Product 21', net_sales: 2500, items_sold: 1 },
        { product_id: 10, product_name: 'Product 10', net_sales: 900, items_sold: 2 },
        { product_id: 20, product_name: 'Product 20', net_sales: 900, items_sold: 1 },
        { product_id: 30, product_name: 'Product 30', net_sales: 619.5, items_sold: 1 },
        { product_id: 11, product_name: 'Product 11', net_sales: 265.5, items_sold: 3 },
      ].sort((a, b) => b.net_sales - a.net_sales || 0),
    );
    expect(report.graph_data).toEqual([
      { date: '2026-03-10', net_sales: 2685, items_sold: 7, orders: 2 },
      { date: '2026-03-11', net_sales: 2500, items_sold: 1, orders: 1 },
    ]);
    // The pick-lists, read in one statement: each list by name, every category and brand on any line.
    expect(report.categories).toEqual([
      { id: 1, name: 'Category 1' },
      { id: 2, name: 'Category 2' },
      { id: 3, name: 'Category 3' },
    ]);
    expect(report.brands).toEqual([
      { id: 10, name: 'Brand 10' },
      { id: 20, name: 'Brand 20' },
      { id: 30, name: 'Brand 30' },
    ]);
    // The product list and Sales per Category come from one read grouped by product and category.
    expect(report.category_sales).toEqual([
      { category_id: 2, category_name: 'Category 2', net_sales: 3400, items_sold: 2 },
      { category_id: 1, category_name: 'Category 1', net_sales: 1165.5, items_sold: 5 },
      { category_id: 3, category_name: 'Category 3', net_sales: 619.5, items_sold: 1 },
    ]);
    const brand = (await get(`/api/admin/dashboard/product_report?${RANGE}&brand_ids=20`)) as ProductReport;
    expect(brand.totals).toEqual({ orders: 2, net_sales: 3400, items_sold: 2, total_sales: 3400, average_order_value: 1700 });
    expect(brand.products.map((p) => p.product_id).sort()).toEqual([20, 21]);
    expect(brand.category_sales).toEqual([{ category_id: 2, category_name: 'Category 2', net_sales: 3400, items_sold: 2 }]);
  });

  it('revenue report: gross, net and total per Nairobi day', async () => {
    const report = (await get(`/api/admin/dashboard/revenue_report?${RANGE}`)) as RevenueReport;
    expect(report.revenue_data).toEqual([
      { date: '2026-03-10', orders: 2, gross_sales: 3000, net_sales: 2685, total_sales: 2685 },
      { date: '2026-03-11', orders: 1, gross_sales: 2500, net_sales: 2500, total_sales: 2500 },
    ]);
    expect(report.totals).toEqual({ orders: 3, net_sales: 5185, items_sold: 8, total_sales: 5185, average_order_value: 1728.33 });
    // The "Sales per Category" chart's figures: the range's lines per category, largest first.
    expect(report.category_sales).toEqual([
      { category_id: 2, category_name: 'Category 2', net_sales: 3400, items_sold: 2 },
      { category_id: 1, category_name: 'Category 1', net_sales: 1165.5, items_sold: 5 },
      { category_id: 3, category_name: 'Category 3', net_sales: 619.5, items_sold: 1 },
    ]);
    const filtered = (await get(`/api/admin/dashboard/revenue_report?${RANGE}&brand_ids=20`)) as RevenueReport;
    expect(filtered.category_sales).toEqual([{ category_id: 2, category_name: 'Category 2', net_sales: 3400, items_sold: 2 }]);
  });

  it('order report by status, and its totals equal the orders list for the same range', async () => {
    // No status chosen is every status: the unpaid Pending order counts too ("All" means all).
    const report = (await get(`/api/admin/dashboard/order_report?${RANGE}`)) as OrderReport;
    expect(report.orders).toEqual([
      {
        order_number: 'SH-260904',
        total_amount: 1950,
        date: '2026-03-11',
        status_name: 'Pending',
        customer_name: 'Fixture SH-260904',
        items_count: 1,
        items_sold: 1,
      },
      {
        order_number: 'SH-260903',
        total_amount: 2500,
        date: '2026-03-11',
        status_name: 'Paid',
        customer_name: 'Fixture SH-260903',
        items_count: 1,
        items_sold: 1,
      },
      {
        order_number: 'SH-260902',
        total_amount: 885,
        date: '2026-03-10',
        status_name: 'Processing',
        customer_name: 'Fixture SH-260902',
        items_count: 2,
        items_sold: 4,
      },
      {
        order_number: 'SH-260901',
        total_amount: 1800,
        date: '2026-03-10',
        status_name: 'Delivered',
        customer_name: 'Fixture SH-260901',
        items_count: 2,
        items_sold: 3,
      },
    ]);
    expect(report.totals).toEqual({ orders: 4, net_sales: 7135, items_sold: 8, total_sales: 7135, average_order_value: 1783.75 });
    expect(report.graph_data).toEqual([
      { date: '2026-03-10', status_id: 3, status_name: 'Processing', net_sales: 885, items_sold: 4, orders: 1 },
      { date: '2026-03-10', status_id: 5, status_name: 'Delivered', net_sales: 1800, items_sold: 3, orders: 1 },
      { date: '2026-03-11', status_id: 1, status_name: 'Pending', net_sales: 1950, items_sold: 0, orders: 1 },
      { date: '2026-03-11', status_id: 2, status_name: 'Paid', net_sales: 2500, items_sold: 1, orders: 1 },
    ]);
    // Choosing every status by hand gives the same report as choosing none.
    const everyStatus = (await get(`/api/admin/dashboard/order_report?${RANGE}&status_ids=1,2,3,4,5,6`)) as OrderReport;
    expect(everyStatus).toEqual(report);
    const filtered = (await get(`/api/admin/dashboard/order_report?${RANGE}&status_ids=2,3`)) as OrderReport;
    expect(filtered.totals).toMatchObject({ orders: 2, net_sales: 3385, items_sold: 5 });

    // The orders list (by placing day; the fixtures are placed the day they are paid) agrees: every
    // order counts and is worth its total; only paid ones sold items.
    const list = (await get('/api/admin/orders?from=2026-03-10&to=2026-03-11&per_page=100')).orders as Page<AdminOrder>;
    const paid = list.data.filter((order) => order.is_paid === 1);
    expect(list.data.length).toBe(report.totals.orders);
    expect(list.data.reduce((sum, order) => sum + Math.round(order.total_amount * 100), 0) / 100).toBe(report.totals.net_sales);
    expect(paid.reduce((sum, order) => sum + order.order_items.reduce((n, item) => n + item.quantity, 0), 0)).toBe(
      report.totals.items_sold,
    );
  });

  it('order report over more than a quarter is charted per month, a month at either end holding only the range’s days', async () => {
    // 20 Nov 2025 - 11 Mar 2026 (112 days): F in January; A, B, C and D in March; E (12 Mar) is past the end.
    const long = (await get('/api/admin/dashboard/order_report?daterange=2025-11-20%20-%202026-03-11')) as OrderReport;
    expect(long.graph_data).toEqual([
      { date: '2026-01', status_id: 5, status_name: 'Delivered', net_sales: 2000, items_sold: 2, orders: 1 },
      { date: '2026-03', status_id: 1, status_name: 'Pending', net_sales: 1950, items_sold: 0, orders: 1 },
      { date: '2026-03', status_id: 2, status_name: 'Paid', net_sales: 2500, items_sold: 1, orders: 1 },
      { date: '2026-03', status_id: 3, status_name: 'Processing', net_sales: 885, items_sold: 4, orders: 1 },
      { date: '2026-03', status_id: 5, status_name: 'Delivered', net_sales: 1800, items_sold: 3, orders: 1 },
    ]);
    expect(long.totals).toEqual({ orders: 5, net_sales: 9135, items_sold: 10, total_sales: 9135, average_order_value: 1827 });
    expect(long.orders.map((order) => order.order_number)).toEqual(['SH-260904', 'SH-260903', 'SH-260902', 'SH-260901', 'SH-260906']);

    // 16 Jan - 30 Apr 2026: F (15 Jan) is before the start; E (12 Mar) now counts with C in March's Paid.
    const later = (await get('/api/admin/dashboard/order_report?daterange=2026-01-16%20-%202026-04-30&status_ids=2,5')) as OrderReport;
    expect(later.graph_data).toEqual([
      { date: '2026-03', status_id: 2, status_name: 'Paid', net_sales: 3499, items_sold: 2, orders: 2 },
      { date: '2026-03', status_id: 5, status_name: 'Delivered', net_sales: 1800, items_sold: 3, orders: 1 },
    ]);

    // A quarter (92 days, 10 Dec - 11 Mar) is still charted per day.
    const quarter = (await get('/api/admin/dashboard/order_report?daterange=2025-12-10%20-%202026-03-11&status_ids=5')) as OrderReport;
    expect(quarter.graph_data.map((point) => point.date)).toEqual(['2026-01-15', '2026-03-10']);
  });

  it('category, product and revenue reports over more than a quarter are charted per month, from month roll-ups and edge days', async () => {
    // 20 Nov 2025 - 11 Mar 2026: F (15 Jan) in a whole month (the month tables); A, B, C in March's first days (the day tables).
    const long = 'daterange=2025-11-20%20-%202026-03-11';
    const category = (await get(`/api/admin/dashboard/category_report?${long}&category_ids=1,2,3`)) as CategoryReport;
    expect(category.graph_data).toEqual([
      { date: '2026-01', category_id: 2, category_name: 'Category 2', net_sales: 2000, items_sold: 2 },
      { date: '2026-03', category_id: 1, category_name: 'Category 1', net_sales: 1165.5, items_sold: 5 },
      { date: '2026-03', category_id: 2, category_name: 'Category 2', net_sales: 3400, items_sold: 2 },
      { date: '2026-03', category_id: 3, category_name: 'Category 3', net_sales: 619.5, items_sold: 1 },
    ]);
    expect(category.totals).toEqual({ orders: 4, net_sales: 7185, items_sold: 10, total_sales: 7185, average_order_value: 1796.25 });
    const revenue = (await get(`/api/admin/dashboard/revenue_report?${long}`)) as RevenueReport;
    expect(revenue.revenue_data).toEqual([
      { date: '2026-01', orders: 1, gross_sales: 2000, net_sales: 2000, total_sales: 2000 },
      { date: '2026-03', orders: 3, gross_sales: 5500, net_sales: 5185, total_sales: 5185 },
    ]);
    expect(revenue.totals).toEqual(category.totals);
    // Filtered by category 2 (the baskets' month and day counts): A and C in March, F in January.
    const product = (await get(`/api/admin/dashboard/product_report?${long}&category_ids=2`)) as ProductReport;
    expect(product.graph_data).toEqual([
      { date: '2026-01', net_sales: 2000, items_sold: 2, orders: 1 },
      { date: '2026-03', net_sales: 3400, items_sold: 2, orders: 2 },
    ]);
    // 10 Jan - 30 Apr 2026: January from its days (F), March whole from the month tables (A, B, C and E).
    const later = (await get('/api/admin/dashboard/product_report?daterange=2026-01-10%20-%202026-04-30&category_ids=1')) as ProductReport;
    expect(later.graph_data).toEqual([{ date: '2026-03', net_sales: 1165.5 + 999, items_sold: 6, orders: 3 }]);
    // A quarter is still charted per day.
    const quarter = (await get('/api/admin/dashboard/revenue_report?daterange=2025-12-10%20-%202026-03-11')) as RevenueReport;
    expect(quarter.revenue_data.map((row) => row.date)).toEqual(['2026-01-15', '2026-03-10', '2026-03-11']);
  });

  it('order report filtered by Pending or Cancelled counts those orders: unpaid ones by the day placed, paid ones by the day paid', async () => {
    const pending = (await get(`/api/admin/dashboard/order_report?${RANGE}&status_ids=1`)) as OrderReport;
    expect(pending.orders).toEqual([
      {
        order_number: 'SH-260904',
        total_amount: 1950,
        date: '2026-03-11',
        status_name: 'Pending',
        customer_name: 'Fixture SH-260904',
        items_count: 1,
        items_sold: 1,
      },
    ]);
    expect(pending.graph_data).toEqual([
      { date: '2026-03-11', status_id: 1, status_name: 'Pending', net_sales: 1950, items_sold: 0, orders: 1 },
    ]);
    expect(pending.totals).toMatchObject({ orders: 1, net_sales: 1950, items_sold: 0 });

    // Two cancelled orders for the time of this test: one cancelled unpaid (placed 10 Mar 12:00 EAT),
    // one cancelled after it was paid (paid 11 Mar 09:00 EAT), and one cancelled unpaid outside the range.
    const extra = [
      { number: 'SH-260911', created: '2026-03-10 09:00:00', paid: null, total: 300_000 },
      { number: 'SH-260912', created: '2026-03-11 05:55:00', paid: '2026-03-11 06:00:00', total: 200_000 },
      { number: 'SH-260913', created: '2026-03-09 09:00:00', paid: null, total: 700_000 },
    ];
    const ids: number[] = [];
    for (const order of extra) {
      const [id] = await h.db('orders').insert({
        ...handWrittenOrder(order.number, order.total),
        first_name: 'Cancelled',
        last_name: order.number,
        email: 'cancelled@example.com',
        status_id: 6,
        is_paid: order.paid !== null,
        paid_at: order.paid,
        created_at: order.created,
        updated_at: order.created,
      });
      ids.push(Number(id));
      await h.db('order_items').insert({
        order_id: id,
        product_id: 10,
        product_name: 'Product 10',
        brand_id: 10,
        brand_name: 'Brand 10',
        category_id: 1,
        category_name: 'Category 1',
        unit: '1 kg',
        image: 'x.png',
        unit_price_cents: order.total / 2,
        quantity: 2,
        line_total_cents: order.total,
      });
    }
    try {
      const cancelled = (await get(`/api/admin/dashboard/order_report?${RANGE}&status_ids=6`)) as OrderReport;
      expect(cancelled.orders.map((row) => [row.order_number, row.date, row.status_name, row.total_amount, row.items_sold])).toEqual([
        ['SH-260912', '2026-03-11', 'Cancelled', 2000, 2],
        ['SH-260911', '2026-03-10', 'Cancelled', 3000, 2],
      ]);
      expect(cancelled.graph_data).toEqual([
        { date: '2026-03-10', status_id: 6, status_name: 'Cancelled', net_sales: 3000, items_sold: 0, orders: 1 },
        { date: '2026-03-11', status_id: 6, status_name: 'Cancelled', net_sales: 2000, items_sold: 2, orders: 1 },
      ]);
      expect(cancelled.totals).toMatchObject({ orders: 2, net_sales: 5000, items_sold: 2 });

      const both = (await get(`/api/admin/dashboard/order_report?${RANGE}&status_ids=1,6,5`)) as OrderReport;
      expect(both.orders.map((row) => row.order_number)).toEqual(['SH-260904', 'SH-260912', 'SH-260911', 'SH-260901']);
      expect(both.totals).toMatchObject({ orders: 4, net_sales: 1950 + 5000 + 1800 });
      // Unfiltered is every status: the paid ones, the unpaid Pending and the unpaid Cancelled placed in the range.
      const all = (await get(`/api/admin/dashboard/order_report?${RANGE}`)) as OrderReport;
      expect(all.totals).toMatchObject({ orders: 6, net_sales: 5185 + 1950 + 2000 + 3000 });
      expect(all.orders.map((row) => row.order_number)).toContain('SH-260911');
      expect(all.orders.map((row) => row.order_number)).not.toContain('SH-260913');
    } finally {
      await h.db('order_items').whereIn('order_id', ids).delete();
      await h.db('orders').whereIn('id', ids).delete();
    }
  });

  it('order report: every paid status lists the same newest orders as the statuses one by one, a paid Pending one in neither', async () => {
    // A hand-written paid order left Pending (no payment path makes one): counted by the graph, never listed.
    const [id] = await h.db('orders').insert({
      ...handWrittenOrder('SH-260921', 40_000),
      status_id: 1,
      is_paid: true,
      paid_at: '2026-03-11 07:00:00',
      created_at: '2026-03-11 06:55:00',
      updated_at: '2026-03-11 06:55:00',
    });
    try {
      const numbers = async (statuses: string) =>
        ((await get(`/api/admin/dashboard/order_report?${RANGE}&status_ids=${statuses}`)) as OrderReport).orders.map(
          (row) => row.order_number,
        );
      const merged = [...(await numbers('2,3')), ...(await numbers('4,5'))];
      const everyPaid = await numbers('2,3,4,5,6');
      expect(everyPaid).toEqual(['SH-260903', 'SH-260902', 'SH-260901']);
      expect(everyPaid.slice().sort()).toEqual(merged.sort());
      const all = (await get(`/api/admin/dashboard/order_report?${RANGE}`)) as OrderReport;
      expect(all.orders.map((row) => row.order_number)).toEqual(['SH-260904', ...everyPaid]);
      expect(all.graph_data).toContainEqual({
        date: '2026-03-11',
        status_id: 1,
        status_name: 'Pending',
        net_sales: 2350,
        items_sold: 0,
        orders: 2,
      });
    } finally {
      await h.db('orders').where('id', Number(id)).delete();
    }
  });

  it('validates the date range and the id lists (400)', async () => {
    for (const query of [
      '',
      'daterange=2026-03-11%20-%202026-03-10',
      'daterange=2026-02-30%20-%202026-03-01',
      'daterange=yesterday',
      `${RANGE}&category_ids=x`,
    ]) {
      const answer = await h.request('GET', `/api/admin/dashboard/category_report?${query}`, { token: staff });
      expect(answer.status).toBe(400);
    }
    const answer = await h.request('GET', '/api/admin/dashboard/order_report?daterange=2026-03-11%20-%202026-03-10', { token: staff });
    expect(answer.body.message).toBe('The date range must be YYYY-MM-DD - YYYY-MM-DD with the start on or before the end.');
  });

  it('dashboard: depot, statusReport, revenueChart, monthlySalesTotal, today', async () => {
    expect(await get('/api/admin/dashboard/depot')).toEqual({
      labels: ['Nairobi', 'Nakuru', 'Kisumu', 'Mombasa'],
      data: [1800 + 2500 + 2000, 3000, 999, 885],
      color: [expect.stringMatching(/^#/), expect.stringMatching(/^#/), expect.stringMatching(/^#/), expect.stringMatching(/^#/)],
    });
    const depot = await get('/api/admin/dashboard/depot');
    expect(new Set(depot.color).size).toBe(4);
    expect(await get('/api/admin/dashboard/statusReport')).toEqual({
      labels: ['Pending', 'Paid', 'Processing', 'Dispatched', 'Delivered', 'Cancelled'],
      data: [1, 2, 1, 0, 3, 0],
      color: ['#f59e0b', '#16a34a', '#2563eb', '#7c3aed', '#15803d', '#dc2626'],
    });
    const revenue = await get('/api/admin/dashboard/revenueChart');
    expect(revenue.labels).toHaveLength(12);
    expect(revenue.labels[0]).toBe('Apr 2025');
    expect(revenue.labels[11]).toBe('Mar 2026');
    expect(revenue.data).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 2000, 0, 1800 + 885 + 2500 + 999]);
    const monthly = await get('/api/admin/dashboard/monthlySalesTotal');
    expect(monthly.labels).toEqual(revenue.labels);
    expect(monthly.datasets).toEqual([{ label: 'Orders', data: [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 5] }]);
    expect(await get('/api/admin/dashboard/today')).toEqual({
      orders_today: 2,
      revenue_today: 2500,
      pending_payments: 1,
      pending_payments_value: 1950,
    });
  });
});
