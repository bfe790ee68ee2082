import type { Knex } from 'knex';
import { dialectOf, type Dialect } from '@shop/service-kit';

/**
 * Daily summaries the dashboard and the reports read instead of scanning orders and their lines
 * (REPORT_RULES in reports.ts). Days are Nairobi calendar days. What each table holds:
 *
 * - report_placed_days (day placed, status, paid flag): orders and their totals, every order except
 *   the Pending unpaid ones. Those are left out on purpose: every checkout writes one, and a
 *   counter bumped by every checkout would be a row every order queues on. They are few (unpaid
 *   orders are cancelled after 24 hours) and read live through orders(status_id, is_paid).
 * - report_paid_days (day paid, status): paid orders, the paid orders that have lines, their totals
 *   and items. The order report and the revenue chart.
 * - report_county_sales (county): paid orders and their totals. The depot chart.
 * - report_category_days (day paid, category, brand; brand 0 = none): net, gross and items of paid
 *   lines, with the greatest category name (as MAX() picked it before). The line-based reports'
 *   days, categories and totals. Net is the line total less the order's discounts allocated by
 *   line total, kept unrounded (a double): groups are rounded to the cent once, when a report adds
 *   them up, as before.
 * - report_product_days and report_product_months (day or first day of the month paid, product,
 *   category, brand): the same per product, with its name. The product list reads whole months
 *   from the months table and the days at either end of the range from the days table.
 * - report_baskets, report_basket_pairs, report_basket_days: a basket is the set of (category,
 *   brand) pairs of a paid order's lines; the days table counts paid orders per day and basket.
 *   A report filtered by categories or brands counts an order once when any of its lines matches,
 *   which no per-category sum can answer: the baskets whose pairs match are added up instead.
 *
 * They are kept by triggers on orders and order_items, so every writer keeps them current in its
 * own transaction: the checkout, a payment, a staff status change, a cancellation, the seed, a
 * test fixture, a hand-written fix. Order lines are snapshots written with their order and never
 * changed on their own; a line updated or deleted by hand (outside its order's deletion) needs
 * rebuildReportSummaries().
 *
 * The tables, their indexes and the triggers are made by the migrations (db/migrations/0003 and
 * 0007), which carry their own copies; the triggers here are the ones a bulk load drops and puts
 * back (withoutSummaryTriggers), and must stay the migrations' statement for statement (a test
 * compares them). Changing them, or the tables, takes a new migration.
 */

export const SUMMARY_TABLES = [
  'report_placed_days',
  'report_paid_days',
  'report_county_sales',
  'report_category_days',
  'report_product_days',
  'report_product_months',
  'report_basket_days',
  'report_basket_pairs',
  'report_baskets',
] as const;

/** The dialect's spelling of what the triggers and the rebuild say. */
class SummarySql {
  constructor(readonly dialect: Dialect) {}

  get mysql(): boolean {
    return this.dialect === 'mysql';
  }

  /** The Nairobi day (UTC+3 all year) of a UTC DATETIME expression. */
  day(expr: string): string {
    return this.mysql ? `DATE(${expr} + INTERVAL 3 HOUR)` : `date(${expr}, '+3 hours')`;
  }

  /** The first day of the Nairobi month of a UTC DATETIME expression. */
  month(expr: string): string {
    return this.mysql ? `DATE_FORMAT(${expr} + INTERVAL 3 HOUR, '%Y-%m-01')` : `date(${expr}, '+3 hours', 'start of month')`;
  }

  /** MySQL refuses a negative product with an UNSIGNED column; sums and counts are signed already. */
  signed(expr: string): string {
    return this.mysql ? `CAST(${expr} AS SIGNED)` : expr;
  }

  /** A SELECT without a table that still has a WHERE. */
  get noTable(): string {
    return this.mysql ? ' FROM DUAL' : '';
  }

  /** Null-safe "differs". */
  differs(a: string, b: string): string {
    return this.mysql ? `NOT (${a} <=> ${b})` : `${a} IS NOT ${b}`;
  }

  insertIgnore(table: string, columns: string[], select: string): string {
    return `${this.mysql ? 'INSERT IGNORE INTO' : 'INSERT OR IGNORE INTO'} ${table} (${columns.join(', ')}) ${select}`;
  }

  /** INSERT ... SELECT that adds to the row with the same key; `select` must have a WHERE (SQLite's upsert needs one). */
  upsert(table: string, keys: string[], adds: string[], latest: string[], select: string): string {
    const columns = [...keys, ...adds, ...latest];
    if (this.mysql) {
      const sets = [
        ...adds.map((c) => `${c} = ${table}.${c} + VALUES(${c})`),
        ...latest.map((c) => `${c} = GREATEST(${table}.${c}, VALUES(${c}))`),
      ];
      return `INSERT INTO ${table} (${columns.join(', ')}) ${select} ON DUPLICATE KEY UPDATE ${sets.join(', ')}`;
    }
    const sets = [
      ...adds.map((c) => `${c} = ${table}.${c} + excluded.${c}`),
      ...latest.map((c) => `${c} = max(${table}.${c}, excluded.${c})`),
    ];
    return `INSERT INTO ${table} (${columns.join(', ')}) ${select} ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${sets.join(', ')}`;
  }

  /**
   * A line's net: its total less the order's discounts (coupon + points) in proportion to its
   * share of the subtotal. 1e0 makes it floating point on both dialects (MySQL would otherwise
   * use DECIMAL with four places).
   */
  net(line: string, order: string): string {
    return `(${line}.line_total_cents - (${order}.discount_cents + ${order}.points_discount_cents) * 1e0 * ${line}.line_total_cents / (CASE WHEN ${order}.subtotal_cents > 0 THEN ${order}.subtotal_cents ELSE 1 END))`;
  }

  /** One (category, brand) pair as fixed-width digits, so a key sorts the same in every collation. */
  private pair(line: string): string {
    return this.mysql
      ? `CONCAT(LPAD(${line}.category_id, 10, '0'), LPAD(COALESCE(${line}.brand_id, 0), 10, '0'))`
      : `printf('%010d%010d', ${line}.category_id, COALESCE(${line}.brand_id, 0))`;
  }

  /** The basket key of the grouped lines `line` (an aggregate). SQLite's one-argument DISTINCT form separates with ','; harmless, the pairs are fixed width. */
  basketConcat(line: string): string {
    const pair = this.pair(line);
    return this.mysql ? `GROUP_CONCAT(DISTINCT ${pair} ORDER BY ${pair} SEPARATOR '')` : `group_concat(DISTINCT ${pair} ORDER BY ${pair})`;
  }

  /** The basket key of an order's lines (null without lines); `extra` narrows the lines (AND ...). */
  basketKey(orderId: string, extra = ''): string {
    return `(SELECT ${this.basketConcat('bk')} FROM order_items bk WHERE bk.order_id = ${orderId}${extra})`;
  }

  /** The basket row whose key is `key`: by its SHA-1 on MySQL (a unique index on the text would be too long), by the text on SQLite. */
  basketIs(alias: string, key: string): string {
    return this.mysql ? `${alias}.key_hash = UNHEX(SHA1(${key}))` : `${alias}.basket_key = ${key}`;
  }

  /** Adds the basket to the dictionary unless it is there (on MySQL that uses up an auto-increment id every time: ids are only keys). */
  addBasket(key: string, where: string): string {
    return this.mysql
      ? this.insertIgnore(
          'report_baskets',
          ['key_hash', 'basket_key'],
          `SELECT UNHEX(SHA1(k.basket_key)), k.basket_key FROM (SELECT ${key} AS basket_key) k WHERE ${where} AND k.basket_key IS NOT NULL`,
        )
      : this.insertIgnore(
          'report_baskets',
          ['basket_key'],
          `SELECT k.basket_key FROM (SELECT ${key} AS basket_key) k WHERE ${where} AND k.basket_key IS NOT NULL`,
        );
  }
}

// -------------------------------------------------------------------------------------------
// What one order adds to the summaries (sign 1) or takes away (sign -1). `o` is NEW or OLD in a
// trigger on orders.

const paidGuard = (o: string) => `${o}.is_paid = 1 AND ${o}.paid_at IS NOT NULL`;

function placedRow(sql: SummarySql, o: string, sign: 1 | -1): string {
  return `SELECT ${sql.day(`${o}.created_at`)} AS day, ${o}.status_id AS status_id, ${o}.is_paid AS is_paid, ${sign} AS orders, ${sign} * ${sql.signed(`${o}.total_cents`)} AS total_cents${sql.noTable} WHERE NOT (${o}.status_id = 1 AND ${o}.is_paid = 0)`;
}

function paidRow(sql: SummarySql, o: string, sign: 1 | -1): string {
  return (
    `SELECT ${sql.day(`${o}.paid_at`)} AS day, ${o}.status_id AS status_id, ${sign} AS orders, ` +
    `${sign} * EXISTS (SELECT 1 FROM order_items li WHERE li.order_id = ${o}.id) AS lined_orders, ` +
    `${sign} * ${sql.signed(`${o}.total_cents`)} AS total_cents, ` +
    `${sign} * (SELECT COALESCE(SUM(li.quantity), 0) FROM order_items li WHERE li.order_id = ${o}.id) AS items${sql.noTable} WHERE ${paidGuard(o)}`
  );
}

const PLACED = { table: 'report_placed_days', keys: ['day', 'status_id', 'is_paid'], adds: ['orders', 'total_cents'] };
const PAID = { table: 'report_paid_days', keys: ['day', 'status_id'], adds: ['orders', 'lined_orders', 'total_cents', 'items'] };
/** The tables of paid lines: their period (day or month paid) and what else they are keyed by. */
interface LineTable {
  table: string;
  period: 'day' | 'month';
  product: boolean;
}
const LINE_TABLES: LineTable[] = [
  { table: 'report_category_days', period: 'day', product: false },
  { table: 'report_product_days', period: 'day', product: true },
  { table: 'report_product_months', period: 'month', product: true },
];
const LINE_ADDS = ['net_cents', 'gross_cents', 'items'];
const lineKeys = (t: LineTable): string[] => [t.period, ...(t.product ? ['product_id'] : []), 'category_id', 'brand_id'];
const lineLatest = (t: LineTable): string[] => [...(t.product ? ['product_name'] : []), 'category_name'];
const period = (sql: SummarySql, t: LineTable, expr: string): string => (t.period === 'day' ? sql.day(expr) : sql.month(expr));

/**
 * An order's old and new rows in one statement, in key order: two staff changes moving orders in
 * opposite directions then lock the same rows in the same order (no deadlock on MySQL).
 */
function moved(sql: SummarySql, table: { table: string; keys: string[]; adds: string[] }, rows: string[]): string {
  return sql.upsert(
    table.table,
    table.keys,
    table.adds,
    [],
    `SELECT * FROM (${rows.join(' UNION ALL ')}) moved WHERE 1 = 1 ORDER BY ${table.keys.join(', ')}`,
  );
}

function countyRow(sql: SummarySql, o: string, sign: 1 | -1): string {
  return sql.upsert(
    'report_county_sales',
    ['county_name'],
    ['orders', 'total_cents'],
    [],
    `SELECT ${o}.county_name, ${sign}, ${sign} * ${sql.signed(`${o}.total_cents`)}${sql.noTable} WHERE ${o}.is_paid = 1`,
  );
}

/** The order's lines, grouped as each table is keyed (in key order, so concurrent payments lock rows in the same order). */
function lineRows(sql: SummarySql, o: string, sign: 1 | -1): string[] {
  return LINE_TABLES.map((t) => {
    const group = [...(t.product ? ['oi.product_id'] : []), 'oi.category_id', 'COALESCE(oi.brand_id, 0)'].join(', ');
    const latest = lineLatest(t)
      .map((c) => `MAX(oi.${c})`)
      .join(', ');
    return sql.upsert(
      t.table,
      lineKeys(t),
      LINE_ADDS,
      lineLatest(t),
      `SELECT ${period(sql, t, `${o}.paid_at`)}, ${group}, ${sign} * SUM(${sql.net('oi', o)}), ${sign} * SUM(oi.line_total_cents), ${sign} * SUM(oi.quantity), ${latest} ` +
        `FROM order_items oi WHERE oi.order_id = ${o}.id AND ${paidGuard(o)} GROUP BY ${group} ORDER BY ${group}`,
    );
  });
}

function basketRows(sql: SummarySql, o: string, sign: 1 | -1): string[] {
  const key = sql.basketKey(`${o}.id`);
  const day = sql.upsert(
    'report_basket_days',
    ['day', 'basket_id'],
    ['orders'],
    [],
    `SELECT ${sql.day(`${o}.paid_at`)}, b.id, ${sign} FROM report_baskets b WHERE ${paidGuard(o)} AND ${sql.basketIs('b', key)}`,
  );
  if (sign === -1) return [day];
  return [
    sql.addBasket(key, paidGuard(o)),
    sql.insertIgnore(
      'report_basket_pairs',
      ['basket_id', 'category_id', 'brand_id'],
      `SELECT DISTINCT b.id, oi.category_id, COALESCE(oi.brand_id, 0) FROM report_baskets b JOIN order_items oi ON oi.order_id = ${o}.id WHERE ${paidGuard(o)} AND ${sql.basketIs('b', key)}`,
    ),
    day,
  ];
}

/** What a new line of an already paid order adds (the seed and fixtures write paid orders, then their lines). */
function lineStatements(sql: SummarySql): string[] {
  const parent = `FROM orders o WHERE o.id = NEW.order_id AND ${paidGuard('o')}`;
  const before = sql.basketKey('NEW.order_id', ' AND bk.id <> NEW.id');
  const after = sql.basketKey('NEW.order_id');
  return [
    sql.upsert(
      PAID.table,
      PAID.keys,
      PAID.adds,
      [],
      `SELECT ${sql.day('o.paid_at')}, o.status_id, 0, CASE WHEN EXISTS (SELECT 1 FROM order_items li WHERE li.order_id = NEW.order_id AND li.id <> NEW.id) THEN 0 ELSE 1 END, 0, NEW.quantity ${parent}`,
    ),
    ...LINE_TABLES.map((t) =>
      sql.upsert(
        t.table,
        lineKeys(t),
        LINE_ADDS,
        lineLatest(t),
        `SELECT ${period(sql, t, 'o.paid_at')}, ${t.product ? 'NEW.product_id, ' : ''}NEW.category_id, COALESCE(NEW.brand_id, 0), ${sql.net('NEW', 'o')}, NEW.line_total_cents, NEW.quantity, ${lineLatest(
          t,
        )
          .map((c) => `NEW.${c}`)
          .join(', ')} ${parent}`,
      ),
    ),
    // The order moves from the basket of its other lines (if any) to the basket with this one.
    sql.addBasket(after, `EXISTS (SELECT 1 ${parent})`),
    sql.insertIgnore(
      'report_basket_pairs',
      ['basket_id', 'category_id', 'brand_id'],
      `SELECT DISTINCT b.id, oi.category_id, COALESCE(oi.brand_id, 0) FROM report_baskets b JOIN order_items oi ON oi.order_id = NEW.order_id WHERE ${sql.basketIs('b', after)} AND EXISTS (SELECT 1 ${parent})`,
    ),
    sql.upsert(
      'report_basket_days',
      ['day', 'basket_id'],
      ['orders'],
      [],
      `SELECT ${sql.day('o.paid_at')}, b.id, -1 FROM orders o JOIN report_baskets b ON ${sql.basketIs('b', before)} WHERE o.id = NEW.order_id AND ${paidGuard('o')}`,
    ),
    sql.upsert(
      'report_basket_days',
      ['day', 'basket_id'],
      ['orders'],
      [],
      `SELECT ${sql.day('o.paid_at')}, b.id, 1 FROM orders o JOIN report_baskets b ON ${sql.basketIs('b', after)} WHERE o.id = NEW.order_id AND ${paidGuard('o')}`,
    ),
  ];
}

interface TriggerPart {
  /** When the statements apply (a condition on NEW/OLD); SQLite makes each part its own trigger. */
  when: string;
  statements: string[];
}

interface TriggerSpec {
  name: string;
  timing: 'AFTER INSERT' | 'AFTER UPDATE' | 'BEFORE DELETE';
  table: 'orders' | 'order_items';
  parts: TriggerPart[];
}

function triggerSpecs(sql: SummarySql): TriggerSpec[] {
  const placesChanged = ['status_id', 'is_paid', 'created_at', 'total_cents'].map((c) => sql.differs(`OLD.${c}`, `NEW.${c}`)).join(' OR ');
  const paysChanged = ['status_id', 'is_paid', 'paid_at', 'total_cents'].map((c) => sql.differs(`OLD.${c}`, `NEW.${c}`)).join(' OR ');
  const linesChanged = ['is_paid', 'paid_at', 'subtotal_cents', 'discount_cents', 'points_discount_cents']
    .map((c) => sql.differs(`OLD.${c}`, `NEW.${c}`))
    .join(' OR ');
  const countyChanged = ['is_paid', 'total_cents', 'county_name'].map((c) => sql.differs(`OLD.${c}`, `NEW.${c}`)).join(' OR ');
  const whole = (o: string, sign: 1 | -1): TriggerPart[] => [
    {
      when: `NOT (${o}.status_id = 1 AND ${o}.is_paid = 0)`,
      statements: [sql.upsert(PLACED.table, PLACED.keys, PLACED.adds, [], placedRow(sql, o, sign))],
    },
    {
      when: paidGuard(o),
      statements: [
        sql.upsert(PAID.table, PAID.keys, PAID.adds, [], paidRow(sql, o, sign)),
        ...lineRows(sql, o, sign),
        ...basketRows(sql, o, sign),
      ],
    },
    { when: `${o}.is_paid = 1`, statements: [countyRow(sql, o, sign)] },
  ];
  return [
    { name: 'report_orders_ai', timing: 'AFTER INSERT', table: 'orders', parts: whole('NEW', 1) },
    {
      name: 'report_orders_au',
      timing: 'AFTER UPDATE',
      table: 'orders',
      parts: [
        { when: placesChanged, statements: [moved(sql, PLACED, [placedRow(sql, 'OLD', -1), placedRow(sql, 'NEW', 1)])] },
        { when: paysChanged, statements: [moved(sql, PAID, [paidRow(sql, 'OLD', -1), paidRow(sql, 'NEW', 1)])] },
        {
          when: linesChanged,
          statements: [
            ...lineRows(sql, 'OLD', -1),
            ...basketRows(sql, 'OLD', -1),
            ...lineRows(sql, 'NEW', 1),
            ...basketRows(sql, 'NEW', 1),
          ],
        },
        { when: countyChanged, statements: [countyRow(sql, 'OLD', -1), countyRow(sql, 'NEW', 1)] },
      ],
    },
    // Before: the order's lines are still there (a cascade removes them without triggers on MySQL).
    { name: 'report_orders_bd', timing: 'BEFORE DELETE', table: 'orders', parts: whole('OLD', -1) },
    {
      name: 'report_order_items_ai',
      timing: 'AFTER INSERT',
      table: 'order_items',
      parts: [{ when: `EXISTS (SELECT 1 FROM orders o WHERE o.id = NEW.order_id AND ${paidGuard('o')})`, statements: lineStatements(sql) }],
    },
  ];
}

/** CREATE TRIGGER statements: one per spec on MySQL (parts as IF blocks), one per part on SQLite (parts as WHEN). */
function triggerStatements(dialect: Dialect): Array<{ name: string; sql: string }> {
  const sql = new SummarySql(dialect);
  const out: Array<{ name: string; sql: string }> = [];
  for (const spec of triggerSpecs(sql)) {
    if (sql.mysql) {
      const body = spec.parts.map((part) => `IF ${part.when} THEN\n${part.statements.map((s) => `${s};`).join('\n')}\nEND IF;`).join('\n');
      out.push({ name: spec.name, sql: `CREATE TRIGGER ${spec.name} ${spec.timing} ON ${spec.table} FOR EACH ROW\nBEGIN\n${body}\nEND` });
    } else {
      spec.parts.forEach((part, i) => {
        const name = `${spec.name}_${i + 1}`;
        out.push({
          name,
          sql: `CREATE TRIGGER ${name} ${spec.timing} ON ${spec.table} FOR EACH ROW WHEN ${part.when}\nBEGIN\n${part.statements.map((s) => `${s};`).join('\n')}\nEND`,
        });
      });
    }
  }
  return out;
}

export async function createSummaryTriggers(db: Knex): Promise<void> {
  for (const trigger of triggerStatements(dialectOf(db))) await db.raw(trigger.sql);
}

/** Without triggers, nothing keeps the summaries: only for a bulk load followed by rebuildReportSummaries(). */
export async function dropSummaryTriggers(db: Knex): Promise<void> {
  for (const trigger of triggerStatements(dialectOf(db))) await db.raw(`DROP TRIGGER IF EXISTS ${trigger.name}`);
}

/**
 * A bulk load (the seed, the bench): the work runs without the summary triggers (per-row
 * triggers make a load of paid orders several times slower), then the triggers come back and
 * the summaries are rebuilt from everything there, including anything other writers wrote
 * meanwhile. Not inside a transaction: trigger DDL commits on MySQL.
 */
export async function withoutSummaryTriggers<T>(db: Knex, work: () => Promise<T>): Promise<T> {
  await dropSummaryTriggers(db);
  let result: T;
  try {
    result = await work();
  } finally {
    await createSummaryTriggers(db);
  }
  await rebuildReportSummaries(db);
  return result;
}

// -------------------------------------------------------------------------------------------
// Rebuild.

/** Orders per step of a rebuild: each step's grouping stays small enough for memory. */
const REBUILD_STEP = 50_000;

/**
 * Recomputes every summary from orders and order_items in one transaction: after a bulk load
 * without triggers, or a hand-made change to order lines. Set-based, in steps of order ids (a
 * million orders take about a minute on MariaDB on two cores); on MySQL it reads the order rows
 * with shared locks, so order writes wait until it commits.
 */
export async function rebuildReportSummaries(db: Knex): Promise<void> {
  const sql = new SummarySql(dialectOf(db));
  const paid = `o.is_paid = 1 AND o.paid_at IS NOT NULL`;
  const brand = 'COALESCE(oi.brand_id, 0)';
  const days = LINE_TABLES.find((t) => t.period === 'day' && t.product)!;
  const dayKeys = [sql.day('o.paid_at'), 'oi.product_id', 'oi.category_id', brand].join(', ');
  // A basket is found by its key's SHA-1 on MySQL and by the key itself on SQLite (see basketIs).
  const identity = (expr: string) => (sql.mysql ? `UNHEX(SHA1(${expr}))` : expr);
  const basketColumn = sql.mysql ? 'key_hash' : 'basket_key';
  // Inside a migration it joins the migration's transaction (a nested one would be a savepoint,
  // which MySQL loses when the migration's DDL commits).
  const run = (work: (trx: Knex) => Promise<void>): Promise<void> => (db.isTransaction ? work(db) : db.transaction(work));
  await run(async (trx) => {
    for (const name of SUMMARY_TABLES) await trx(name).delete();
    await trx.raw(
      `INSERT INTO report_placed_days (day, status_id, is_paid, orders, total_cents) SELECT ${sql.day('created_at')}, status_id, is_paid, COUNT(*), SUM(total_cents) FROM orders WHERE NOT (status_id = 1 AND is_paid = 0) GROUP BY ${sql.day('created_at')}, status_id, is_paid`,
    );
    await trx.raw(
      `INSERT INTO report_county_sales (county_name, orders, total_cents) SELECT county_name, COUNT(*), SUM(total_cents) FROM orders WHERE is_paid = 1 GROUP BY county_name`,
    );

    // Each paid order's basket, a step at a time (no ALTER or CREATE INDEX on it: on MySQL those would commit).
    await trx.raw(`DROP ${sql.mysql ? 'TEMPORARY ' : ''}TABLE IF EXISTS report_rebuild_baskets`);
    await trx.raw(
      sql.mysql
        ? 'CREATE TEMPORARY TABLE report_rebuild_baskets (order_id INT UNSIGNED NOT NULL, day DATE NOT NULL, key_hash BINARY(20) NOT NULL, INDEX (key_hash))'
        : 'CREATE TEMP TABLE report_rebuild_baskets (order_id INTEGER NOT NULL, day TEXT NOT NULL, basket_key TEXT NOT NULL)',
    );
    const [bounds] = (await trx('orders').min({ low: 'id' }).max({ high: 'id' })) as Array<{ low: number | null; high: number | null }>;
    for (let from = bounds?.low ?? 1; bounds?.high !== null && bounds?.high !== undefined && from <= bounds.high; from += REBUILD_STEP) {
      const step = [from, from + REBUILD_STEP - 1];
      const inStep = 'o.id BETWEEN ? AND ?';
      await trx.raw(
        sql.upsert(
          PAID.table,
          PAID.keys,
          PAID.adds,
          [],
          `SELECT ${sql.day('o.paid_at')}, o.status_id, COUNT(*), SUM(CASE WHEN i.order_id IS NULL THEN 0 ELSE 1 END), SUM(o.total_cents), COALESCE(SUM(i.quantity), 0) ` +
            `FROM orders o LEFT JOIN (SELECT order_id, SUM(quantity) AS quantity FROM order_items WHERE order_id BETWEEN ? AND ? GROUP BY order_id) i ON i.order_id = o.id ` +
            `WHERE ${paid} AND ${inStep} GROUP BY ${sql.day('o.paid_at')}, o.status_id`,
        ),
        [...step, ...step],
      );
      await trx.raw(
        sql.upsert(
          days.table,
          lineKeys(days),
          LINE_ADDS,
          lineLatest(days),
          `SELECT ${dayKeys}, SUM(${sql.net('oi', 'o')}), SUM(oi.line_total_cents), SUM(oi.quantity), MAX(oi.product_name), MAX(oi.category_name) ` +
            `FROM orders o JOIN order_items oi ON oi.order_id = o.id WHERE ${paid} AND ${inStep} GROUP BY ${dayKeys}`,
        ),
        step,
      );
      await trx('report_rebuild_baskets').delete();
      await trx.raw(
        `INSERT INTO report_rebuild_baskets (order_id, day, ${basketColumn}) SELECT o.id, ${sql.day('o.paid_at')}, ${identity(sql.basketConcat('oi'))} ` +
          `FROM orders o JOIN order_items oi ON oi.order_id = o.id WHERE ${paid} AND ${inStep} GROUP BY o.id, ${sql.day('o.paid_at')}`,
        step,
      );
      // Baskets seen for the first time: the key and the pairs from one order of each.
      const firsts = `(SELECT ${basketColumn}, MIN(order_id) AS order_id FROM report_rebuild_baskets GROUP BY ${basketColumn}) r`;
      await trx.raw(
        sql.mysql
          ? sql.insertIgnore(
              'report_baskets',
              ['key_hash', 'basket_key'],
              `SELECT r.key_hash, ${sql.basketKey('r.order_id')} FROM ${firsts} WHERE NOT EXISTS (SELECT 1 FROM report_baskets b WHERE b.key_hash = r.key_hash)`,
            )
          : sql.insertIgnore('report_baskets', ['basket_key'], `SELECT r.basket_key FROM ${firsts} WHERE true`),
      );
      await trx.raw(
        sql.insertIgnore(
          'report_basket_pairs',
          ['basket_id', 'category_id', 'brand_id'],
          `SELECT DISTINCT b.id, oi.category_id, ${brand} FROM ${firsts} JOIN report_baskets b ON b.${basketColumn} = r.${basketColumn} JOIN order_items oi ON oi.order_id = r.order_id`,
        ),
      );
      await trx.raw(
        sql.upsert(
          'report_basket_days',
          ['day', 'basket_id'],
          ['orders'],
          [],
          `SELECT r.day, b.id, COUNT(*) FROM report_rebuild_baskets r JOIN report_baskets b ON b.${basketColumn} = r.${basketColumn} WHERE true GROUP BY r.day, b.id`,
        ),
      );
    }
    await trx.raw(`DROP ${sql.mysql ? 'TEMPORARY ' : ''}TABLE report_rebuild_baskets`);

    // The other line tables add up the rows by day and product.
    for (const t of LINE_TABLES.filter((table) => table !== days)) {
      const firstOfMonth = sql.mysql ? "DATE_FORMAT(day, '%Y-%m-01')" : "date(day, 'start of month')";
      const keys = [t.period === 'day' ? 'day' : firstOfMonth, ...(t.product ? ['product_id'] : []), 'category_id', 'brand_id'].join(', ');
      await trx.raw(
        `INSERT INTO ${t.table} (${[...lineKeys(t), ...LINE_ADDS, ...lineLatest(t)].join(', ')}) ` +
          `SELECT ${keys}, SUM(net_cents), SUM(gross_cents), SUM(items), ${lineLatest(t)
            .map((c) => `MAX(${c})`)
            .join(', ')} FROM ${days.table} GROUP BY ${keys}`,
      );
    }
  });
}
