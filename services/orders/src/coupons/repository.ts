import type { Knex } from 'knex';
import { normaliseKenyanPhone, ORDER_MESSAGES, type CouponDiscount, type DiscountType } from '@shop/api-types';
import { fromCents, type CouponRule } from '@shop/money';
import { count, dialectOf, HttpError, nullableCents, sqlTimestamp, toIso, unprocessable, type NumericColumn } from '@shop/service-kit';
import type { Statement } from '../checkout/one-trip-writer';

/**
 * takeQuery on MySQL; its values: the time, the coupon's id, the time, the time, then the discount
 * and per-customer limit the order was priced with (no limit or no amount as -1).
 */
const TAKE_SQL =
  'update `coupons` set `times_used` = times_used + 1, `updated_at` = ? where `id` = ? and `archived_at` is null and `valid_from` <= ? and `valid_to` >= ? and (`usage_limit` is null or `times_used` < `usage_limit`) and `discount_type` = ? and coalesce(`discount_value_cents`, -1) = ? and coalesce(`discount_percent_bp`, -1) = ? and coalesce(`per_customer_limit`, -1) = ?';
/** How long the checkout prices from a coupon it read before (see recentByCode). */
const RECENT_COUPON_MS = 1000;
/** Codes kept at most: shoppers type them, so an unknown code is kept too, and the list is bounded. */
const RECENT_COUPONS_KEPT = 1000;
/** The coupon row's lock, taken before its redemptions are read. */
const LOCK_SQL = 'select `id` from `coupons` where `id` = ? for update';

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

/** The unpaid order a checkout replaces: its coupon use does not count against the new order. */
export interface ReplacedUse {
  id: number;
  coupon_id: number | null;
}

export const invalidCoupon = () => unprocessable({ coupon: [ORDER_MESSAGES.invalidCoupon] });

/** Whether an error is invalidCoupon's refusal. */
export const isInvalidCoupon = (error: unknown): boolean =>
  error instanceof HttpError && error.status === 422 && error.errors?.coupon !== undefined;

/** Whether two reads of a coupon give an order the same terms (what the take compares). */
export function sameTerms(a: CouponRow, b: CouponRow): boolean {
  const [x, y] = [pricedTerms(a), pricedTerms(b)];
  return x.every((term, i) => term === y[i]);
}

/** The coupon's terms an order is priced with, as the take compares them (no amount or no limit as -1). */
function pricedTerms(coupon: CouponRow): [string, number, number, number] {
  const orNone = (value: NumericColumn | null) => (value === null ? -1 : count(value));
  return [coupon.discount_type, orNone(coupon.discount_value_cents), orNone(coupon.discount_percent_bp), orNone(coupon.per_customer_limit)];
}

/** The stored coupon as the pricing rule (@shop/money's couponDiscount takes it off a subtotal). */
export function couponRuleOf(coupon: CouponRow): CouponRule {
  return coupon.discount_type === 'percent'
    ? { type: 'percent', basisPoints: count(coupon.discount_percent_bp) }
    : { type: 'value', valueCents: nullableCents(coupon.discount_value_cents) ?? 0 };
}

/** The discount as the checkout shows it. */
export function toCouponDiscount(coupon: CouponRow): CouponDiscount {
  const percent = coupon.discount_type === 'percent';
  return {
    name: coupon.discount_name,
    discount_type: coupon.discount_type,
    discount_value: percent ? null : fromCents(nullableCents(coupon.discount_value_cents) ?? 0),
    discount_percent: percent ? count(coupon.discount_percent_bp) / 100 : null,
  };
}

/**
 * Who is using a coupon, as far as the caller knows. The per-customer limit counts every redemption
 * (of an order not cancelled: a cancellation deletes its redemption) that matches ANY of these: the
 * email, the signed-in customer's account, or one of the numbers, a phone and an M-Pesa number being
 * the same number whichever field it was typed in.
 */
export interface CouponCustomer {
  /** '' when unknown. */
  email: string;
  customerId: number | null;
  /** The order's phone and M-Pesa number in the stored phone form (0712345678), without repeats. */
  phones: string[];
}

/** The identities of a checkout, a coupon check or a redeem call; numbers in any Kenyan form, unknown ones left out. */
export function couponCustomer(known: {
  email: string;
  customerId?: number | null;
  phone?: string | null;
  mpesaNo?: string | null;
}): CouponCustomer {
  const phones = [known.phone, known.mpesaNo].map((number) => normaliseKenyanPhone(number)).filter((phone) => phone !== null);
  return { email: known.email, customerId: known.customerId ?? null, phones: [...new Set(phones)] };
}

/** Each identity and the redemption column(s) it is compared with. */
function identityFilters(who: CouponCustomer): Array<{ column: string; values: Array<string | number> }> {
  return [
    ...(who.email !== '' ? [{ column: 'email', values: [who.email] }] : []),
    ...(who.customerId !== null ? [{ column: 'customer_id', values: [who.customerId] }] : []),
    ...(who.phones.length > 0
      ? [
          { column: 'phone', values: who.phones },
          { column: 'mpesa_phone', values: who.phones },
        ]
      : []),
  ];
}

/** The distinct redemptions a uses query answered (rows of `id`). */
export function countUses(rows: unknown): number {
  return new Set((rows as Array<{ id: number | string }>).map((row) => count(row.id))).size;
}

/**
 * Coupons: looked up and checked for the checkout, taken atomically when an order is stored. Taking
 * is a conditional UPDATE (dates, archive and usage limit in its WHERE), so concurrent orders
 * can never use a coupon more often than its limit; the per-customer limit is checked after it,
 * while the coupon row is locked by that UPDATE.
 *
 * Lock order, the same for every writer of redemptions, so none of them deadlock: the order row
 * (when an existing order changes), then the coupon row, then its redemptions. Every locking read
 * of redemptions names the coupon first, so it only touches rows of the coupon whose lock it holds.
 *
 * orders.coupon_id has no foreign key on purpose: its check would take a shared lock on the coupon
 * row when the order is inserted, before the use is taken, and two orders upgrading shared locks to
 * exclusive deadlock on MySQL. Coupons are never deleted (only archived), so the id always resolves.
 */
export class CouponsRepository {
  private readonly recent = new Map<string, { coupon: CouponRow | undefined; readAt: number }>();

  constructor(private readonly db: Knex) {}

  async byCode(code: string): Promise<CouponRow | undefined> {
    return this.db('coupons').where({ code: code.toUpperCase() }).first('*');
  }

  /**
   * The checkout's read of a coupon, at most RECENT_COUPON_MS old (a coupon order's own read was a
   * round trip and a sixteenth of the orders thread's CPU in the bench). Nothing is written from it
   * unchecked: the take re-checks on the live row its archive, dates and usage limit, and that its
   * discount and per-customer limit are still the ones the order was priced with (pricedTerms); when
   * they are not, the take fails and the checkout prices again from byCode (CheckoutService.place).
   */
  async recentByCode(code: string, now = Date.now()): Promise<CouponRow | undefined> {
    const key = code.toUpperCase();
    const kept = this.recent.get(key);
    if (kept && now - kept.readAt < RECENT_COUPON_MS) return kept.coupon;
    const coupon = await this.byCode(key);
    if (this.recent.size >= RECENT_COUPONS_KEPT) this.recent.clear();
    this.recent.set(key, { coupon, readAt: now });
    return coupon;
  }

  /**
   * Redemptions of the coupon that match any of the customer's identities (a plain read: the coupon
   * check), leaving out the order being replaced (its use is given back when the new one is written).
   */
  async usesBy(couponId: number, who: CouponCustomer, replacing: ReplacedUse | null = null): Promise<number> {
    const query = this.db('coupon_redemptions').where({ coupon_id: couponId });
    if (replacing) query.whereNot({ order_id: replacing.id });
    const [row] = (await query
      .where((any) => {
        for (const { column, values } of identityFilters(who)) any.orWhereIn(column, values);
      })
      .count({ count: '*' })) as Array<{ count: number | string }>;
    return count(row?.count);
  }

  /** The coupon when this customer can use it now; otherwise 422 'Invalid or expired coupon'. */
  async usable(code: string, who: CouponCustomer, now = new Date()): Promise<CouponRow> {
    return this.check(await this.byCode(code), who, now);
  }

  /**
   * The same checks on a coupon already read. `replacing`: the unpaid order a checkout replaces,
   * whose use of this coupon is given back in the new order's transaction, so it is not counted.
   */
  async check(
    coupon: CouponRow | undefined,
    who: CouponCustomer,
    now = new Date(),
    replacing: ReplacedUse | null = null,
  ): Promise<CouponRow> {
    const freed = replacing !== null && replacing.coupon_id !== null && count(replacing.coupon_id) === coupon?.id ? 1 : 0;
    if (!coupon || !this.isOpen(coupon, now, freed)) throw invalidCoupon();
    // Without a per-customer limit there is nothing to count: no query (a checkout's round trip saved).
    if (coupon.per_customer_limit !== null && this.limitReached(coupon, await this.usesBy(coupon.id, who, replacing)))
      throw invalidCoupon();
    return coupon;
  }

  /** Whether `uses` earlier redemptions by the same customer leave no use of this coupon to them. */
  limitReached(coupon: CouponRow, uses: number): boolean {
    return coupon.per_customer_limit !== null && uses >= count(coupon.per_customer_limit);
  }

  /** Not archived, within its dates, not used up (`freed`: uses about to be given back). */
  isOpen(coupon: CouponRow, now: Date, freed = 0): boolean {
    const at = now.getTime();
    const time = (value: Date | string): number => Date.parse(toIso(value) ?? '');
    return (
      coupon.archived_at === null &&
      time(coupon.valid_from) <= at &&
      at <= time(coupon.valid_to) &&
      (coupon.usage_limit === null || count(coupon.times_used) - freed < count(coupon.usage_limit))
    );
  }

  /**
   * Inside the order's transaction, after the order rows: the conditional UPDATE that takes one use
   * (dates, archive and usage limit in its WHERE; 0 rows means it can no longer be used). It locks
   * the coupon row until commit, so every order using this coupon queues here: it comes last in the
   * transaction to hold that lock as briefly as possible. It also takes nothing when the coupon's
   * discount or per-customer limit are no longer those the order was priced with (a staff edit
   * since the checkout read it). Built on `sql` (the transaction, or the one-trip writer), not
   * executed here.
   */
  takeQuery(sql: Knex, coupon: CouponRow, now: Date): Knex.QueryBuilder {
    const at = sqlTimestamp(now);
    const [type, valueCents, percentBp, perCustomer] = pricedTerms(coupon);
    return sql('coupons')
      .where({ id: coupon.id })
      .whereNull('archived_at')
      .where('valid_from', '<=', at)
      .where('valid_to', '>=', at)
      .where((limit) => limit.whereNull('usage_limit').orWhere('times_used', '<', sql.ref('usage_limit')))
      .where('discount_type', type)
      .whereRaw('coalesce(??, -1) = ?', ['discount_value_cents', valueCents])
      .whereRaw('coalesce(??, -1) = ?', ['discount_percent_bp', percentBp])
      .whereRaw('coalesce(??, -1) = ?', ['per_customer_limit', perCustomer])
      .update({ times_used: sql.raw('times_used + 1'), updated_at: at });
  }

  /**
   * After takeQuery, while the coupon row is locked: the ids of this customer's committed
   * redemptions of the coupon (countUses counts them). On MySQL a locking read, one locking SELECT
   * per identity, each on its own (coupon_id, identity) index, joined by UNION: every row it reads
   * and locks is this coupon's, so two orders for different coupons never wait on each other
   * (an OR over the identities could be planned as a scan that locks every coupon's rows).
   */
  usesQuery(sql: Knex, couponId: number, who: CouponCustomer): Knex.QueryBuilder | Knex.Raw {
    const filters = identityFilters(who);
    if (dialectOf(sql) !== 'mysql') {
      // SQLite has one writer at a time: the read inside the transaction is already current.
      return sql('coupon_redemptions')
        .where({ coupon_id: couponId })
        .where((any) => {
          for (const { column, values } of filters) any.orWhereIn(column, values);
        })
        .select('id');
    }
    const parts = filters.map(({ column, values }) =>
      sql('coupon_redemptions').select('id').where({ coupon_id: couponId }).whereIn(column, values).forUpdate().toSQL().toNative(),
    );
    return sql.raw(
      parts.map((part) => `(${part.sql})`).join(' UNION '),
      parts.flatMap((part) => part.bindings),
    );
  }

  /**
   * MySQL, for an order written in one round trip (see CheckoutService.write): the statements that
   * take one use of the coupon when this customer may still have one, and leave the answer in
   * `taken` (true or false) for the rest of the batch to write only when it is true, so a refused
   * use leaves nothing behind. Same lock order as every writer: the coupon row first (the take's
   * UPDATE, or a locking read before the customer's redemptions are counted), then those
   * redemptions, read by usesQuery's locking reads and counted in SQL.
   *
   * The texts are takeQuery's and usesQuery's as knex builds them (a test holds them equal), written
   * out because building them with knex cost a coupon order about 0.2 ms of the service's CPU.
   */
  takeStatements(coupon: CouponRow, now: Date, who: CouponCustomer, taken: `@${string}`): Statement[] {
    const at = sqlTimestamp(now);
    const take = {
      sql: TAKE_SQL,
      bindings: [at, coupon.id, at, at, ...pricedTerms(coupon)],
    };
    const setTaken = { sql: `SET ${taken} = ROW_COUNT() = 1`, bindings: [] };
    const filters = identityFilters(who);
    if (coupon.per_customer_limit === null || filters.length === 0) return [take, setTaken];
    const fits = `${taken}_fits`;
    const uses = filters.map(
      ({ column, values }) =>
        `(select \`id\` from \`coupon_redemptions\` where \`coupon_id\` = ? and \`${column}\` in (${values.map(() => '?').join(', ')}) for update)`,
    );
    return [
      { sql: LOCK_SQL, bindings: [coupon.id] },
      {
        sql: `SET ${fits} = (SELECT COUNT(DISTINCT \`uses\`.\`id\`) FROM (${uses.join(' UNION ')}) AS \`uses\`) < ?`,
        bindings: [...filters.flatMap(({ values }) => [coupon.id, ...values]), count(coupon.per_customer_limit)],
      },
      { sql: `${TAKE_SQL} and ${fits}`, bindings: take.bindings },
      setTaken,
    ];
  }

  /** usesQuery run inside a transaction: the number of the customer's redemptions (MySQL's raw answer is [rows, fields]). */
  async usesIn(trx: Knex.Transaction, couponId: number, who: CouponCustomer): Promise<number> {
    const result: unknown = await this.usesQuery(trx, couponId, who);
    return countUses(dialectOf(trx) === 'mysql' && Array.isArray((result as unknown[])[0]) ? (result as [unknown[]])[0] : result);
  }

  /** The redemption row (what the per-customer limit counts). */
  redemptionRow(
    coupon: CouponRow,
    redemption: { orderId: unknown; who: CouponCustomer; phone: string; mpesaNo: string | null; discountCents: number; now: Date },
  ) {
    return {
      coupon_id: coupon.id,
      order_id: redemption.orderId,
      email: redemption.who.email,
      customer_id: redemption.who.customerId,
      phone: normaliseKenyanPhone(redemption.phone),
      mpesa_phone: normaliseKenyanPhone(redemption.mpesaNo),
      discount_cents: redemption.discountCents,
      created_at: sqlTimestamp(redemption.now),
    };
  }

  /**
   * The owner changes an unpaid order's M-Pesa number at the push (POST /api/site/v1/push): inside
   * the transaction that holds the order's lock, the number joins the order's redemption, unless the
   * coupon's per-customer limit is already used up by that number on other orders (then false:
   * the push is refused and nothing changes). Without this, any new number typed at checkout and
   * the real one given at the push would take the coupon again.
   */
  async recordMpesaNumber(trx: Knex.Transaction, orderId: number, mpesaNo: string): Promise<boolean> {
    const redemption: { id: number; coupon_id: number } | undefined = await trx('coupon_redemptions')
      .where({ order_id: orderId })
      .first('id', 'coupon_id');
    if (!redemption) return true;
    const coupon = await this.lockCoupon(trx, redemption.coupon_id);
    const mpesaPhone = normaliseKenyanPhone(mpesaNo);
    if (coupon && mpesaPhone !== null && coupon.per_customer_limit !== null) {
      const result = await this.usesQuery(trx, coupon.id, { email: '', customerId: null, phones: [mpesaPhone] });
      const rows = (dialectOf(trx) === 'mysql' ? (result as unknown as [unknown[]])[0] : result) as Array<{ id: number | string }>;
      const others = rows.filter((row) => count(row.id) !== count(redemption.id));
      if (this.limitReached(coupon, countUses(others))) return false;
    }
    await trx('coupon_redemptions').where({ id: redemption.id }).update({ mpesa_phone: mpesaPhone });
    return true;
  }

  /** The coupon row, locked until the transaction ends (MySQL). */
  private async lockCoupon(trx: Knex.Transaction, couponId: number): Promise<CouponRow | undefined> {
    const query = trx('coupons').where({ id: couponId }).first('*');
    if (dialectOf(trx) === 'mysql') query.forUpdate();
    return query;
  }

  /**
   * Gives a use back (the order was cancelled), inside the transaction that holds the order's lock:
   * the coupon row is locked before the redemption is deleted, the lock order of every writer.
   */
  async release(trx: Knex.Transaction, orderId: number, now = new Date()): Promise<void> {
    const redemption: { id: number; coupon_id: number } | undefined = await trx('coupon_redemptions')
      .where({ order_id: orderId })
      .first('id', 'coupon_id');
    if (!redemption) return;
    await trx('coupons')
      .where({ id: redemption.coupon_id })
      .where('times_used', '>', 0)
      .update({ times_used: trx.raw('times_used - 1'), updated_at: sqlTimestamp(now) });
    await trx('coupon_redemptions').where({ id: redemption.id }).delete();
  }
}
