import { Link, useSearchParams } from 'react-router-dom';
import { ORDER_MESSAGES } from '@shop/api-types';
import { SESSION_STORAGE_KEYS, usePageMeta } from '@shop/store-kit';
import { useServerMessage, useT } from '../i18n';
import styles from '../success/result.module.css';

/** The order the shopping assistant last sent to the payment page (in this tab), if any. */
function chatOrderInPayment(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(SESSION_STORAGE_KEYS.chatOrderInPayment) ?? null;
  } catch {
    return null;
  }
}

/**
 * Where Try Again pays this same order. An order placed in the chat is paid again from the chat,
 * which keeps its payment key (server-side); /checkout has no key for it and would place a second
 * order. Any other order (and a /failed that names none) is the checkout's, which keeps its own.
 */
export function retryPath(orderNumber: string): '/chat' | '/checkout' {
  return orderNumber !== '' && orderNumber === chatOrderInPayment() ? '/chat' : '/checkout';
}

/** /failed: the payment did not go through; the cart is kept for another try, from where the order was placed. */
export default function FailedPage(): JSX.Element {
  const t = useT();
  const say = useServerMessage();
  usePageMeta({ title: t('failed.title'), description: t('failed.description') });
  const [params] = useSearchParams();
  const pending = params.get('pending') === '1';
  // The payment went through after the order had been cancelled: the order stays cancelled and the money goes back.
  const refund = params.get('refund') === '1';
  const orderNumber = (params.get('order_id') ?? '').trim().slice(0, 40);
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
        <Link to={retryPath(orderNumber)} className={styles.primary}>
          {t('failed.tryAgain')}
        </Link>
      </div>
    </section>
  );
}
