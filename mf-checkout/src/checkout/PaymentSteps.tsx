import { useServerMessage, useT } from '../i18n';
import { PAYMENT_MESSAGES } from './paymentMessages';
import type { PaymentState } from './usePayment';
import styles from './checkout.module.css';

export interface PaymentProgressProps {
  state: PaymentState;
  onRetryPrompt(): void;
  onHostedPage(): void;
}

/**
 * What the M-Pesa prompt is doing, and the ways on when it failed or went unanswered: shown only
 * after Place Order, so a chunk of its own (with the payment steps), inside PaymentProgress's region.
 */
export default function PaymentSteps({ state, onRetryPrompt, onHostedPage }: PaymentProgressProps): JSX.Element {
  const t = useT();
  const say = useServerMessage();
  return (
    <>
      {state.step === 'prompting' && <p>{t('progress.sendingPrompt')}</p>}
      {state.step === 'waiting' && (
        <>
          <p className={styles.strong}>{say(PAYMENT_MESSAGES.enterPin)}</p>
          <p>{t('progress.waiting', { number: state.order.order_number })}</p>
        </>
      )}
      {state.step === 'paid' && (
        <p className={styles.ok}>
          {say(PAYMENT_MESSAGES.paid)} {t('progress.orderPaid', { number: state.order.order_number })}
        </p>
      )}
      {state.step === 'failed' && (
        <div className={styles.problem}>
          <p className={styles.strong}>{say(state.message)}</p>
          <p>{t('progress.orderSaved', { number: state.order.order_number })}</p>
          <RetryButtons onRetryPrompt={onRetryPrompt} onHostedPage={onHostedPage} />
        </div>
      )}
      {state.step === 'timeout' && (
        <div className={styles.problem}>
          <p className={styles.strong}>{t('progress.noConfirmation')}</p>
          <p>{t('progress.timeoutAdvice')}</p>
          <RetryButtons onRetryPrompt={onRetryPrompt} onHostedPage={onHostedPage} />
        </div>
      )}
    </>
  );
}

function RetryButtons({ onRetryPrompt, onHostedPage }: Omit<PaymentProgressProps, 'state'>): JSX.Element {
  const t = useT();
  return (
    <div className={styles.retry}>
      <button type="button" className={styles.primary} onClick={onHostedPage}>
        {t('progress.payOnHostedPage')}
      </button>
      <button type="button" className={styles.secondary} onClick={onRetryPrompt}>
        {t('progress.sendPromptAgain')}
      </button>
    </div>
  );
}
