import knexFactory from 'knex';
import { couponCustomer, CouponsRepository, type CouponRow } from './repository';

const sql = knexFactory({ client: 'mysql2' });
const coupons = new CouponsRepository(sql);
const now = new Date('2026-11-28T09:30:00Z');

const coupon = (perCustomerLimit: number | null): CouponRow => ({
  id: 7,
  name: 'Unga',
  code: 'UNGA200',
  discount_name: 'KSh 200 off',
  discount_type: 'value',
  discount_percent_bp: null,
  discount_value_cents: 20_000,
  valid_from: '2026-01-01 00:00:00',
  valid_to: '2027-01-01 00:00:00',
  usage_limit: 100,
  per_customer_limit: perCustomerLimit,
  times_used: 3,
  archived_at: null,
});

describe('the one-trip take of a coupon', () => {
  it('is the very take knex builds (takeQuery), and answers its outcome in the variable', () => {
    const who = couponCustomer({ email: 'wanjiku@example.com', phone: '0712345678' });
    const [take, outcome, ...rest] = coupons.takeStatements(coupon(null), now, who, '@taken');
    expect(take).toEqual(coupons.takeQuery(sql, coupon(null), now).toSQL().toNative());
    expect(outcome).toEqual({ sql: 'SET @taken = ROW_COUNT() = 1', bindings: [] });
    expect(rest).toEqual([]);
  });

  it('with a per-customer limit: the coupon row locked, the uses knex reads (usesQuery) counted, the take only if they fit', () => {
    const who = couponCustomer({ email: 'wanjiku@example.com', customerId: 12, phone: '0712345678', mpesaNo: '254733000111' });
    const statements = coupons.takeStatements(coupon(2), now, who, '@taken');
    const lock = sql('coupons').where({ id: 7 }).forUpdate().select('id').toSQL().toNative();
    const uses = coupons.usesQuery(sql, 7, who).toSQL().toNative();
    const take = coupons.takeQuery(sql, coupon(2), now).whereRaw('@taken_fits').toSQL().toNative();
    expect(statements).toEqual([
      lock,
      {
        sql: `SET @taken_fits = (SELECT COUNT(DISTINCT \`uses\`.\`id\`) FROM (${uses.sql}) AS \`uses\`) < ?`,
        bindings: [...uses.bindings, 2],
      },
      take,
      { sql: 'SET @taken = ROW_COUNT() = 1', bindings: [] },
    ]);
    // Every identity is read: the email, the account and both numbers, each in both number columns.
    expect(uses.bindings).toEqual([7, 'wanjiku@example.com', 7, 12, 7, '0712345678', '0733000111', 7, '0712345678', '0733000111']);
  });
});
