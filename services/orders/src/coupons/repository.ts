import type { Knex } from 'knex';
import { ORDER_MESSAGES, type CouponDiscount, type DiscountType } from '@shop/api-types';
import { fromCents } from '@shop/money';
import { dialectOf, sqlTimestamp, toIso, unprocessable } from '@shop/service-kit';

export interface CouponRow {
  id: number;
  name: string;
  code: string;
  discount_name: string;
  discount_type: DiscountType;
  discount_percent_bp: number | null;
  discount_value_cents: number | null;
  valid_from: Date | string;
  valid_to: Date | string;
  usage_limit: number | null;
  per_customer_limit: number | null;
  times_used: number;
  archived_at: Date | string | null;
}

export const invalidCoupon = () => unprocessable({ coupon: [ORDER_MESSAGES.invalidCoupon] });

/** The coupon's discount on a subtotal, in cents: a percentage rounded half up to the cent, or a fixed value never above the subtotal. */
export function couponDiscountCents(coupon: CouponRow, subtotalCents: number): number {
  if (coupon.discount_type === 'percent') return Math.round((subtotalCents * Number(coupon.discount_percent_bp ?? 0)) / 10_000);
  return Math.min(Number(coupon.discount_value_cents ?? 0), subtotalCents);
}

/** The discount as the checkout shows it. */
export function toCouponDiscount(coupon: CouponRow): CouponDiscount {
  const percent = coupon.discount_type === 'percent';
  return {
    name: coupon.discount_name,
    discount_type: coupon.discount_type,
    discount_value: percent ? null : fromCents(Number(coupon.discount_value_cents ?? 0)),
    discount_percent: percent ? Number(coupon.discount_percent_bp ?? 0) / 100 : null,
  };
}

/**
 * Coupons: looked up and checked for the checkout, taken atomically when an order is stored. Taking
 * is a conditional UPDATE (dates, archive and usage limit in its WHERE), so concurrent orders
 * can never use a coupon more often than its limit; the per-email limit is checked after it, while
 * the coupon row is locked by that UPDATE.
 *
 * orders.coupon_id has no foreign key on purpose: its check would take a shared lock on the coupon
 * row when the order is inserted, before the use is taken, and two orders upgrading shared locks to
 * exclusive deadlock on MySQL. Coupons are never deleted (only archived), so the id always resolves.
 */
export class CouponsRepository {
  constructor(private readonly db: Knex) {}

  async byCode(code: string): Promise<CouponRow | undefined> {
    return this.db('coupons').where({ code: code.toUpperCase() }).first('*');
  }

  /** Orders of this email that used the coupon. */
  async usesByEmail(couponId: number, email: string): Promise<number> {
    const [row] = (await this.db('coupon_redemptions').where({ coupon_id: couponId, email }).count({ count: '*' })) as Array<{
      count: number | string;
    }>;
    return Number(row?.count ?? 0);
  }

  /** The coupon when it can be used now by this email; otherwise 422 'Invalid or expired coupon'. */
  async usable(code: string, email: string, now = new Date()): Promise<CouponRow> {
    return this.check(await this.byCode(code), email, now);
  }

  /** The same checks on a coupon already read. */
  async check(coupon: CouponRow | undefined, email: string, now = new Date()): Promise<CouponRow> {
    if (!coupon || !this.isOpen(coupon, now)) throw invalidCoupon();
    if (coupon.per_customer_limit !== null && (await this.usesByEmail(coupon.id, email)) >= Number(coupon.per_customer_limit))
      throw invalidCoupon();
    return coupon;
  }

  /** Not archived, within its dates, not used up. */
  isOpen(coupon: CouponRow, now: Date): boolean {
    const at = now.getTime();
    const time = (value: Date | string): number => Date.parse(toIso(value) ?? '');
    return (
      coupon.archived_at === null &&
      time(coupon.valid_from) <= at &&
      at <= time(coupon.valid_to) &&
      (coupon.usage_limit === null || Number(coupon.times_used) < Number(coupon.usage_limit))
    );
  }

  /**
   * Inside the order's transaction, after the order rows: the conditional UPDATE that takes one use
   * (dates, archive and usage limit in its WHERE; 0 rows means it can no longer be used). It locks
   * the coupon row until commit, so every order using this coupon queues here: it comes last in the
   * transaction to hold that lock as briefly as possible. Built on `sql` (the transaction, or the
   * one-trip writer), not executed here.
   */
  takeQuery(sql: Knex, coupon: CouponRow, now: Date): Knex.QueryBuilder {
    const at = sqlTimestamp(now);
    return sql('coupons')
      .where({ id: coupon.id })
      .whereNull('archived_at')
      .where('valid_from', '<=', at)
      .where('valid_to', '>=', at)
      .where((limit) => limit.whereNull('usage_limit').orWhere('times_used', '<', sql.ref('usage_limit')))
      .update({ times_used: sql.raw('times_used + 1'), updated_at: at });
  }

  /** After takeQuery, while the coupon row is locked: this email's committed uses (a locking read on MySQL). */
  usesByEmailQuery(sql: Knex, couponId: number, email: string): Knex.QueryBuilder {
    const query = sql('coupon_redemptions').where({ coupon_id: couponId, email }).count({ count: '*' });
    if (dialectOf(this.db) === 'mysql') query.forUpdate();
    return query;
  }

  /** The redemption row (what the per-email limit counts). */
  redemptionRow(
    coupon: CouponRow,
    redemption: { orderId: unknown; email: string; customerId: number | null; discountCents: number; now: Date },
  ) {
    return {
      coupon_id: coupon.id,
      order_id: redemption.orderId,
      email: redemption.email,
      customer_id: redemption.customerId,
      discount_cents: redemption.discountCents,
      created_at: sqlTimestamp(redemption.now),
    };
  }

  /** Gives a use back (the order was cancelled unpaid). */
  async release(trx: Knex.Transaction, orderId: number, now = new Date()): Promise<void> {
    const redemption: { id: number; coupon_id: number } | undefined = await trx('coupon_redemptions')
      .where({ order_id: orderId })
      .first('id', 'coupon_id');
    if (!redemption) return;
    await trx('coupon_redemptions').where({ id: redemption.id }).delete();
    await trx('coupons')
      .where({ id: redemption.coupon_id })
      .where('times_used', '>', 0)
      .update({ times_used: trx.raw('times_used - 1'), updated_at: sqlTimestamp(now) });
  }
}
