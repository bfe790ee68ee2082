import type { Knex } from 'knex';
import { dialectOf, type Migration } from '@shop/service-kit';

/**
 * report_basket_months: paid orders per Nairobi month (its first day) and basket, the monthly
 * roll-up of report_basket_days. A report filtered by categories or brands over a year counted
 * its orders from 365 days of basket rows (23,000 index entries at a million orders); whole months
 * now come from 12 month rows a basket, the days at either end from the days table.
 *
 * Kept by triggers on report_basket_days itself, so whatever writes a day row (the order triggers
 * of 0003, a rebuild) moves its month by the same amount in the same transaction, and 0003's
 * triggers stay as released. Named by its date rather than the next number, so it cannot collide
 * with another change's migration written at the same time.
 */

const MONTHS = 'report_basket_months';

/** The first day of the month of a DATE expression. */
const firstOfMonth = (mysql: boolean, expr: string): string =>
  mysql ? `DATE_FORMAT(${expr}, '%Y-%m-01')` : `date(${expr}, 'start of month')`;

/** Adds `orders` (an expression) to the month of `day` and basket `basket`. */
function addToMonth(mysql: boolean, day: string, basket: string, orders: string): string {
  const select = `SELECT ${firstOfMonth(mysql, day)}, ${basket}, ${orders}${mysql ? ' FROM DUAL' : ''} WHERE ${orders} <> 0`;
  return mysql
    ? `INSERT INTO ${MONTHS} (month, basket_id, orders) ${select} ON DUPLICATE KEY UPDATE orders = ${MONTHS}.orders + VALUES(orders)`
    : `INSERT INTO ${MONTHS} (month, basket_id, orders) ${select} ON CONFLICT (month, basket_id) DO UPDATE SET orders = ${MONTHS}.orders + excluded.orders`;
}

/** The triggers, by name: a day row inserted, changed (an upsert adding to it) or deleted moves its month. */
export function basketMonthTriggers(db: Knex): Array<{ name: string; sql: string }> {
  const mysql = dialectOf(db) === 'mysql';
  const body = (statements: string[]) => `BEGIN\n${statements.map((s) => `${s};`).join('\n')}\nEND`;
  return [
    {
      name: 'report_basket_days_ai',
      sql: `CREATE TRIGGER report_basket_days_ai AFTER INSERT ON report_basket_days FOR EACH ROW\n${body([addToMonth(mysql, 'NEW.day', 'NEW.basket_id', 'NEW.orders')])}`,
    },
    {
      name: 'report_basket_days_au',
      sql: `CREATE TRIGGER report_basket_days_au AFTER UPDATE ON report_basket_days FOR EACH ROW\n${body([
        addToMonth(mysql, 'OLD.day', 'OLD.basket_id', '-OLD.orders'),
        addToMonth(mysql, 'NEW.day', 'NEW.basket_id', 'NEW.orders'),
      ])}`,
    },
    {
      name: 'report_basket_days_ad',
      sql: `CREATE TRIGGER report_basket_days_ad AFTER DELETE ON report_basket_days FOR EACH ROW\n${body([addToMonth(mysql, 'OLD.day', 'OLD.basket_id', '-OLD.orders')])}`,
    },
  ];
}

/** The months from the days there now (after a bulk change to the days, with the triggers off or not). */
export async function fillBasketMonths(db: Knex): Promise<void> {
  const mysql = dialectOf(db) === 'mysql';
  await db(MONTHS).delete();
  await db.raw(
    `INSERT INTO ${MONTHS} (month, basket_id, orders) SELECT ${firstOfMonth(mysql, 'day')}, basket_id, SUM(orders) FROM report_basket_days GROUP BY ${firstOfMonth(mysql, 'day')}, basket_id`,
  );
}

const migration: Migration = {
  name: '202611271400_report_basket_months',
  async up(db: Knex) {
    await db.schema.createTable(MONTHS, (table) => {
      table.date('month').notNullable();
      table.integer('basket_id').unsigned().notNullable();
      table.integer('orders').notNullable().defaultTo(0);
      table.primary(['month', 'basket_id']);
      table.index(['basket_id', 'month', 'orders'], 'report_basket_months_basket_idx');
    });
    for (const trigger of basketMonthTriggers(db)) await db.raw(trigger.sql);
    await fillBasketMonths(db);
  },
  async down(db: Knex) {
    for (const trigger of basketMonthTriggers(db)) await db.raw(`DROP TRIGGER IF EXISTS ${trigger.name}`);
    await db.schema.dropTable(MONTHS);
  },
};

export default migration;
