import { useEffect } from 'react';
import {
  notify,
  type CouponType,
  pointsCleared,
  pointsRedeemed,
  selectCartSubtotalCents,
  useAppDispatch,
  useAppSelector,
} from '@shop/store-kit';
import { t } from '../i18n';
import { couponRuleFromShown, orderTotals, type OrderTotals } from '@shop/money';

export interface CheckoutTotals {
  totals: OrderTotals;
  /** The applied coupon as the cart holds it (what the API showed), or null. */
  coupon: { type: CouponType | null; value: number } | null;
}

/**
 * The order's sums from the cart, its coupon and the Shwari Points asked for. Points this order can
 * no longer take (a smaller cart, a coupon, a lower balance) are given back, with a toast.
 */
export function useOrderTotals({ signedIn, balance }: { signedIn: boolean; balance: number | undefined }): CheckoutTotals {
  const dispatch = useAppDispatch();
  const subtotalCents = useAppSelector(selectCartSubtotalCents);
  const cart = useAppSelector((state) => state.cart);
  const coupon = cart.coupon ? { type: cart.coupon_type, value: cart.coupon_value } : null;
  const totals = orderTotals({
    subtotalCents,
    coupon: couponRuleFromShown(coupon),
    redeemedPoints: signedIn ? cart.redeemedPoints : 0,
    pointsBalance: balance,
  });

  const pointsAskedTooMany =
    signedIn && cart.redeemedPoints > totals.pointsApplied && (balance !== undefined || cart.redeemedPoints > totals.maxPointsForOrder);
  useEffect(() => {
    if (!pointsAskedTooMany) return;
    dispatch(pointsCleared());
    if (totals.pointsApplied > 0) dispatch(pointsRedeemed(totals.pointsApplied));
    notify.info(t('checkout.pointsAdjusted', { points: totals.pointsApplied }));
  }, [pointsAskedTooMany, totals.pointsApplied, dispatch]);

  return { totals, coupon };
}
