import dayjs, { type Dayjs } from 'dayjs';
import { nairobiDayOf, type ReportGraphRow } from '@shop/api-types';
import { toCents } from '@shop/money';
import { DATE_FORMAT } from '../common/format';

export type DateRange = [Dayjs, Dayjs];

/**
 * Today as a Nairobi calendar day (local midnight of that date). Reports count Nairobi days, so a
 * browser in another time zone (or late in the evening UTC) must not end "today" a day early.
 */
export const nairobiToday = (now: Date = new Date()): Dayjs => dayjs(nairobiDayOf(now));

/** First day of the current month to today, in Nairobi days (admin spec section 9). */
export const defaultRange = (now: Dayjs = nairobiToday()): DateRange => [now.startOf('month'), now.startOf('day')];

/** The query's daterange: 'YYYY-MM-DD - YYYY-MM-DD' (admin.ts). */
export const toDaterange = ([start, end]: DateRange): string => `${start.format(DATE_FORMAT)} - ${end.format(DATE_FORMAT)}`;

/** The category report starts with all eight category ids selected. */
export const ALL_CATEGORY_IDS = [1, 2, 3, 4, 5, 6, 7, 8];

export interface DatePoint {
  date: string;
  value: number;
}

/**
 * Sums a graph_data measure per date (rows come per date and category or status). Money adds up in
 * integer cents so 0.1 + 0.2 stays 0.30.
 */
export function sumByDate(rows: ReportGraphRow[], measure: 'net_sales' | 'items_sold'): DatePoint[] {
  const totals = new Map<string, number>();
  for (const row of rows) {
    const add = measure === 'net_sales' ? toCents(row.net_sales) : Number(row.items_sold);
    totals.set(row.date, (totals.get(row.date) ?? 0) + add);
  }
  return [...totals.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, value]) => ({ date, value: measure === 'net_sales' ? value / 100 : value }));
}

export interface NamedTotal {
  name: string;
  value: number;
}

/**
 * Net sales per status name from the order report's graph_data, largest first. (Per category, the
 * reports send `category_sales`: the revenue and product reports' graph_data has no category.)
 */
export function sumByName(rows: ReportGraphRow[], key: 'status_name'): NamedTotal[] {
  const totals = new Map<string, number>();
  for (const row of rows) {
    const name = row[key];
    if (!name) continue;
    totals.set(name, (totals.get(name) ?? 0) + toCents(row.net_sales));
  }
  return [...totals.entries()].map(([name, cents]) => ({ name, value: cents / 100 })).sort((a, b) => b.value - a.value);
}
