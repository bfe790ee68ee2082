import type { Knex } from 'knex';
import { count, sqlTimestamp } from '@shop/service-kit';
import { nairobiParts } from '../../orders/nairobi-time';

/** Midnight in Nairobi (UTC+3) of a calendar day, as a UTC instant. */
export function nairobiMidnight(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day) - 3 * 3600 * 1000);
}

/**
 * The demo coupons, written when the coupons table is empty (also in production, where staff
 * can archive them): KARIBU10 10% off this year (once per email), UNGA200 KSh 200 off, ONCEONLY
 * 5% usable on a single order ever, EXPIRED5 which ended last month.
 */
export async function seedCoupons(db: Knex, now = new Date()): Promise<boolean> {
  const [row] = await db('coupons').count<Array<{ count: number | string }>>({ count: '*' });
  if (count(row?.count) > 0) return false;
  const { year, month } = nairobiParts(now);
  const at = sqlTimestamp(now);
  const startOfYear = sqlTimestamp(nairobiMidnight(year, 1, 1));
  const endOfYear = sqlTimestamp(new Date(nairobiMidnight(year + 1, 1, 1).getTime() - 1000));
  const endOfNextYear = sqlTimestamp(new Date(nairobiMidnight(year + 2, 1, 1).getTime() - 1000));
  const startOfThisMonth = nairobiMidnight(year, month, 1);
  const coupon = (fields: Record<string, unknown>) => ({
    usage_limit: null,
    per_customer_limit: null,
    times_used: 0,
    archived_at: null,
    created_at: at,
    updated_at: at,
    discount_percent_bp: null,
    discount_value_cents: null,
    ...fields,
  });
  await db('coupons').insert([
    coupon({
      name: 'Karibu: 10% off your order',
      code: 'KARIBU10',
      discount_name: '10%',
      discount_type: 'percent',
      discount_percent_bp: 1000,
      valid_from: startOfYear,
      valid_to: endOfYear,
      per_customer_limit: 1,
    }),
    coupon({
      name: 'KSh 200 off any order',
      code: 'UNGA200',
      discount_name: 'KSh 200',
      discount_type: 'value',
      discount_value_cents: 20000,
      valid_from: startOfYear,
      valid_to: endOfNextYear,
    }),
    coupon({
      name: '5% off, one order only',
      code: 'ONCEONLY',
      discount_name: '5%',
      discount_type: 'percent',
      discount_percent_bp: 500,
      valid_from: startOfYear,
      valid_to: endOfNextYear,
      usage_limit: 1,
    }),
    coupon({
      name: '5% off, ended last month',
      code: 'EXPIRED5',
      discount_name: '5%',
      discount_type: 'percent',
      discount_percent_bp: 500,
      valid_from: sqlTimestamp(new Date(startOfThisMonth.getTime() - 90 * 86400_000)),
      valid_to: sqlTimestamp(new Date(startOfThisMonth.getTime() - 1000)),
    }),
  ]);
  return true;
}
