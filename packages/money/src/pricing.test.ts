import fc from 'fast-check';
import {
  couponDiscount,
  couponRuleFromShown,
  meetsMinimum,
  MINIMUM_ORDER_CENTS,
  offerOf,
  orderTotals,
  payableUnitCents,
  POINT_VALUE_CENTS,
  pointsCap,
  pointsEarned,
  POINTS_EARN_CENTS,
  productOffer,
  shortOfMinimum,
  shownPayableCents,
  type CouponRule,
} from './pricing';

/** Prices as the catalogue holds them: KSh 1 to KSh 20,000, any cent. */
const priceCents = fc.integer({ min: 100, max: 2_000_000 });
/** A catalogue row: a price and maybe an offer, which may be left above the price by an edit. */
const product = fc.record({ priceCents, offerCents: fc.option(fc.integer({ min: 1, max: 2_100_000 }), { nil: null }) });
const cart = fc.array(fc.record({ product, quantity: fc.integer({ min: 1, max: 50 }) }), { minLength: 1, maxLength: 12 });
/** Coupons as an admin can make them: a percent with two decimals (stored as basis points) or a fixed value. */
const coupon: fc.Arbitrary<CouponRule | null> = fc.oneof(
  fc.constant(null),
  fc.record({ type: fc.constant('percent' as const), basisPoints: fc.integer({ min: 1, max: 10_000 }) }),
  fc.record({ type: fc.constant('value' as const), valueCents: fc.integer({ min: 1, max: 5_000_000 }) }),
);
const points = fc.integer({ min: 0, max: 100_000 });
const balance = fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined });

const subtotalOf = (lines: Array<{ product: { priceCents: number; offerCents: number | null }; quantity: number }>) =>
  lines.reduce((sum, line) => sum + payableUnitCents(line.product.priceCents, line.product.offerCents) * line.quantity, 0);

/** The discount as the API shows it to the checkout page (CouponDiscount), from the stored rule. */
const shownOf = (rule: CouponRule) =>
  rule.type === 'percent'
    ? { type: 'percent' as const, value: rule.basisPoints / 100 }
    : { type: 'value' as const, value: rule.valueCents / 100 };

describe('the pricing rules, on examples a shopper would recognise', () => {
  it('an offer counts only below the price', () => {
    expect(offerOf(23_000, 21_000)).toBe(21_000);
    expect(offerOf(23_000, 23_000)).toBeNull();
    expect(offerOf(23_000, 25_000)).toBeNull();
    expect(offerOf(23_000, null)).toBeNull();
    expect(payableUnitCents(23_000, 21_000)).toBe(21_000);
    expect(payableUnitCents(23_000, 25_000)).toBe(23_000);
    expect(payableUnitCents(23_000, undefined)).toBe(23_000);
    // A product as the API shows it, in KSh: the search, the first screens and the assistant price it so.
    expect(shownPayableCents({ price: 230, offer: { offer_price: 210 } })).toBe(21_000);
    expect(shownPayableCents({ price: 230, offer: { offer_price: 250 } })).toBe(23_000);
    expect(shownPayableCents({ price: 199.5, offer: null })).toBe(19_950);
  });

  it('a coupon takes a rounded percentage or a fixed value, never more than the subtotal', () => {
    expect(couponDiscount(250_000, { type: 'percent', basisPoints: 1000 })).toBe(25_000);
    expect(couponDiscount(333, { type: 'percent', basisPoints: 3333 })).toBe(111);
    // 105 cents at 10% is 10.5 cents: half up.
    expect(couponDiscount(105, { type: 'percent', basisPoints: 1000 })).toBe(11);
    expect(couponDiscount(104, { type: 'percent', basisPoints: 1000 })).toBe(10);
    expect(couponDiscount(250_000, { type: 'value', valueCents: 20_000 })).toBe(20_000);
    expect(couponDiscount(15_000, { type: 'value', valueCents: 20_000 })).toBe(15_000);
    expect(couponDiscount(250_000, null)).toBe(0);
  });

  it('the minimum is KSh 1,930 after discounts', () => {
    expect(MINIMUM_ORDER_CENTS).toBe(193_000);
    expect(meetsMinimum(193_000)).toBe(true);
    expect(meetsMinimum(192_999)).toBe(false);
    expect(meetsMinimum(Number.NaN)).toBe(false);
  });

  it('points: one point is KSh 1 off, one is earned per full KSh 100 paid', () => {
    expect(pointsCap(200_000)).toBe(70);
    expect(pointsCap(193_099)).toBe(0);
    expect(pointsCap(100_000)).toBe(0);
    expect(pointsEarned(199_999)).toBe(19);
    expect(pointsEarned(200_000)).toBe(20);
    expect(pointsEarned(0)).toBe(0);
  });

  it('the order totals of a KSh 2,500 cart with 10% off and 200 points asked', () => {
    expect(
      orderTotals({ subtotalCents: 250_000, coupon: { type: 'percent', basisPoints: 1000 }, redeemedPoints: 200, pointsBalance: 150 }),
    ).toEqual({
      subtotalCents: 250_000,
      couponDiscountCents: 25_000,
      pointsApplied: 150,
      pointsDiscountCents: 15_000,
      totalCents: 210_000,
      maxPointsForOrder: 320,
      meetsMinimum: true,
      pointsToEarn: 21,
    });
  });

  it('the coupon the checkout reads from the API is the rule the orders service stores', () => {
    expect(couponRuleFromShown({ type: 'percent', value: 12.35 })).toEqual({ type: 'percent', basisPoints: 1235 });
    expect(couponRuleFromShown({ type: 'value', value: 200 })).toEqual({ type: 'value', valueCents: 20_000 });
    expect(couponRuleFromShown({ type: null, value: 10 })).toBeNull();
    expect(couponRuleFromShown(null)).toBeNull();
  });
});

describe('the pricing rules, on random carts, offers, coupons and points', () => {
  it('the checkout page and the orders service agree to the cent', () => {
    fc.assert(
      fc.property(cart, coupon, points, balance, (lines, rule, asked, held) => {
        const subtotalCents = subtotalOf(lines);
        // The page: the coupon as the API showed it, points capped by the balance and the minimum.
        const page = orderTotals({
          subtotalCents,
          coupon: couponRuleFromShown(rule && shownOf(rule)),
          redeemedPoints: asked,
          pointsBalance: held,
        });
        // The server: the stored coupon, the points the page sent, no balance (the customers service holds it).
        const server = orderTotals({ subtotalCents, coupon: rule, redeemedPoints: page.pointsApplied });
        expect(server.pointsApplied).toBe(page.pointsApplied);
        expect(server.totalCents).toBe(page.totalCents);
        expect(server).toEqual({ ...page, maxPointsForOrder: server.maxPointsForOrder });
      }),
    );
  });

  it('a total is never negative and always adds up', () => {
    fc.assert(
      fc.property(cart, coupon, points, balance, (lines, rule, asked, held) => {
        const totals = orderTotals({ subtotalCents: subtotalOf(lines), coupon: rule, redeemedPoints: asked, pointsBalance: held });
        expect(totals.totalCents).toBeGreaterThanOrEqual(0);
        expect(totals.couponDiscountCents).toBeGreaterThanOrEqual(0);
        expect(totals.totalCents).toBe(totals.subtotalCents - totals.couponDiscountCents - totals.pointsDiscountCents);
        expect(totals.pointsDiscountCents).toBe(totals.pointsApplied * POINT_VALUE_CENTS);
        expect(Number.isSafeInteger(totals.totalCents)).toBe(true);
      }),
    );
  });

  it('points never push a total below the minimum, and are never more than asked or held', () => {
    fc.assert(
      fc.property(cart, coupon, points, balance, (lines, rule, asked, held) => {
        const subtotalCents = subtotalOf(lines);
        const totals = orderTotals({ subtotalCents, coupon: rule, redeemedPoints: asked, pointsBalance: held });
        const afterCoupon = subtotalCents - totals.couponDiscountCents;
        expect(totals.pointsApplied).toBeLessThanOrEqual(asked);
        expect(totals.pointsApplied).toBeLessThanOrEqual(held ?? Number.POSITIVE_INFINITY);
        if (totals.pointsApplied > 0) expect(totals.meetsMinimum).toBe(true);
        // The cap is the most points the minimum allows: one more would break it.
        if (afterCoupon >= MINIMUM_ORDER_CENTS) {
          expect(afterCoupon - totals.maxPointsForOrder * POINT_VALUE_CENTS).toBeGreaterThanOrEqual(MINIMUM_ORDER_CENTS);
          expect(afterCoupon - (totals.maxPointsForOrder + 1) * POINT_VALUE_CENTS).toBeLessThan(MINIMUM_ORDER_CENTS);
        } else {
          expect(totals.maxPointsForOrder).toBe(0);
        }
        expect(totals.meetsMinimum).toBe(totals.totalCents >= MINIMUM_ORDER_CENTS);
        // As many points as asked, held and allowed: none is held back.
        expect(totals.pointsApplied).toBe(Math.min(asked, held ?? Number.POSITIVE_INFINITY, totals.maxPointsForOrder));
      }),
    );
  });

  it('a percentage is rounded to the nearest cent, halves up, favouring nobody by more than half a cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 0, max: 10_000 }), (subtotalCents, basisPoints) => {
        const discount = couponDiscount(subtotalCents, { type: 'percent', basisPoints });
        // In hundredths of a basis point of a cent: exact = subtotal × bp / 10,000.
        const error = discount * 10_000 - subtotalCents * basisPoints;
        expect(error).toBeGreaterThan(-5_000);
        expect(error).toBeLessThanOrEqual(5_000);
        expect(Number.isSafeInteger(discount)).toBe(true);
      }),
    );
  });

  it('a fixed coupon takes its value or the whole subtotal, whichever is less', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 10_000_000 }), (subtotalCents, valueCents) => {
        expect(couponDiscount(subtotalCents, { type: 'value', valueCents })).toBe(Math.min(subtotalCents, valueCents));
      }),
    );
  });

  it('an offer is paid only when it is below the price', () => {
    fc.assert(
      fc.property(product, ({ priceCents: price, offerCents: offer }) => {
        const unit = payableUnitCents(price, offer);
        expect(unit).toBeLessThanOrEqual(price);
        expect(unit).toBe(offer !== null && offer < price ? offer : price);
        expect(offerOf(price, offer)).toBe(unit < price ? unit : null);
      }),
    );
  });

  it('points earned are the full KSh 100s paid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (paidCents) => {
        const earned = pointsEarned(paidCents);
        expect(earned * POINTS_EARN_CENTS).toBeLessThanOrEqual(paidCents);
        expect((earned + 1) * POINTS_EARN_CENTS).toBeGreaterThan(paidCents);
      }),
    );
  });

  it('the stored coupon and the coupon the API shows give the same discount', () => {
    fc.assert(
      fc.property(coupon, fc.integer({ min: 0, max: 10_000_000 }), (rule, subtotalCents) => {
        expect(couponDiscount(subtotalCents, couponRuleFromShown(rule && shownOf(rule)))).toBe(couponDiscount(subtotalCents, rule));
      }),
    );
  });
});

describe('productOffer', () => {
  it('shows an offer below the price with its percentage label, and nothing else', () => {
    expect(productOffer(20_000, 17_500)).toEqual({ offer_price: 175, discount: { name: '12.50%', percent: 12.5 } });
    expect(productOffer(20_000, 20_000)).toBeNull();
    expect(productOffer(20_000, null)).toBeNull();
  });
});

describe('shortOfMinimum', () => {
  it('says what a total lacks to reach the minimum, and nothing once it does', () => {
    expect(shortOfMinimum(150_000)).toBe(43_000);
    expect(shortOfMinimum(192_999)).toBe(1);
    expect(shortOfMinimum(193_000)).toBe(0);
    expect(shortOfMinimum(500_000)).toBe(0);
  });
});
