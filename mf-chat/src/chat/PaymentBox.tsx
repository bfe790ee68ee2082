import type { ChatCheckout } from '@shop/api-types';
import { formatKsh } from '@shop/money';
import { safePaymentUrl } from '@shop/store-kit';
import { useT } from '../i18n';
import { rememberOrderInPayment } from './storage';
import styles from './chat.module.css';

interface PaymentBoxProps {
  checkout: ChatCheckout;
  busy: boolean;
  /** A declined or cancelled payment: the assistant opens a new payment attempt on this same order (the cart is kept until it is paid). */
  onTryAgain(): void;
}

/** The order is placed: its number and one clear way to pay, on the hosted payment page in this window. */
export function PaymentBox({ checkout, busy, onTryAgain }: PaymentBoxProps): JSX.Element {
  const t = useT();
  const url = safePaymentUrl(checkout.payment_url);
  return (
    <div className={styles.payment} role="group" aria-label={t('payment.label', { orderNumber: checkout.order_number })}>
      <p className={styles.orderNumber}>
        {t('payment.orderNumber')} <strong data-testid="chat-order-number">{checkout.order_number}</strong>
      </p>
      {url ? (
        <a className={styles.payButton} href={url} onClick={() => rememberOrderInPayment(checkout)}>
          {t('payment.pay', { amount: formatKsh(checkout.total_amount) })}
        </a>
      ) : (
        <p role="alert">{t('payment.cannotOpen')}</p>
      )}
      <p className={styles.note}>{t('payment.howToPay')}</p>
      <p className={styles.note}>
        {t('payment.declined')}{' '}
        <button type="button" className={styles.linkButton} disabled={busy} onClick={onTryAgain}>
          {t('payment.tryAgain')}
        </button>
      </p>
    </div>
  );
}
