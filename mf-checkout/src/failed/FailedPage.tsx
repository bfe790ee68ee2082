import { Link, useSearchParams } from 'react-router-dom';
import { ORDER_MESSAGES } from '@shop/api-types';
import { usePageMeta } from '@shop/store-kit';
import { useServerMessage, useT } from '../i18n/results';
import { keptOrderNumbered } from '../orderPayment/keptOrders';
import { usePayOrderAgain } from '../orderPayment/usePayOrderAgain';
import styles from '../success/result.module.css';

/**
 * /failed: the payment did not go through; the order stays unpaid for another try. Try Again pays
 * that same order. An order the shopping assistant placed is paid again right here, with the key
 * this browser keeps for it in local storage: in any tab, also one where the conversation is gone,
 * where /checkout would place a second order from the storefront's cart. Any other order (and a
 * /failed that names none) is the checkout's, which pays its kept order again when nothing changed.
 */
export default function FailedPage(): JSX.Element {
  const t = useT();
  const say = useServerMessage();
  usePageMeta({ title: t('failed.title'), description: t('failed.description') });
  const [params] = useSearchParams();
  const pending = params.get('pending') === '1';
  // The payment went through after the order had been cancelled: the order stays cancelled and the money goes back.
  const refund = params.get('refund') === '1';
  const orderNumber = (params.get('order_id') ?? '').trim().slice(0, 40);
  const kept = keptOrderNumbered(orderNumber);
  const chatOrder = kept?.placedIn === 'chat' ? kept : null;
  const { pay, opening } = usePayOrderAgain();
  return (
    <section className={styles.card}>
      <h1>{say(ORDER_MESSAGES.orderFailed)}</h1>
      <p>{say(ORDER_MESSAGES.checkPayment)}</p>
      {orderNumber && (
        <p>
          {t('common.orderNumber')} <strong data-testid="order-number">{orderNumber}</strong>
        </p>
      )}
      {refund && (
        <p className={styles.calm} role="status">
          {t('failed.refund')}
        </p>
      )}
      {pending && (
        <p className={styles.calm} role="status">
          {t('failed.pending')}
        </p>
      )}
      <div className={styles.actions}>
        {chatOrder && !refund ? (
          <button type="button" className={styles.primary} disabled={opening} onClick={() => void pay(chatOrder)}>
            {opening ? t('failed.opening') : t('failed.tryAgain')}
          </button>
        ) : (
          <Link to="/checkout" className={styles.primary}>
            {t('failed.tryAgain')}
          </Link>
        )}
      </div>
    </section>
  );
}
