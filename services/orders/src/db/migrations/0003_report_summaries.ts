import type { Knex } from 'knex';
import { dialectOf, type Dialect, type Migration } from '@shop/service-kit';

/**
 * 0003_report_summaries as released (commit 9472164): the daily report summaries, the triggers
 * that keep them and their first fill, with the table, trigger and rebuild definitions of that
 * release written here. The triggers are still today's: admin/summaries.ts imports them from here
 * (and the dialect's spelling, SummarySql, for its own rebuild) rather than keeping a copy, so the
 * triggers a bulk load puts back are the migration's by construction. A later change to the
 * triggers is a new migration with its own definitions, which admin/summaries.ts then imports
 * instead; this file's SQL never changes. What was added to this migration after its release now
 * lives in 0007_report_summaries_indexes, so that a database migrated with the release gets it too.
 *
 * Daily summaries for the dashboard and the reports, kept by triggers, filled from the orders
 * already there. The category and brand pick-lists read (id, name) indexes instead of every line
 * (MySQL answers them with a loose index scan); the order report's newest paid orders of a status
 * read (is_paid, status_id, paid_at).
 *
 * The tables (days are Nairobi calendar days; see admin/summaries.ts for what each holds):
 * report_placed_days, report_paid_days, report_county_sales, report_category_days,
 * report_product_days, report_product_months, report_baskets, report_basket_pairs,
 * report_basket_days.
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
export class SummarySql {
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
export const PAID = { table: 'report_paid_days', keys: ['day', 'status_id'], adds: ['orders', 'lined_orders', 'total_cents', 'items'] };
/** The tables of paid lines: their period (day or month paid) and what else they are keyed by. */
export interface LineTable {
  table: string;
  period: 'day' | 'month';
  product: boolean;
}
export const LINE_TABLES: LineTable[] = [
  { table: 'report_category_days', period: 'day', product: false },
  { table: 'report_product_days', period: 'day', product: true },
  { table: 'report_product_months', period: 'month', product: true },
];
export const LINE_ADDS = ['net_cents', 'gross_cents', 'items'];
export const lineKeys = (t: LineTable): string[] => [t.period, ...(t.product ? ['product_id'] : []), 'category_id', 'brand_id'];
export const lineLatest = (t: LineTable): string[] => [...(t.product ? ['product_name'] : []), 'category_name'];
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

/** Without triggers, nothing keeps the summaries: only for a bulk load followed by a rebuild. */
export async function dropSummaryTriggers(db: Knex): Promise<void> {
  for (const trigger of triggerStatements(dialectOf(db))) await db.raw(`DROP TRIGGER IF EXISTS ${trigger.name}`);
}

// -------------------------------------------------------------------------------------------
// Tables.

async function createSummaryTables(db: Knex): Promise<void> {
  const mysql = dialectOf(db) === 'mysql';
  await db.schema.createTable('report_placed_days', (table) => {
    table.date('day').notNullable();
    table.integer('status_id').unsigned().notNullable();
    table.boolean('is_paid').notNullable();
    table.integer('orders').notNullable().defaultTo(0);
    table.bigInteger('total_cents').notNullable().defaultTo(0);
    table.primary(['day', 'status_id', 'is_paid']);
  });
  await db.schema.createTable('report_paid_days', (table) => {
    table.date('day').notNullable();
    table.integer('status_id').unsigned().notNullable();
    table.integer('orders').notNullable().defaultTo(0);
    /** Paid orders with at least one line: what the line-based reports count without a filter. */
    table.integer('lined_orders').notNullable().defaultTo(0);
    table.bigInteger('total_cents').notNullable().defaultTo(0);
    table.bigInteger('items').notNullable().defaultTo(0);
    table.primary(['day', 'status_id']);
  });
  await db.schema.createTable('report_county_sales', (table) => {
    table.string('county_name', 60).notNullable().primary();
    table.integer('orders').notNullable().defaultTo(0);
    table.bigInteger('total_cents').notNullable().defaultTo(0);
  });
  for (const t of LINE_TABLES) {
    await db.schema.createTable(t.table, (table) => {
      table.date(t.period).notNullable();
      if (t.product) table.integer('product_id').unsigned().notNullable();
      table.integer('category_id').unsigned().notNullable();
      /** 0 for lines written before order_items.brand_id existed: they match no brand filter. */
      table.integer('brand_id').unsigned().notNullable();
      /** Unrounded cents (see SummarySql.net). */
      table.double('net_cents').notNullable().defaultTo(0);
      table.bigInteger('gross_cents').notNullable().defaultTo(0);
      table.bigInteger('items').notNullable().defaultTo(0);
      if (t.product) table.string('product_name', 200).notNullable();
      table.string('category_name', 120).notNullable();
      table.primary(lineKeys(t));
    });
  }
  await db.schema.createTable('report_baskets', (table) => {
    table.increments('id');
    if (mysql) {
      table.specificType('key_hash', 'BINARY(20)').notNullable();
      table.text('basket_key').notNullable();
      table.unique(['key_hash'], { indexName: 'report_baskets_key_hash_unique' });
    } else {
      table.text('basket_key').notNullable();
      table.unique(['basket_key'], { indexName: 'report_baskets_key_unique' });
    }
  });
  await db.schema.createTable('report_basket_pairs', (table) => {
    table.integer('basket_id').unsigned().notNullable();
    table.integer('category_id').unsigned().notNullable();
    table.integer('brand_id').unsigned().notNullable();
    table.primary(['basket_id', 'category_id', 'brand_id']);
    table.index(['category_id', 'brand_id', 'basket_id'], 'report_basket_pairs_pair_idx');
  });
  await db.schema.createTable('report_basket_days', (table) => {
    table.date('day').notNullable();
    table.integer('basket_id').unsigned().notNullable();
    table.integer('orders').notNullable().defaultTo(0);
    table.primary(['day', 'basket_id']);
  });
}

async function dropSummaryTables(db: Knex): Promise<void> {
  for (const name of SUMMARY_TABLES) await db.schema.dropTableIfExists(name);
}

// -------------------------------------------------------------------------------------------
// The first fill.

/**
 * Computes every summary from the orders and order_items already there. Set-based; on MySQL it
 * reads the order rows with shared locks, so order writes wait until it commits.
 */
async function rebuildReportSummaries(db: Knex): Promise<void> {
  const sql = new SummarySql(dialectOf(db));
  const paid = `o.is_paid = 1 AND o.paid_at IS NOT NULL`;
  const brand = 'COALESCE(oi.brand_id, 0)';
  const temp = sql.mysql ? 'CREATE TEMPORARY TABLE' : 'CREATE TEMP TABLE';
  const pair = sql.mysql
    ? `CONCAT(LPAD(oi.category_id, 10, '0'), LPAD(${brand}, 10, '0'))`
    : `printf('%010d%010d', oi.category_id, ${brand})`;
  const concat = sql.mysql
    ? `GROUP_CONCAT(DISTINCT ${pair} ORDER BY ${pair} SEPARATOR '')`
    : `group_concat(DISTINCT ${pair} ORDER BY ${pair})`;
  const keyed = sql.mysql ? 'b.key_hash = r.key_hash' : 'b.basket_key = r.basket_key';
  // Inside a migration it joins the migration's transaction (a nested one would be a savepoint,
  // which MySQL loses when the migration's DDL commits).
  const run = (work: (trx: Knex) => Promise<void>): Promise<void> => (db.isTransaction ? work(db) : db.transaction(work));
  await run(async (trx) => {
    for (const name of SUMMARY_TABLES) await trx(name).delete();
    await trx.raw(
      `INSERT INTO report_placed_days (day, status_id, is_paid, orders, total_cents) SELECT ${sql.day('created_at')}, status_id, is_paid, COUNT(*), SUM(total_cents) FROM orders WHERE NOT (status_id = 1 AND is_paid = 0) GROUP BY ${sql.day('created_at')}, status_id, is_paid`,
    );
    await trx.raw(
      `INSERT INTO report_paid_days (day, status_id, orders, lined_orders, total_cents, items) ` +
        `SELECT ${sql.day('o.paid_at')}, o.status_id, COUNT(*), SUM(CASE WHEN i.order_id IS NULL THEN 0 ELSE 1 END), SUM(o.total_cents), COALESCE(SUM(i.quantity), 0) ` +
        `FROM orders o LEFT JOIN (SELECT order_id, SUM(quantity) AS quantity FROM order_items GROUP BY order_id) i ON i.order_id = o.id WHERE ${paid} GROUP BY ${sql.day('o.paid_at')}, o.status_id`,
    );
    await trx.raw(
      `INSERT INTO report_county_sales (county_name, orders, total_cents) SELECT county_name, COUNT(*), SUM(total_cents) FROM orders WHERE is_paid = 1 GROUP BY county_name`,
    );
    // Lines by day and product once; the other line tables add those rows up.
    const days = LINE_TABLES.find((t) => t.period === 'day' && t.product)!;
    const dayKeys = [sql.day('o.paid_at'), 'oi.product_id', 'oi.category_id', brand].join(', ');
    await trx.raw(
      `INSERT INTO ${days.table} (${[...lineKeys(days), ...LINE_ADDS, ...lineLatest(days)].join(', ')}) ` +
        `SELECT ${dayKeys}, SUM(${sql.net('oi', 'o')}), SUM(oi.line_total_cents), SUM(oi.quantity), MAX(oi.product_name), MAX(oi.category_name) ` +
        `FROM orders o JOIN order_items oi ON oi.order_id = o.id WHERE ${paid} GROUP BY ${dayKeys}`,
    );
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
    // Each paid order's basket once, then the dictionary, its pairs (from one order of each basket) and the daily counts.
    await trx.raw(`DROP ${sql.mysql ? 'TEMPORARY ' : ''}TABLE IF EXISTS report_rebuild_baskets`);
    // (No ALTER or CREATE INDEX on it: on MySQL those would commit the transaction.)
    const columns = sql.mysql
      ? ' (order_id INT UNSIGNED NOT NULL, day DATE NOT NULL, basket_key TEXT NOT NULL, key_hash BINARY(20) NOT NULL, INDEX (key_hash))'
      : '';
    const hash = sql.mysql ? `, UNHEX(SHA1(${concat})) AS key_hash` : '';
    await trx.raw(
      `${temp} report_rebuild_baskets${columns} ${sql.mysql ? '' : 'AS '}SELECT o.id AS order_id, ${sql.day('o.paid_at')} AS day, ${concat} AS basket_key${hash} FROM orders o JOIN order_items oi ON oi.order_id = o.id WHERE ${paid} GROUP BY o.id, ${sql.day('o.paid_at')}`,
    );
    if (sql.mysql) {
      await trx.raw(
        'INSERT INTO report_baskets (key_hash, basket_key) SELECT key_hash, MIN(basket_key) FROM report_rebuild_baskets GROUP BY key_hash ORDER BY key_hash',
      );
    } else {
      await trx.raw('INSERT INTO report_baskets (basket_key) SELECT DISTINCT basket_key FROM report_rebuild_baskets ORDER BY basket_key');
    }
    await trx.raw(
      `INSERT INTO report_basket_pairs (basket_id, category_id, brand_id) SELECT DISTINCT b.id, oi.category_id, ${brand} ` +
        `FROM (SELECT MIN(order_id) AS order_id, ${sql.mysql ? 'key_hash' : 'basket_key'} FROM report_rebuild_baskets GROUP BY ${sql.mysql ? 'key_hash' : 'basket_key'}) r JOIN report_baskets b ON ${keyed} JOIN order_items oi ON oi.order_id = r.order_id`,
    );
    await trx.raw(
      `INSERT INTO report_basket_days (day, basket_id, orders) SELECT r.day, b.id, COUNT(*) FROM report_rebuild_baskets r JOIN report_baskets b ON ${keyed} GROUP BY r.day, b.id`,
    );
    await trx.raw(`DROP ${sql.mysql ? 'TEMPORARY ' : ''}TABLE report_rebuild_baskets`);
  });
}

const migration: Migration = {
  name: '0003_report_summaries',
  async up(db: Knex) {
    await createSummaryTables(db);
    await db.schema.alterTable('order_items', (table) => {
      table.dropIndex(['category_id'], 'order_items_category_idx');
      table.dropIndex(['brand_id'], 'order_items_brand_idx');
      table.index(['category_id', 'category_name'], 'order_items_category_name_idx');
      table.index(['brand_id', 'brand_name'], 'order_items_brand_name_idx');
    });
    await db.schema.alterTable('orders', (table) => {
      table.index(['is_paid', 'status_id', 'paid_at'], 'orders_paid_status_idx');
    });
    await createSummaryTriggers(db);
    await rebuildReportSummaries(db);
  },
  async down(db: Knex) {
    await dropSummaryTriggers(db);
    await db.schema.alterTable('orders', (table) => {
      table.dropIndex(['is_paid', 'status_id', 'paid_at'], 'orders_paid_status_idx');
    });
    await db.schema.alterTable('order_items', (table) => {
      table.dropIndex(['brand_id', 'brand_name'], 'order_items_brand_name_idx');
      table.dropIndex(['category_id', 'category_name'], 'order_items_category_name_idx');
      table.index(['category_id'], 'order_items_category_idx');
      table.index(['brand_id'], 'order_items_brand_idx');
    });
    await dropSummaryTables(db);
  },
};

export default migration;
