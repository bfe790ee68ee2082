/**
 * Timestamps are written the same way in both dialects ('YYYY-MM-DD HH:MM:SS', UTC) and read back
 * to ISO 8601, whether the driver returns a Date (mysql2) or a string (SQLite).
 */
export function sqlTimestamp(date: Date = new Date()): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** Milliseconds since a `process.hrtime.bigint()` reading, with the fraction: a request's duration. */
export function millisecondsSince(started: bigint): number {
  return Number(process.hrtime.bigint() - started) / 1e6;
}

export function toIso(value: Date | string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number') return new Date(value).toISOString();
  const normalised = /Z|[+-]\d\d:?\d\d$/.test(value) ? value.replace(' ', 'T') : `${value.replace(' ', 'T')}Z`;
  const date = new Date(normalised);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
