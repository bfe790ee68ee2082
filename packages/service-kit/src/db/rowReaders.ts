import { toIso } from '../time';

/**
 * Readers for what a database row holds, written once for both dialects. SQLite (better-sqlite3)
 * answers integers as numbers (bigints with safeIntegers), booleans as 0/1 and timestamps as
 * 'YYYY-MM-DD HH:MM:SS' text; MySQL (mysql2, as createDatabase sets it up) answers SUM() and other
 * DECIMAL results as strings, BIGINTs past 2^53 as strings, booleans as 0/1 and timestamps as Dates.
 * A repository reads each column through one of these at its edge, so the code above it works with
 * numbers, booleans and Dates and never converts a row's value itself.
 *
 * Aggregates over no rows answer NULL: the numeric readers take null (and undefined, a column not
 * selected) as 0. A value that is no number at all is a bug in the query, not data: it throws.
 */

/** What a driver may answer for a numeric column or aggregate. */
export type RowNumber = number | string | bigint | null | undefined;

function numberOf(value: RowNumber, reader: string): number {
  if (value === null || value === undefined) return 0;
  const read =
    typeof value === 'number' ? value : typeof value === 'bigint' ? Number(value) : value.trim() === '' ? Number.NaN : Number(value);
  if (!Number.isFinite(read)) throw new TypeError(`${reader}: ${String(value)} is not a number`);
  return read;
}

function wholeOf(value: RowNumber, reader: string): number {
  const read = numberOf(value, reader);
  if (!Number.isSafeInteger(read)) throw new TypeError(`${reader}: ${String(value)} is not a whole number`);
  return read;
}

/** Money in integer cents (a cents column, or the SUM of one: a DECIMAL string on MySQL). */
export const cents = (value: RowNumber): number => wholeOf(value, 'cents');

/** Money in cents that may be absent: null stays null. */
export const nullableCents = (value: RowNumber): number | null => (value === null || value === undefined ? null : cents(value));

/** A whole number: a COUNT(), a SUM() of counts or quantities, an id. */
export const count = (value: RowNumber): number => wholeOf(value, 'count');

/** A number that may have a fraction (a DOUBLE column or its SUM, such as unrounded net cents). */
export const decimal = (value: RowNumber): number => numberOf(value, 'decimal');

/** A boolean column: 0/1 from either driver (also as text or bigint), or a boolean written by code. */
export function flag(value: boolean | RowNumber): boolean {
  if (typeof value === 'boolean') return value;
  return wholeOf(value, 'flag') !== 0;
}

/** A timestamp column (a Date from MySQL, UTC text from SQLite) as a Date; null stays null (a NOT NULL column's type says Date). */
export function dateOf(value: Date | string | number): Date;
export function dateOf(value: Date | string | number | null | undefined): Date | null;
export function dateOf(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  const iso = toIso(value);
  if (iso === null) throw new TypeError(`dateOf: ${String(value)} is not a date`);
  return new Date(iso);
}
