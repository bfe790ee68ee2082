import type { Knex } from 'knex';
import { migrateLatest, migratorConfig, sqlTimestamp } from '@shop/service-kit';
import { migrateOne, recordedMigrations, schemaOf } from '@shop/service-kit/migration-testing';
import { testDatabases } from '@shop/service-kit/testing';
import { rebuildReportSummaries, withoutSummaryTriggers } from '../admin/summaries';
import { migrateAsReleased, RELEASES } from '../testing/releases';
import { migrations } from './migrations';

type Row = Record<string, unknown>;

const num = (value: unknown): number => Number(value ?? 0);
const stamp = (value: unknown): string => (value instanceof Date ? sqlTimestamp(value) : String(value));
/** The Nairobi day (UTC+3) of a UTC 'YYYY-MM-DD HH:MM:SS'. */
const nairobiDay = (value: unknown): string =>
  new Date(Date.parse(`${stamp(value).replace(' ', 'T')}Z`) + 3 * 3_600_000).toISOString().slice(0, 10);
const dayOf = (value: unknown): string => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value));

/** Migrations take a while on MySQL (every DDL commits), and these tests migrate several databases. */
const SLOW_MS = 120_000;

let orderNumber = 0;

/** An order as the first release wrote it (no columns of later migrations), with its lines. */
async function writeOrder(
  db: Knex,
  order: { status: number; paid: boolean; placed: string; paidAt?: string; county?: string; discount?: number },
  lines: Array<{ product: number; category: number; brand: number | null; total: number; quantity: number }>,
): Promise<number> {
  orderNumber += 1;
  const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
  const discount = order.discount ?? 0;
  const [id] = await db('orders').insert({
    order_number: `SH-26${String(900_000 + orderNumber)}`,
    customer_id: null,
    first_name: 'Akinyi',
    last_name: 'Otieno',
    email: 'akinyi@example.com',
    phone: '0712345678',
    street: '1 Kenyatta Avenue',
    town: 'Kisumu',
    county_id: 42,
    county_name: order.county ?? 'Kisumu',
    sub_county_id: 240,
    sub_county_name: 'Kisumu Central',
    subtotal_cents: subtotal,
    discount_cents: discount,
    total_cents: subtotal - discount,
    status_id: order.status,
    is_paid: order.paid,
    paid_at: order.paidAt ?? null,
    created_at: order.placed,
    updated_at: order.placed,
  });
  const orderId = num(id);
  for (const line of lines) {
    await db('order_items').insert({
      order_id: orderId,
      product_id: line.product,
      product_name: `Product ${line.product}`,
      brand_id: line.brand,
      brand_name: line.brand === null ? '' : `Brand ${line.brand}`,
      category_id: line.category,
      category_name: `Category ${line.category}`,
      unit: '2 kg',
      image: 'product.png',
      unit_price_cents: line.total / line.quantity,
      quantity: line.quantity,
      line_total_cents: line.total,
    });
  }
  return orderId;
}

/**
 * The summary tables as comparable maps: rows that add up to nothing are left out (a status change
 * leaves zero rows behind) and baskets are named by their key (ids differ after a rebuild).
 */
async function summaries(db: Knex): Promise<Record<string, Record<string, unknown>>> {
  const keep = (rows: Row[], key: (row: Row) => string, value: (row: Row) => unknown, nonZero: (row: Row) => boolean) =>
    Object.fromEntries(rows.filter(nonZero).map((row) => [key(row), value(row)]));
  const baskets: Row[] = await db('report_basket_days as d')
    .join('report_baskets as b', 'b.id', 'd.basket_id')
    .select('d.day', 'd.orders', 'b.basket_key');
  return {
    placed: keep(
      await db('report_placed_days'),
      (r) => `${dayOf(r.day)} ${num(r.status_id)} ${num(r.is_paid)}`,
      (r) => [num(r.orders), num(r.total_cents)],
      (r) => num(r.orders) !== 0,
    ),
    paid: keep(
      await db('report_paid_days'),
      (r) => `${dayOf(r.day)} ${num(r.status_id)}`,
      (r) => [num(r.orders), num(r.lined_orders), num(r.total_cents), num(r.items)],
      (r) => num(r.orders) !== 0,
    ),
    counties: keep(
      await db('report_county_sales'),
      (r) => String(r.county_name),
      (r) => [num(r.orders), num(r.total_cents)],
      (r) => num(r.orders) !== 0,
    ),
    products: keep(
      await db('report_product_days'),
      (r) => `${dayOf(r.day)} ${num(r.product_id)} ${num(r.category_id)} ${num(r.brand_id)}`,
      (r) => [Math.round(num(r.net_cents) * 1e6) / 1e6, num(r.gross_cents), num(r.items)],
      (r) => num(r.items) !== 0,
    ),
    baskets: keep(
      baskets,
      (r) => `${dayOf(r.day)} ${String(r.basket_key).replace(/,/g, '')}`,
      (r) => num(r.orders),
      (r) => num(r.orders) !== 0,
    ),
  };
}

/** The same figures summed straight from orders and their lines (REPORT_RULES). */
async function sumsOverOrders(db: Knex): Promise<Record<string, Record<string, unknown>>> {
  const orders: Row[] = await db('orders').select('*');
  const lines: Row[] = await db('order_items').select('*');
  const add = (map: Map<string, number[]>, key: string, figures: number[]) =>
    map.set(
      key,
      (map.get(key) ?? figures.map(() => 0)).map((sum, i) => sum + figures[i]!),
    );
  const placed = new Map<string, number[]>();
  const paid = new Map<string, number[]>();
  const counties = new Map<string, number[]>();
  const products = new Map<string, number[]>();
  for (const o of orders) {
    const isPaid = num(o.is_paid) === 1;
    const own = lines.filter((l) => num(l.order_id) === num(o.id));
    if (!(num(o.status_id) === 1 && !isPaid))
      add(placed, `${nairobiDay(o.created_at)} ${num(o.status_id)} ${isPaid ? 1 : 0}`, [1, num(o.total_cents)]);
    if (isPaid) add(counties, String(o.county_name), [1, num(o.total_cents)]);
    if (!isPaid || o.paid_at === null) continue;
    const day = nairobiDay(o.paid_at);
    add(paid, `${day} ${num(o.status_id)}`, [
      1,
      own.length > 0 ? 1 : 0,
      num(o.total_cents),
      own.reduce((sum, l) => sum + num(l.quantity), 0),
    ]);
    for (const l of own)
      add(products, `${day} ${num(l.product_id)} ${num(l.category_id)} ${num(l.brand_id)}`, [num(l.line_total_cents), num(l.quantity)]);
  }
  return {
    placed: Object.fromEntries(placed),
    paid: Object.fromEntries(paid),
    counties: Object.fromEntries(counties),
    products: Object.fromEntries(products),
  };
}

it('keeps every migration name earlier releases recorded, once each, in the order of the releases', () => {
  const names = migrations.map((m) => m.name);
  expect(new Set(names).size).toBe(names.length);
  expect(RELEASES.flatMap((r) => r.migrations).sort()).toEqual([...names].sort());
  // The names in knex_migrations_orders of databases migrated before this layout.
  expect(names).toEqual(
    expect.arrayContaining([
      '0001_orders',
      '0002_back_office',
      '0003_report_summaries',
      '0004_points_reversal',
      '0005_refund_due',
      '0006_refund_made',
      '9001_orders_audit_log',
    ]),
  );
});

describe.each(testDatabases('orders-migrations'))('orders migrations on $dialect', (database) => {
  const open: Array<() => Promise<void>> = [];
  const fresh = async (): Promise<Knex> => {
    const created = await database.create();
    open.push(created.drop);
    return created.db;
  };
  let freshSchema: Awaited<ReturnType<typeof schemaOf>>;

  beforeAll(async () => {
    const db = await fresh();
    await migrateLatest(db, 'orders', migrations);
    freshSchema = await schemaOf(db);
  }, SLOW_MS);
  afterAll(async () => {
    for (const drop of open) await drop();
  }, SLOW_MS);

  it('a fresh database has the schema the service reads by', () => {
    const items = freshSchema.tables.order_items!;
    expect(Object.keys(items.indexes)).toEqual(
      expect.arrayContaining([
        'order_items_order_quantity_idx',
        'order_items_category_name_idx',
        'order_items_brand_name_idx',
        'order_items_product_idx',
      ]),
    );
    expect(Object.keys(items.indexes)).not.toContain('order_items_order_idx');
    expect(items.indexes.order_items_order_quantity_idx).toEqual({ unique: false, columns: ['order_id', 'quantity'] });
    expect(freshSchema.tables.report_basket_days!.indexes.report_basket_days_basket_idx).toEqual({
      unique: false,
      columns: ['basket_id', 'day', 'orders'],
    });
    expect(freshSchema.tables.orders!.columns).toHaveProperty('refunded_at');
    expect(freshSchema.tables).toHaveProperty('orders_audit_log');
    expect(Object.keys(freshSchema.triggers).length).toBeGreaterThanOrEqual(4);
  });

  it(
    'migrated one release after another, with orders written on the way, ends with the schema of a fresh database and summaries equal to the sums over orders',
    async () => {
      const db = await fresh();
      const cancelled: number[] = [];
      await migrateAsReleased(db, async (name) => {
        if (name === '9001_orders_audit_log') {
          // The first release's orders, before any summary existed: 0003 must summarise them.
          await writeOrder(db, { status: 5, paid: true, placed: '2026-01-05 20:30:00', paidAt: '2026-01-05 21:10:00', discount: 5_000 }, [
            { product: 1, category: 1, brand: 1, total: 60_000, quantity: 2 },
            { product: 2, category: 2, brand: null, total: 40_000, quantity: 1 },
          ]);
          cancelled.push(
            await writeOrder(
              db,
              { status: 6, paid: true, placed: '2026-01-06 08:00:00', paidAt: '2026-01-06 08:05:00', county: 'Mombasa' },
              [{ product: 3, category: 1, brand: 2, total: 25_000, quantity: 1 }],
            ),
          );
          await writeOrder(db, { status: 1, paid: false, placed: '2026-01-07 09:00:00' }, [
            { product: 1, category: 1, brand: 1, total: 30_000, quantity: 1 },
          ]);
          cancelled.push(
            await writeOrder(db, { status: 6, paid: false, placed: '2026-01-07 10:00:00' }, [
              { product: 2, category: 2, brand: 3, total: 40_000, quantity: 1 },
            ]),
          );
        }
        if (name === '0003_report_summaries') {
          // Kept by the triggers from here on: an order written line by line, an order paid later.
          await writeOrder(db, { status: 2, paid: true, placed: '2026-01-08 07:00:00', paidAt: '2026-01-08 07:01:00' }, [
            { product: 4, category: 3, brand: 1, total: 90_000, quantity: 3 },
            { product: 1, category: 1, brand: 1, total: 30_000, quantity: 1 },
          ]);
          const later = await writeOrder(db, { status: 1, paid: false, placed: '2026-01-09 12:00:00' }, [
            { product: 5, category: 3, brand: 2, total: 50_000, quantity: 2 },
          ]);
          await db('orders').where({ id: later }).update({ status_id: 2, is_paid: true, paid_at: '2026-01-09 12:30:00' });
        }
      });

      expect(await recordedMigrations(db, 'orders')).toEqual(RELEASES.flatMap((r) => r.migrations));
      expect(await schemaOf(db)).toEqual(freshSchema);

      // 0004: orders cancelled before it keep their points (marked as already taken back).
      const reversed: Row[] = await db('orders').whereNotNull('points_reversed_at').select('id');
      expect(reversed.map((r) => num(r.id)).sort((a, b) => a - b)).toEqual([...cancelled].sort((a, b) => a - b));

      const kept = await summaries(db);
      const sums = await sumsOverOrders(db);
      expect(kept.placed).toEqual(sums.placed);
      expect(kept.paid).toEqual(sums.paid);
      expect(kept.counties).toEqual(sums.counties);
      expect(Object.fromEntries(Object.entries(kept.products!).map(([key, figures]) => [key, (figures as number[]).slice(1)]))).toEqual(
        sums.products,
      );
      expect(Object.keys(kept.paid!)).toHaveLength(4);
      // And what today's rebuild makes of the same orders, baskets and net sales included.
      await rebuildReportSummaries(db);
      expect(await summaries(db)).toEqual(kept);
    },
    SLOW_MS,
  );

  it(
    'a database that ran 0003 as it was edited after its release ends with the schema of a fresh database',
    async () => {
      const db = await fresh();
      for (const name of ['0001_orders', '0002_back_office', '9001_orders_audit_log', '0003_report_summaries'])
        await migrateOne(db, 'orders', migrations, name);
      // What the edited 0003 (commits 28f8dbe, bd721c5) did beyond the released one, under the same recorded name.
      await db.schema.alterTable('order_items', (table) => {
        table.index(['order_id', 'quantity'], 'order_items_order_quantity_idx');
      });
      await db.schema.alterTable('order_items', (table) => {
        table.dropIndex(['order_id'], 'order_items_order_idx');
      });
      await db.schema.alterTable('report_basket_days', (table) => {
        table.index(['basket_id', 'day', 'orders'], 'report_basket_days_basket_idx');
      });
      await migrateLatest(db, 'orders', migrations);
      expect(await recordedMigrations(db, 'orders')).toEqual(RELEASES.flatMap((r) => r.migrations));
      expect(await schemaOf(db)).toEqual(freshSchema);
    },
    SLOW_MS,
  );

  it(
    'a bulk load puts back the very triggers the migrations made',
    async () => {
      const db = await fresh();
      await migrateLatest(db, 'orders', migrations);
      await withoutSummaryTriggers(db, async () => {
        expect((await schemaOf(db)).triggers).toEqual({});
      });
      expect(await schemaOf(db)).toEqual(freshSchema);
    },
    SLOW_MS,
  );

  it(
    '0007 undone leaves the schema 0003 to 0006 left as released',
    async () => {
      const released = await fresh();
      for (const name of RELEASES.flatMap((r) => r.migrations).filter((n) => n !== '0007_report_summaries_indexes'))
        await migrateOne(released, 'orders', migrations, name);
      const db = await fresh();
      await migrateAsReleased(db);
      const [, undone] = (await db.migrate.down({ ...migratorConfig('orders', migrations), name: '0007_report_summaries_indexes' })) as [
        number,
        string[],
      ];
      expect(undone).toEqual(['0007_report_summaries_indexes']);
      expect(await schemaOf(db)).toEqual(await schemaOf(released));
      expect(await schemaOf(db)).not.toEqual(freshSchema);
    },
    SLOW_MS,
  );
});
