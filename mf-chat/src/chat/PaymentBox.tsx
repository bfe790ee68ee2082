import type { ChatCheckout } from '@shop/api-types';
import { formatKsh } from '@shop/money';
import { rememberOrderInPayment } from './storage';
import styles from './chat.module.css';

/** Only http(s) addresses are followed: an answer must never run script in the shop. */
export function safePaymentUrl(url: unknown): string | null {
  if (typeof url !== 'string' || !url) return null;
  try {
    const parsed = new URL(url, window.location.href);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null;
  } catch {
    return null;
  }
}

interface PaymentBoxProps {
  checkout: ChatCheckout;
  busy: boolean;
  /** A declined or cancelled payment: the assistant opens a new payment attempt on this same order (the cart is kept until it is paid). */
  onTryAgain(): void;
}

/** The order is placed: its number and one clear way to pay, on the hosted payment page in this window. */
export function PaymentBox({ checkout, busy, onTryAgain }: PaymentBoxProps): JSX.Element {
  const url = safePaymentUrl(checkout.payment_url);
  return (
    <div className={styles.payment} role="group" aria-label={`Payment for order ${checkout.order_number}`}>
      <p className={styles.orderNumber}>
        Order number: <strong data-testid="chat-order-number">{checkout.order_number}</strong>
      </p>
      {url ? (
        <a className={styles.payButton} href={url} onClick={() => rememberOrderInPayment(checkout.order_number)}>
          Pay {formatKsh(checkout.total_amount)} now
        </a>
      ) : (
        <p role="alert">The payment page could not be opened. Please ask the assistant to check out again.</p>
      )}
      <p className={styles.note}>You will pay on a secure payment page (M-Pesa, Airtel Money or card), then come back to the shop.</p>
      <p className={styles.note}>
        Payment declined or cancelled? Your cart is kept until this order is paid.{' '}
        <button type="button" className={styles.linkButton} disabled={busy} onClick={onTryAgain}>
          Try again
        </button>
      </p>
    </div>
  );
}
