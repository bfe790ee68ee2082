import fc from 'fast-check';
import { couponDiscount, couponRuleFromShown, orderTotals } from '@shop/money';
import { couponRuleOf, toCouponDiscount, type CouponRow } from './repository';

/** A stored coupon as an admin can make it: a percent to two decimals (basis points) or a value in cents. */
const storedCoupon: fc.Arbitrary<CouponRow> = fc
  .oneof(
    fc.record({
      discount_type: fc.constant('percent' as const),
      discount_percent_bp: fc.integer({ min: 1, max: 10_000 }),
      discount_value_cents: fc.constant(null),
    }),
    fc.record({
      discount_type: fc.constant('value' as const),
      discount_percent_bp: fc.constant(null),
      discount_value_cents: fc.integer({ min: 1, max: 5_000_000 }),
    }),
  )
  .map((discount) => ({
    id: 1,
    name: 'Test',
    code: 'TEST',
    discount_name: 'Test',
    ...discount,
    valid_from: '2026-01-01 00:00:00',
    valid_to: '2027-01-01 00:00:00',
    usage_limit: null,
    per_customer_limit: null,
    times_used: 0,
    archived_at: null,
  }));

/** What the checkout page keeps from GET /api/site/coupons/check's discount (CouponBox). */
const pageCoupon = (row: CouponRow) => {
  const shown = toCouponDiscount(row);
  return { type: shown.discount_type, value: (shown.discount_type === 'percent' ? shown.discount_percent : shown.discount_value) ?? 0 };
};

describe('the coupon the checkout page reads and the one this service stores', () => {
  it('give the same order total to the cent, for any coupon, cart and points', () => {
    fc.assert(
      fc.property(
        storedCoupon,
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (row, subtotalCents, points) => {
          const server = orderTotals({ subtotalCents, coupon: couponRuleOf(row), redeemedPoints: points });
          const page = orderTotals({ subtotalCents, coupon: couponRuleFromShown(pageCoupon(row)), redeemedPoints: points });
          expect(page).toEqual(server);
          expect(couponDiscount(subtotalCents, couponRuleOf(row))).toBe(server.couponDiscountCents);
        },
      ),
    );
  });
});
