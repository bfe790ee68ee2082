import type { Knex } from 'knex';
import type { AdminCoupon, AdminCouponDetail, CouponForm, CouponRedemption } from '@shop/api-types';
import { fromCents } from '@shop/money';
import { cents, count, sqlTimestamp, toIso, unprocessable, type AuthContext } from '@shop/service-kit';
import { audit } from '../audit';
import { toCouponDiscount, type CouponRow } from '../coupons/repository';
import { nairobiRange } from './days';

export const CODE_TAKEN = 'The code has already been taken.';

function toAdminCoupon(row: CouponRow & { times_used: number }): AdminCoupon {
  return {
    id: count(row.id),
    name: row.name,
    code: row.code,
    valid_from: toIso(row.valid_from) ?? '',
    valid_to: toIso(row.valid_to) ?? '',
    discount: toCouponDiscount(row),
    usage_limit: row.usage_limit === null ? null : count(row.usage_limit),
    per_customer_limit: row.per_customer_limit === null ? null : count(row.per_customer_limit),
    redeems: count(row.times_used),
    archived_at: toIso(row.archived_at),
  };
}

const isUniqueViolation = (error: unknown): boolean =>
  /UNIQUE constraint failed|ER_DUP_ENTRY|Duplicate entry/i.test(
    String((error as { code?: string; message?: string })?.code ?? '') + String((error as Error)?.message ?? ''),
  );

/** Coupons as staff manage them. `redeems` is times_used, the count the checkout keeps atomically with the redemptions. */
export class AdminCoupons {
  constructor(private readonly db: Knex) {}

  async list(): Promise<AdminCoupon[]> {
    const rows: CouponRow[] = await this.db('coupons').orderBy('id', 'desc').select('*');
    return rows.map(toAdminCoupon);
  }

  async detail(id: number): Promise<AdminCouponDetail | undefined> {
    const row: CouponRow | undefined = await this.db('coupons').where({ id }).first('*');
    if (!row) return undefined;
    const redemptions: Array<{
      id: number;
      order_number: string;
      first_name: string;
      last_name: string;
      email: string;
      discount_cents: number;
      created_at: Date | string;
    }> = await this.db('coupon_redemptions as r')
      .join('orders as o', 'o.id', 'r.order_id')
      .where('r.coupon_id', id)
      .orderBy('r.id', 'desc')
      .select('r.id', 'o.order_number', 'o.first_name', 'o.last_name', 'r.email', 'r.discount_cents', 'r.created_at');
    const list: CouponRedemption[] = redemptions.map((r) => ({
      id: count(r.id),
      order_number: r.order_number,
      customer: { first_name: r.first_name, last_name: r.last_name, email: r.email },
      discount: row.discount_name,
      value: fromCents(cents(r.discount_cents)),
      created_at: toIso(r.created_at) ?? '',
    }));
    return { ...toAdminCoupon(row), redemptions: list };
  }

  /** Creates (id null) or updates a coupon with its audit row; 422 when the code is taken. */
  async save(auth: AuthContext, id: number | null, form: CouponForm, now = new Date()): Promise<AdminCoupon | undefined> {
    const at = sqlTimestamp(now);
    const validity = nairobiRange(form.valid_from, form.valid_to);
    const fields = {
      name: form.name,
      code: form.code,
      discount_name: form.discount_name,
      discount_type: form.discount_type,
      discount_percent_bp: form.discount_percent_bp,
      discount_value_cents: form.discount_value_cents,
      valid_from: validity.start,
      // The last second of the last Nairobi day.
      valid_to: sqlTimestamp(new Date(Date.parse(`${validity.end.replace(' ', 'T')}Z`) - 1000)),
      usage_limit: form.usage_limit,
      per_customer_limit: form.per_customer_limit,
      updated_at: at,
    };
    let savedId: number | null = null;
    try {
      await this.db.transaction(async (trx) => {
        const taken = await trx('coupons')
          .where({ code: form.code })
          .modify((q) => (id === null ? q : q.whereNot({ id })))
          .first('id');
        if (taken) throw unprocessable({ code: [CODE_TAKEN] });
        if (id === null) {
          const [inserted] = await trx('coupons').insert({ ...fields, times_used: 0, archived_at: null, created_at: at });
          // The new row's id: a number from either driver.
          savedId = inserted ?? null;
        } else {
          const updated = await trx('coupons').where({ id }).update(fields);
          if (updated !== 1) return;
          savedId = id;
        }
        await audit.record(trx, auth, {
          action: id === null ? 'coupon.created' : 'coupon.updated',
          entity: 'coupon',
          entityId: savedId,
          summary: `${form.code} (${form.name})`,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw unprocessable({ code: [CODE_TAKEN] });
      throw error;
    }
    if (savedId === null) return undefined;
    const row: CouponRow = await this.db('coupons').where({ id: savedId }).first('*');
    return toAdminCoupon(row);
  }
}
