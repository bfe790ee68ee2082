/**
 * The shop's calendar days are Kenyan days: a coupon valid from 2026-11-01, a report's range, the
 * day an order was placed. Shown or compared in the browser's own time zone they move (a coupon
 * starting at midnight in Nairobi "starts 31 Oct" in New York), so every screen and service reads
 * them through these helpers, whatever the time zone of the machine running them.
 *
 * East Africa Time is UTC+3 all year (no daylight saving): no time-zone database is needed.
 */
export const SHOP_TIME_ZONE = 'Africa/Nairobi';

const EAT_OFFSET_MS = 3 * 3600 * 1000;
const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** 'YYYY-MM-DD HH:MM:SS' as the databases hand a UTC timestamp over, with no zone written. */
const SQL_TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

const pad = (value: number): string => String(value).padStart(2, '0');

/** An instant from a Date, epoch milliseconds, an ISO string or a zone-less UTC timestamp; null when unreadable. */
function instantOf(value: Date | string | number): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'number') return new Date(value);
  const text = value.trim();
  const parsed = new Date(SQL_TIMESTAMP.test(text) ? `${text.replace(' ', 'T')}Z` : text);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** The Nairobi wall clock of an instant, read from the UTC fields of a shifted Date. */
const nairobiClock = (instant: Date): Date => new Date(instant.getTime() + EAT_OFFSET_MS);

/**
 * The Nairobi calendar day 'YYYY-MM-DD' of an instant. A bare 'YYYY-MM-DD' already is a Kenyan
 * day and comes back as it is. Null for what does not read as a date.
 */
export function nairobiDayOf(value: Date | string | number): string | null {
  if (typeof value === 'string' && DAY_ONLY.test(value.trim())) return value.trim();
  const instant = instantOf(value);
  if (!instant) return null;
  const clock = nairobiClock(instant);
  return `${clock.getUTCFullYear()}-${pad(clock.getUTCMonth() + 1)}-${pad(clock.getUTCDate())}`;
}

/** Today in Nairobi, 'YYYY-MM-DD'. */
export const nairobiToday = (now: Date = new Date()): string => nairobiDayOf(now)!;

/** Midnight in Nairobi at the start of the Kenyan day 'YYYY-MM-DD', as an instant. */
export function nairobiDayStart(day: string): Date {
  const [, year, month, date] = DAY_ONLY.exec(day) ?? [];
  if (!year) throw new RangeError(`Not a day (YYYY-MM-DD): ${day}`);
  return new Date(Date.UTC(Number(year), Number(month) - 1, Number(date)) - EAT_OFFSET_MS);
}

/** The instant a Kenyan day ends (the next day's midnight in Nairobi). */
export const nairobiDayEnd = (day: string): Date => new Date(nairobiDayStart(day).getTime() + DAY_MS);

/** '1 Nov 2026': the Kenyan day of an instant (or of a 'YYYY-MM-DD'); '' for nothing, the text itself when unreadable. */
export function formatNairobiDay(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const day = nairobiDayOf(value);
  if (!day) return String(value);
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${date} ${MONTHS[month - 1]} ${year}`;
}

/** '1 Nov 2026, 14:05': an instant on the Nairobi clock; '' for nothing, the text itself when unreadable. */
export function formatNairobiDateTime(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const instant = typeof value === 'string' && DAY_ONLY.test(value.trim()) ? nairobiDayStart(value.trim()) : instantOf(value);
  if (!instant) return String(value);
  const clock = nairobiClock(instant);
  return `${formatNairobiDay(instant)}, ${pad(clock.getUTCHours())}:${pad(clock.getUTCMinutes())}`;
}
