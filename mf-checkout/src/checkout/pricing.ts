import { MINIMUM_ORDER_KSH, POINT_VALUE_KSH, POINTS_EARN_KSH_PER_POINT } from '@shop/api-types';
import { percentOf, toCents, type Cents } from '@shop/money';
import { meetsMinimumOrder, type CouponType } from '@shop/store-kit';

export interface TotalsInput {
  subtotalCents: Cents;
  coupon: { type: CouponType | null; value: number } | null;
  /** Points the shopper asked to redeem (the store's redeemedPoints); 0 for guests. */
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
  /** Shwari Points earned when this order is paid (1 per full KSh 100). */
  pointsToEarn: number;
}

const MINIMUM_CENTS = toCents(MINIMUM_ORDER_KSH);
const POINT_CENTS = toCents(POINT_VALUE_KSH);
const EARN_CENTS = toCents(POINTS_EARN_KSH_PER_POINT);

function couponDiscount(subtotalCents: Cents, coupon: TotalsInput['coupon']): Cents {
  if (!coupon?.type || !Number.isFinite(coupon.value) || coupon.value <= 0) return 0;
  const cents = coupon.type === 'percent' ? percentOf(subtotalCents, Math.min(coupon.value, 100)) : toCents(coupon.value);
  return Math.min(cents, subtotalCents);
}

/** The checkout's sums, all in integer cents: subtotal, coupon, points, total, minimum-order rule. */
export function orderTotals({ subtotalCents, coupon, redeemedPoints, pointsBalance }: TotalsInput): OrderTotals {
  const couponDiscountCents = couponDiscount(subtotalCents, coupon);
  const afterCoupon = subtotalCents - couponDiscountCents;
  const maxPointsForOrder = Math.max(0, Math.floor((afterCoupon - MINIMUM_CENTS) / POINT_CENTS));
  const asked = Number.isInteger(redeemedPoints) && redeemedPoints > 0 ? redeemedPoints : 0;
  const pointsApplied = Math.min(asked, maxPointsForOrder, pointsBalance ?? Number.POSITIVE_INFINITY);
  const pointsDiscountCents = pointsApplied * POINT_CENTS;
  const totalCents = afterCoupon - pointsDiscountCents;
  return {
    subtotalCents,
    couponDiscountCents,
    pointsApplied,
    pointsDiscountCents,
    totalCents,
    maxPointsForOrder,
    meetsMinimum: meetsMinimumOrder(totalCents),
    pointsToEarn: Math.max(0, Math.floor(totalCents / EARN_CENTS)),
  };
}
