import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { cartCleared, selectIsSignedIn, STORAGE_KEYS, useAppDispatch, useAppSelector, usePageMeta } from '@shop/store-kit';
import { useT } from '../i18n';
import styles from './result.module.css';

/** Query values are shown as text only, and kept short. */
const param = (params: URLSearchParams, name: string, max: number): string => (params.get(name) ?? '').trim().slice(0, max);

/** /success?order_id=...&name=...: the paid order; the cart, the kept unpaid order and the payment's saved keys are cleared. */
export default function SuccessPage(): JSX.Element {
  const t = useT();
  usePageMeta({ title: t('success.title'), description: t('success.description') });
  const [params] = useSearchParams();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  const orderNumber = param(params, 'order_id', 40);
  const name = param(params, 'name', 60);

  useEffect(() => {
    dispatch(cartCleared());
    try {
      localStorage.removeItem(STORAGE_KEYS.orderInPayment);
      localStorage.removeItem(STORAGE_KEYS.pendingOrder);
      localStorage.removeItem(STORAGE_KEYS.paymentToken);
    } catch {
      // Storage blocked: nothing was kept.
    }
  }, [dispatch]);

  return (
    <section className={styles.card}>
      <p className={styles.icon} aria-hidden="true">
        ✓
      </p>
      <h1>{name ? t('success.thanksName', { name }) : t('success.thanks')}</h1>
      {orderNumber && (
        <p className={styles.number}>
          {t('common.orderNumber')} <strong data-testid="order-number">{orderNumber}</strong>
        </p>
      )}
      <p>{t('success.paid')}</p>
      <div className={styles.actions}>
        {signedIn && orderNumber && (
          <Link to={`/profile/order/${encodeURIComponent(orderNumber)}`} className={styles.secondary}>
            {t('success.viewOrder')}
          </Link>
        )}
        <Link to="/shop/all" className={styles.primary}>
          {t('common.continueShopping')}
        </Link>
      </div>
    </section>
  );
}
