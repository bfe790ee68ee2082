import { PAYMENT_MESSAGES, type PaymentState } from './usePayment';
import styles from './checkout.module.css';

interface PaymentProgressProps {
  state: PaymentState;
  onRetryPrompt(): void;
  onHostedPage(): void;
}

/** What the M-Pesa prompt is doing, and the ways on when it failed or went unanswered. */
export function PaymentProgress({ state, onRetryPrompt, onHostedPage }: PaymentProgressProps): JSX.Element {
  return (
    <div role="status" aria-live="polite" className={styles.progress}>
      {state.step === 'prompting' && <p>Sending the M-Pesa prompt to your phone…</p>}
      {state.step === 'waiting' && (
        <>
          <p className={styles.strong}>{PAYMENT_MESSAGES.enterPin}</p>
          <p>Order {state.order.order_number}: we are waiting for M-Pesa to confirm your payment. Keep this page open.</p>
        </>
      )}
      {state.step === 'paid' && (
        <p className={styles.ok}>
          {PAYMENT_MESSAGES.paid} Order {state.order.order_number} is paid. Taking you to your order confirmation…
        </p>
      )}
      {state.step === 'failed' && (
        <div className={styles.problem}>
          <p className={styles.strong}>{state.message}</p>
          <p>Your order {state.order.order_number} is saved. You can try again:</p>
          <RetryButtons onRetryPrompt={onRetryPrompt} onHostedPage={onHostedPage} />
        </div>
      )}
      {state.step === 'timeout' && (
        <div className={styles.problem}>
          <p className={styles.strong}>We have not received a confirmation from M-Pesa yet.</p>
          <p>
            If you entered your PIN, wait a moment before paying again. Otherwise, try the secure payment page or send the prompt again.
          </p>
          <RetryButtons onRetryPrompt={onRetryPrompt} onHostedPage={onHostedPage} />
        </div>
      )}
    </div>
  );
}

function RetryButtons({ onRetryPrompt, onHostedPage }: Omit<PaymentProgressProps, 'state'>): JSX.Element {
  return (
    <div className={styles.retry}>
      <button type="button" className={styles.primary} onClick={onHostedPage}>
        Pay on the secure payment page
      </button>
      <button type="button" className={styles.secondary} onClick={onRetryPrompt}>
        Send the M-Pesa prompt again
      </button>
    </div>
  );
}
