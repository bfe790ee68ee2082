import type { Knex } from 'knex';
import { dialectOf } from '@shop/service-kit';
import {
  createSummaryTriggers as createOrderSummaryTriggers,
  dropSummaryTriggers as dropOrderSummaryTriggers,
  LINE_ADDS,
  LINE_TABLES,
  lineKeys,
  lineLatest,
  PAID,
  SUMMARY_TABLES,
  SummarySql,
} from '../db/migrations/0003_report_summaries';
import { basketMonthTriggers, fillBasketMonths } from '../db/migrations/202611271400_report_basket_months';

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
 * - report_baskets, report_basket_pairs, report_basket_days, report_basket_months: a basket is the
 *   set of (category, brand) pairs of a paid order's lines; the days table counts paid orders per
 *   day and basket, the months table (kept by triggers on the days table, migration 202611271400)
 *   the same per month.
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
 * 0007). The triggers a bulk load drops and puts back (withoutSummaryTriggers) are the migration's
 * own, imported from 0003 with the dialect's spelling (SummarySql) this file's rebuild uses too:
 * written once, they cannot drift from what the migrations made (a test still compares the
 * schemas). Changing them, or the tables, takes a new migration, which brings its own definitions
 * for this file to import.
 */

export { SUMMARY_TABLES } from '../db/migrations/0003_report_summaries';

/** Every summary trigger: 0003's on orders and their lines, and the months' on report_basket_days. */
export async function createSummaryTriggers(db: Knex): Promise<void> {
  await createOrderSummaryTriggers(db);
  for (const trigger of basketMonthTriggers(db)) await db.raw(trigger.sql);
}

/** Without triggers, nothing keeps the summaries: only for a bulk load followed by a rebuild. */
export async function dropSummaryTriggers(db: Knex): Promise<void> {
  for (const trigger of basketMonthTriggers(db)) await db.raw(`DROP TRIGGER IF EXISTS ${trigger.name}`);
  await dropOrderSummaryTriggers(db);
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
    // Its triggers kept report_basket_months along; refilled from the days, it holds no rows left at zero.
    await fillBasketMonths(trx);

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
