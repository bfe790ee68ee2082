import { Link } from 'react-router-dom';
import { MINIMUM_ORDER_MESSAGE, POINTS_EARN_KSH_PER_POINT } from '@shop/api-types';
import { formatCents, formatKsh, lineTotal } from '@shop/money';
import { unitPriceCents, type CartLine, type CouponType } from '@shop/store-kit';
import { REMOVE_UNAVAILABLE_MESSAGE } from '../cart/unavailable';
import type { OrderTotals } from './pricing';
import styles from './checkout.module.css';

interface OrderSummaryProps {
  lines: CartLine[];
  totals: OrderTotals;
  coupon: { type: CouponType | null; value: number } | null;
  signedIn: boolean;
}

/** The order summary panel: items, subtotal, discounts, free shipping, points note, total, minimum warning. */
export function OrderSummary({ lines, totals, coupon, signedIn }: OrderSummaryProps): JSX.Element {
  return (
    <section className={styles.panel} aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title">Your order</h2>
      <ul className={styles.summaryLines}>
        {lines.map((line) => (
          <li key={line.id} data-testid="summary-line">
            <span>
              {line.name} <span className={styles.quantity}>× {line.quantity}</span>
            </span>
            {line.unavailable ? (
              <span className={styles.unavailable}>No longer available</span>
            ) : (
              <span>{formatCents(lineTotal(unitPriceCents(line), line.quantity))}</span>
            )}
          </li>
        ))}
      </ul>
      {lines.some((line) => line.unavailable) && (
        <p className={styles.warning} id="checkout-unavailable">
          {REMOVE_UNAVAILABLE_MESSAGE}{' '}
          <Link to="/cart" className={styles.textLink}>
            Review your cart
          </Link>
        </p>
      )}
      <dl className={styles.sums}>
        <dt>Subtotal</dt>
        <dd data-testid="summary-subtotal">{formatCents(totals.subtotalCents)}</dd>
        {totals.couponDiscountCents > 0 && (
          <>
            <dt>Coupon discount{coupon?.type === 'percent' ? ` (${coupon.value}%)` : ''}</dt>
            <dd data-testid="summary-coupon">−{formatCents(totals.couponDiscountCents)}</dd>
          </>
        )}
        {totals.pointsDiscountCents > 0 && (
          <>
            <dt>Shwari Points ({totals.pointsApplied})</dt>
            <dd data-testid="summary-points">−{formatCents(totals.pointsDiscountCents)}</dd>
          </>
        )}
        <dt>Shipping</dt>
        <dd>Free shipping countrywide</dd>
        <dt className={styles.total}>Total</dt>
        <dd className={styles.total} id="checkout-total" tabIndex={-1} data-testid="summary-total">
          {formatCents(totals.totalCents)}
        </dd>
      </dl>
      {!totals.meetsMinimum && (
        <p className={styles.warning} id="checkout-total-error">
          {MINIMUM_ORDER_MESSAGE}
        </p>
      )}
      <p className={styles.note}>
        {signedIn
          ? `You will earn ${totals.pointsToEarn} Shwari Points when this order is paid (1 point per ${formatKsh(POINTS_EARN_KSH_PER_POINT)} paid).`
          : `Shwari Points are earned on paid orders (1 point per ${formatKsh(POINTS_EARN_KSH_PER_POINT)}): register or log in to collect them.`}
      </p>
    </section>
  );
}
