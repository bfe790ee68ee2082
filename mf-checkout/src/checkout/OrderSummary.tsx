import { Link } from 'react-router-dom';
import { MINIMUM_ORDER_MESSAGE, POINTS_EARN_KSH_PER_POINT } from '@shop/api-types';
import { formatCents, formatKsh, lineTotal } from '@shop/money';
import { unitPriceCents, type CartLine, type CouponType } from '@shop/store-kit';
import { useServerMessage, useT } from '../i18n';
import type { OrderTotals } from '@shop/money';
import styles from './checkout.module.css';

interface OrderSummaryProps {
  lines: CartLine[];
  totals: OrderTotals;
  coupon: { type: CouponType | null; value: number } | null;
  signedIn: boolean;
}

/** The order summary panel: items, subtotal, discounts, free shipping, points note, total, minimum warning. */
export function OrderSummary({ lines, totals, coupon, signedIn }: OrderSummaryProps): JSX.Element {
  const t = useT();
  const say = useServerMessage();
  const rate = formatKsh(POINTS_EARN_KSH_PER_POINT);
  return (
    <section className={styles.panel} aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title">{t('summary.title')}</h2>
      <ul className={styles.summaryLines}>
        {lines.map((line) => (
          <li key={line.id} data-testid="summary-line">
            <span>
              {line.name} <span className={styles.quantity}>× {line.quantity}</span>
            </span>
            {line.unavailable ? (
              <span className={styles.unavailable}>{t('common.noLongerAvailable')}</span>
            ) : (
              <span>{formatCents(lineTotal(unitPriceCents(line), line.quantity))}</span>
            )}
          </li>
        ))}
      </ul>
      {lines.some((line) => line.unavailable) && (
        <p className={styles.warning} id="checkout-unavailable">
          {t('common.removeUnavailable')}{' '}
          <Link to="/cart" className={styles.textLink}>
            {t('summary.reviewCart')}
          </Link>
        </p>
      )}
      <dl className={styles.sums}>
        <dt>{t('common.subtotal')}</dt>
        <dd data-testid="summary-subtotal">{formatCents(totals.subtotalCents)}</dd>
        {totals.couponDiscountCents > 0 && (
          <>
            <dt>
              {coupon?.type === 'percent' ? t('summary.couponDiscountPercent', { value: coupon.value }) : t('summary.couponDiscount')}
            </dt>
            <dd data-testid="summary-coupon">−{formatCents(totals.couponDiscountCents)}</dd>
          </>
        )}
        {totals.pointsDiscountCents > 0 && (
          <>
            <dt>{t('summary.points', { points: totals.pointsApplied })}</dt>
            <dd data-testid="summary-points">−{formatCents(totals.pointsDiscountCents)}</dd>
          </>
        )}
        <dt>{t('common.shipping')}</dt>
        <dd>{t('common.freeShipping')}</dd>
        <dt className={styles.total}>{t('common.total')}</dt>
        <dd className={styles.total} id="checkout-total" tabIndex={-1} data-testid="summary-total">
          {formatCents(totals.totalCents)}
        </dd>
      </dl>
      {!totals.meetsMinimum && (
        <p className={styles.warning} id="checkout-total-error">
          {say(MINIMUM_ORDER_MESSAGE)}
        </p>
      )}
      <p className={styles.note}>
        {signedIn ? t('summary.willEarn', { points: totals.pointsToEarn, rate }) : t('summary.earnAsMember', { rate })}
      </p>
    </section>
  );
}
