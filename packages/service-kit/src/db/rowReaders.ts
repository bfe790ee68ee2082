import { toIso } from '../time';

/**
 * Readers for database columns, used once at each repository's edge so the code above it never
 * sees a raw row. The two drivers answer the same column differently: better-sqlite3 gives numbers
 * and 0/1, and dates as 'YYYY-MM-DD HH:MM:SS' text; mysql2 gives DECIMAL columns and SUM() as
 * strings, BIGINT past 2^53 as strings, TINYINT booleans as 0/1 and DATETIME as Date. A value that
 * is not what the column promises throws here, where the column is named, instead of travelling
 * on as NaN.
 */
export type NumericColumn = number | string | bigint;

function numberOf(value: NumericColumn, what: string): number {
  const read = typeof value === 'string' && value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(read)) throw new TypeError(`Expected ${what}, got ${JSON.stringify(String(value))}`);
  return read;
}

function wholeOf(value: NumericColumn, what: string): number {
  const read = numberOf(value, what);
  if (!Number.isSafeInteger(read)) throw new TypeError(`Expected ${what}, got ${JSON.stringify(String(value))}`);
  return read;
}

/** Money in whole cents: an integer column, or SUM() of one (a string on MySQL). */
export function cents(value: NumericColumn): number {
  return wholeOf(value, 'whole cents');
}

/** Cents where NULL means "none" (a coupon without a cap): null stays null. */
export function nullableCents(value: NumericColumn | null | undefined): number | null {
  return value === null || value === undefined ? null : cents(value);
}

/** A whole number: COUNT(*), a quantity, SUM() of whole numbers; NULL (SUM over no rows) is 0. */
export function count(value: NumericColumn | null | undefined): number {
  return value === null || value === undefined ? 0 : wholeOf(value, 'a whole number');
}

/** A DECIMAL or REAL column (a rate, a weight): mysql2 answers DECIMAL as a string. */
export function decimal(value: NumericColumn): number {
  return numberOf(value, 'a number');
}

/** A boolean column: true/false, or 0/1 as a number, bigint or string; NULL is false. */
export function flag(value: boolean | NumericColumn | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'boolean') return value;
  return numberOf(value, 'a flag (0 or 1)') !== 0;
}

/** A DATETIME/TIMESTAMP column: a Date (mysql2), UTC text (SQLite) or epoch milliseconds. */
export function dateOf(value: Date | string | number): Date {
  const iso = value instanceof Date && Number.isNaN(value.getTime()) ? null : toIso(value);
  if (iso === null) throw new TypeError(`Expected a date, got ${JSON.stringify(String(value))}`);
  return new Date(iso);
}
