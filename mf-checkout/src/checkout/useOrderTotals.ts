import { useEffect } from 'react';
import { notify, pointsCleared, pointsRedeemed, selectCartSubtotalCents, useAppDispatch, useAppSelector } from '@shop/store-kit';
import { t } from '../i18n';
import { orderTotals, type OrderTotals, type TotalsInput } from './pricing';

export interface CheckoutTotals {
  totals: OrderTotals;
  /** The applied coupon, or null. */
  coupon: TotalsInput['coupon'];
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
  const totals = orderTotals({ subtotalCents, coupon, redeemedPoints: signedIn ? cart.redeemedPoints : 0, pointsBalance: balance });

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
