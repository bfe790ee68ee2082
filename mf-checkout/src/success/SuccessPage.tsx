import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { cartCleared, selectIsSignedIn, STORAGE_KEYS, useAppDispatch, useAppSelector, usePageMeta } from '@shop/store-kit';
import { useT } from '../i18n/results';
import { forgetKeptOrders } from '../orderPayment/keptOrders';
import { useOrderPaymentState } from '../orderPayment/useOrderPaymentState';
import { usePayOrderAgain } from '../orderPayment/usePayOrderAgain';
import styles from './result.module.css';

/** Query values are shown as text only, and kept short. */
const param = (params: URLSearchParams, name: string, max: number): string => (params.get(name) ?? '').trim().slice(0, max);

/**
 * /success?order_id=...&name=...: the order's payment as the server has it, never as the address
 * says. Paid: thanks, and the cart, the kept order and the payment's saved keys are cleared. Still
 * waiting: checked again every few seconds for a while, then offered to pay (the same order).
 * Cancelled, or an order this browser may not see: said so, and nothing is cleared.
 */
export default function SuccessPage(): JSX.Element {
  const t = useT();
  const [params] = useSearchParams();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  const orderNumber = param(params, 'order_id', 40).toUpperCase();
  const name = param(params, 'name', 60);
  const { view, checkAgain } = useOrderPaymentState(orderNumber);
  const { pay, opening, gone } = usePayOrderAgain();
  const paid = view.kind === 'paid';
  usePageMeta({ title: paid ? t('success.title') : t('success.statusTitle'), description: t('success.description') });

  useEffect(() => {
    if (!paid) return;
    dispatch(cartCleared());
    forgetKeptOrders();
    try {
      localStorage.removeItem(STORAGE_KEYS.paymentToken);
    } catch {
      // Storage blocked: nothing was kept.
    }
  }, [dispatch, paid]);

  const number = orderNumber && view.kind !== 'unknown' && (
    <p className={styles.number}>
      {t('common.orderNumber')} <strong data-testid="order-number">{orderNumber}</strong>
    </p>
  );
  const continueShopping = (
    <Link to="/shop/all" className={paid ? styles.primary : styles.secondary}>
      {t('common.continueShopping')}
    </Link>
  );

  if (view.kind === 'paid') {
    return (
      <section className={styles.card}>
        <p className={styles.icon} aria-hidden="true">
          ✓
        </p>
        <h1>{name ? t('success.thanksName', { name }) : t('success.thanks')}</h1>
        {number}
        <p>{t('success.paid')}</p>
        <div className={styles.actions}>
          {signedIn && (
            <Link to={`/profile/order/${encodeURIComponent(orderNumber)}`} className={styles.secondary}>
              {t('success.viewOrder')}
            </Link>
          )}
          {continueShopping}
        </div>
      </section>
    );
  }

  if (view.kind === 'unknown' || gone) {
    return (
      <section className={styles.card}>
        <h1>{t('success.unknownTitle')}</h1>
        <p>{t('success.unknown')}</p>
        <div className={styles.actions}>{continueShopping}</div>
      </section>
    );
  }

  if (view.kind === 'cancelled') {
    return (
      <section className={styles.card}>
        <h1>{t('success.cancelledTitle')}</h1>
        {number}
        <p>{t('success.cancelled')}</p>
        <div className={styles.actions}>{continueShopping}</div>
      </section>
    );
  }

  if (view.kind === 'unpaid') {
    return (
      <section className={styles.card}>
        <h1>{t('success.unpaidTitle')}</h1>
        {number}
        <p className={styles.warning} role="status">
          {t('success.unpaid')}
        </p>
        <div className={styles.actions}>
          <button type="button" className={styles.primary} disabled={opening} onClick={() => void pay(view.order)}>
            {opening ? t('success.opening') : t('success.payNow')}
          </button>
          {continueShopping}
        </div>
      </section>
    );
  }

  if (view.kind === 'unreachable') {
    return (
      <section className={styles.card}>
        <h1>{t('success.statusTitle')}</h1>
        {number}
        <p className={styles.warning} role="alert">
          {t('success.unreachable')}
        </p>
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={checkAgain}>
            {t('success.checkAgain')}
          </button>
          {continueShopping}
        </div>
      </section>
    );
  }

  // Checking, or confirming: the page says it is asking, and how far it got.
  return (
    <section className={styles.card} aria-busy="true">
      <h1>{view.kind === 'confirming' ? t('success.confirmingTitle') : t('success.checkingTitle')}</h1>
      {number}
      <p className={styles.calm} role="status">
        {view.kind === 'confirming' ? t('success.confirming', { check: view.check, checks: view.checks }) : t('success.checking')}
      </p>
    </section>
  );
}
