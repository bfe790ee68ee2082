import { Link, useSearchParams } from 'react-router-dom';
import { ORDER_MESSAGES } from '@shop/api-types';
import { SESSION_STORAGE_KEYS, usePageMeta } from '@shop/store-kit';
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
  usePageMeta({ title: 'Payment not completed', description: 'Your order could not be processed.' });
  const [params] = useSearchParams();
  const pending = params.get('pending') === '1';
  // The payment went through after the order had been cancelled: the order stays cancelled and the money goes back.
  const refund = params.get('refund') === '1';
  const orderNumber = (params.get('order_id') ?? '').trim().slice(0, 40);
  return (
    <section className={styles.card}>
      <h1>{ORDER_MESSAGES.orderFailed}</h1>
      <p>{ORDER_MESSAGES.checkPayment}</p>
      {orderNumber && (
        <p>
          Order number: <strong data-testid="order-number">{orderNumber}</strong>
        </p>
      )}
      {refund && (
        <p className={styles.calm} role="status">
          Refund due: your payment arrived after this order was cancelled. The order stays cancelled and the amount will be refunded to you;
          there is no need to contact us.
        </p>
      )}
      {pending && (
        <p className={styles.calm} role="status">
          Your payment is still being confirmed. If it goes through, your order will be marked as paid and the order page will update on its
          own: there is no need to pay again.
        </p>
      )}
      <div className={styles.actions}>
        <Link to={retryPath(orderNumber)} className={styles.primary}>
          Try Again
        </Link>
      </div>
    </section>
  );
}
