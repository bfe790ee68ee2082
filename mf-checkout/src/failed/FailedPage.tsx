import { Link, useSearchParams } from 'react-router-dom';
import { ORDER_MESSAGES } from '@shop/api-types';
import { usePageMeta } from '@shop/store-kit';
import styles from '../success/result.module.css';

/** /failed: the payment did not go through; the cart is kept for another try. */
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
        <Link to="/checkout" className={styles.primary}>
          Try Again
        </Link>
      </div>
    </section>
  );
}
