import type { Knex } from 'knex';
import { dialectOf, sqlTimestamp } from '@shop/service-kit';
import { nairobiDayEnd, nairobiDayOf, nairobiDayStart } from '@shop/api-types';
import { nairobiParts } from '../orders/nairobi-time';

const pad = (value: number): string => String(value).padStart(2, '0');

/** Midnight in Nairobi of 'YYYY-MM-DD', as a UTC instant (the shop's one Kenyan-day rule, in api-types). */
export { nairobiDayStart };

/** The UTC 'YYYY-MM-DD HH:MM:SS' bounds [start, end) of Nairobi days from..to inclusive. */
export function nairobiRange(from: string, to: string): { start: string; end: string } {
  return { start: sqlTimestamp(nairobiDayStart(from)), end: sqlTimestamp(nairobiDayEnd(to)) };
}

/** The Nairobi calendar day of an instant. */
export const nairobiDay = (date: Date): string => nairobiDayOf(date) ?? '';

/** SQL: the Nairobi day 'YYYY-MM-DD' of a UTC DATETIME column. */
export function nairobiDaySql(db: Knex, column: string): Knex.Raw {
  return dialectOf(db) === 'mysql'
    ? db.raw("DATE_FORMAT(DATE_ADD(??, INTERVAL 3 HOUR), '%Y-%m-%d')", [column])
    : db.raw("strftime('%Y-%m-%d', datetime(??, '+3 hours'))", [column]);
}

/** SQL: the Nairobi month 'YYYY-MM' of a UTC DATETIME column. */
export function nairobiMonthSql(db: Knex, column: string): Knex.Raw {
  return dialectOf(db) === 'mysql'
    ? db.raw("DATE_FORMAT(DATE_ADD(??, INTERVAL 3 HOUR), '%Y-%m')", [column])
    : db.raw("strftime('%Y-%m', datetime(??, '+3 hours'))", [column]);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The last twelve Nairobi months ending with the current one: keys 'YYYY-MM', labels 'Mon YYYY', and the UTC start of the first. */
export function lastTwelveMonths(now: Date): { keys: string[]; labels: string[]; start: string } {
  const { year, month } = nairobiParts(now);
  const keys: string[] = [];
  const labels: string[] = [];
  for (let i = 11; i >= 0; i -= 1) {
    const index = year * 12 + (month - 1) - i;
    const y = Math.floor(index / 12);
    const m = (index % 12) + 1;
    keys.push(`${y}-${pad(m)}`);
    labels.push(`${MONTHS[m - 1]} ${y}`);
  }
  return { keys, labels, start: sqlTimestamp(nairobiDayStart(`${keys[0]}-01`)) };
}
