import { MINIMUM_ORDER_KSH, POINT_VALUE_KSH, POINTS_EARN_KSH_PER_POINT, type ProductOffer } from '@shop/api-types';
import { assertCents, discountPercent, formatPercent, fromCents, toCents, type Cents } from './cents';

/**
 * The shop's money rules, once: what a unit costs, what a coupon takes off, how many points an
 * order can take, the minimum order and the points it earns. Pure functions over integer cents:
 * the checkout page, the orders service, the assistant, the catalogue and the first screens all
 * call these, so what a screen shows and what the server charges cannot drift apart.
 */

/** The minimum order, after coupon and points. */
export const MINIMUM_ORDER_CENTS: Cents = MINIMUM_ORDER_KSH * 100;
/** What one redeemed Shwari Point takes off the order. */
export const POINT_VALUE_CENTS: Cents = POINT_VALUE_KSH * 100;
/** What must be paid for one Shwari Point to be earned. */
export const POINTS_EARN_CENTS: Cents = POINTS_EARN_KSH_PER_POINT * 100;

/**
 * The offer price a shopper pays, or null when the product is not on offer: an offer counts only
 * when it is below the price (an offer at or above the price, left behind by an edit, is ignored).
 */
export function offerOf(priceCents: Cents, offerCents: Cents | null | undefined): Cents | null {
  assertCents(priceCents);
  if (offerCents === null || offerCents === undefined) return null;
  assertCents(offerCents);
  return offerCents < priceCents ? offerCents : null;
}

/** The offer as the API shows it (the price in KSh and its '12.50%' label), or null when not on offer. */
export function productOffer(priceCents: Cents, offerCents: Cents | null | undefined): ProductOffer | null {
  const offer = offerOf(priceCents, offerCents);
  if (offer === null) return null;
  const percent = discountPercent(priceCents, offer);
  return { offer_price: fromCents(offer), discount: { name: formatPercent(percent), percent } };
}

/** What a shopper pays for one unit: the offer price when on offer, else the price. */
export function payableUnitCents(priceCents: Cents, offerCents: Cents | null | undefined): Cents {
  return offerOf(priceCents, offerCents) ?? priceCents;
}

/** What one unit of a product as the API shows it (a price in KSh and maybe its offer) costs, in cents. */
export function shownPayableCents(product: { price: number; offer?: { offer_price: number } | null }): Cents {
  return payableUnitCents(toCents(product.price), product.offer ? toCents(product.offer.offer_price) : null);
}

/** A coupon as pricing sees it: a percentage (in basis points, 1250 = 12.5%) or a fixed value off. */
export type CouponRule = { type: 'percent'; basisPoints: number } | { type: 'value'; valueCents: Cents };

/**
 * The coupon's discount on a subtotal: a percentage rounded half up to the cent (at most 100%), or
 * a fixed value never above the subtotal. Never negative; no coupon takes nothing.
 */
export function couponDiscount(subtotalCents: Cents, coupon: CouponRule | null | undefined): Cents {
  assertCents(subtotalCents);
  if (!coupon || subtotalCents <= 0) return 0;
  if (coupon.type === 'percent') {
    const basisPoints = Math.min(Math.max(Math.round(coupon.basisPoints), 0), 10_000);
    // Math.round on a positive quotient is half up; the product stays a safe integer for any real cart.
    return Math.round((subtotalCents * basisPoints) / 10_000);
  }
  const valueCents = Number.isSafeInteger(coupon.valueCents) ? Math.max(coupon.valueCents, 0) : 0;
  return Math.min(valueCents, subtotalCents);
}

/** Whether a total (after coupon and points) may be ordered. */
export function meetsMinimum(totalCents: Cents): boolean {
  return Number.isFinite(totalCents) && totalCents >= MINIMUM_ORDER_CENTS;
}

/** How much a total lacks to reach the minimum order: 0 once it meets it. */
export function shortOfMinimum(totalCents: Cents): Cents {
  return meetsMinimum(totalCents) ? 0 : MINIMUM_ORDER_CENTS - totalCents;
}

/** The most points an order can take before its total (after the coupon) would fall below the minimum. */
export function pointsCap(afterCouponCents: Cents): number {
  return Math.max(0, Math.floor((afterCouponCents - MINIMUM_ORDER_CENTS) / POINT_VALUE_CENTS));
}

/** Shwari Points earned when an order of this total is paid: one per full KSh 100. */
export function pointsEarned(paidCents: Cents): number {
  return Math.max(0, Math.floor(paidCents / POINTS_EARN_CENTS));
}

export interface TotalsInput {
  subtotalCents: Cents;
  coupon: CouponRule | null;
  /** Points the shopper asked to redeem; 0 for guests. */
  redeemedPoints: number;
  /** The customer's balance, when known; points beyond it are never applied. */
  pointsBalance?: number;
}

export interface OrderTotals {
  subtotalCents: Cents;
  couponDiscountCents: Cents;
  /** Points actually applied: never more than asked, than the balance, or than keeps the total at the minimum. */
  pointsApplied: number;
  pointsDiscountCents: Cents;
  totalCents: Cents;
  /** Most points this order can take before its total would fall below the minimum. */
  maxPointsForOrder: number;
  meetsMinimum: boolean;
  /** Shwari Points earned when this order is paid. */
  pointsToEarn: number;
}

/**
 * An order's sums: subtotal, coupon, points (capped so the minimum holds), total, whether the
 * minimum is met and the points it earns. The checkout page shows exactly this; the orders
 * service computes it again from today's prices and refuses an order whose points were capped or
 * whose total differs.
 */
export function orderTotals({ subtotalCents, coupon, redeemedPoints, pointsBalance }: TotalsInput): OrderTotals {
  const couponDiscountCents = couponDiscount(subtotalCents, coupon);
  const afterCoupon = subtotalCents - couponDiscountCents;
  const maxPointsForOrder = pointsCap(afterCoupon);
  const asked = Number.isSafeInteger(redeemedPoints) && redeemedPoints > 0 ? redeemedPoints : 0;
  const balance = pointsBalance === undefined ? Number.POSITIVE_INFINITY : Math.max(0, pointsBalance);
  const pointsApplied = Math.min(asked, maxPointsForOrder, balance);
  const pointsDiscountCents = pointsApplied * POINT_VALUE_CENTS;
  const totalCents = afterCoupon - pointsDiscountCents;
  return {
    subtotalCents,
    couponDiscountCents,
    pointsApplied,
    pointsDiscountCents,
    totalCents,
    maxPointsForOrder,
    meetsMinimum: meetsMinimum(totalCents),
    pointsToEarn: pointsEarned(totalCents),
  };
}

/**
 * The coupon rule from the discount as the API shows it (CouponDiscount: a percent with two
 * decimals, or KSh off): the checkout prices with this, the orders service with the stored basis
 * points and cents; both are the same rule (the property tests check the round trip).
 */
export function couponRuleFromShown(shown: { type: 'percent' | 'value' | null; value: number } | null | undefined): CouponRule | null {
  if (!shown?.type || !Number.isFinite(shown.value) || shown.value <= 0) return null;
  // Both are "times 100, exactly" (toCents rounds through a string, so 12.35% is 1235, not 1234.9999).
  return shown.type === 'percent'
    ? { type: 'percent', basisPoints: toCents(shown.value) }
    : { type: 'value', valueCents: toCents(shown.value) };
}
