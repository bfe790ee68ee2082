import type { RefObject } from 'react';
import { Link } from 'react-router-dom';
import type { PaymentMethod } from '@shop/api-types';
import { Loading } from '@shop/storefront-ui';
import { CheckoutField, errorId } from './CheckoutField';
import type { CheckoutErrors } from './form';
import { PaymentProgress } from './PaymentProgress';
import type { FieldChange } from './useCheckoutForm';
import type { PaymentState } from './usePayment';
import { useServerMessage, useT } from '../i18n';
import styles from './checkout.module.css';

interface PaymentSectionProps {
  /** Focused when Continue finds the details complete. */
  headingRef: RefObject<HTMLHeadingElement>;
  method: PaymentMethod;
  choosePayment(method: PaymentMethod): void;
  mpesaNumber: string;
  onMpesaNumberChange: FieldChange;
  errors: CheckoutErrors;
  termsAccepted: boolean;
  onTermsChange(accepted: boolean): void;
  /** Continue found the details complete: Place Order is enabled. */
  validated: boolean;
  paymentState: PaymentState;
  busy: boolean;
  onPlaceOrder(): void;
  onRetryPrompt(): void;
  onHostedPage(): void;
}

/** How to pay (secure payment page or M-Pesa prompt), the terms, the payment's progress and Place Order. */
export function PaymentSection({
  headingRef,
  method,
  choosePayment,
  mpesaNumber,
  onMpesaNumberChange,
  errors,
  termsAccepted,
  onTermsChange,
  validated,
  paymentState,
  busy,
  onPlaceOrder,
  onRetryPrompt,
  onHostedPage,
}: PaymentSectionProps): JSX.Element {
  const t = useT();
  const say = useServerMessage();
  return (
    <section className={styles.panel} aria-labelledby="checkout-payment-title">
      <h2 id="checkout-payment-title" ref={headingRef} tabIndex={-1}>
        {t('payment.title')}
      </h2>
      <fieldset className={styles.choices} disabled={busy}>
        <legend>{t('payment.how')}</legend>
        <label className={styles.choice}>
          <input type="radio" name="payment_method" value="hosted" checked={method === 'hosted'} onChange={() => choosePayment('hosted')} />
          {t('payment.hosted')}
        </label>
        <label className={styles.choice}>
          <input type="radio" name="payment_method" value="mpesa" checked={method === 'mpesa'} onChange={() => choosePayment('mpesa')} />
          {t('payment.mpesa')}
        </label>
      </fieldset>
      {method === 'mpesa' && (
        <CheckoutField
          name="mpesa_no"
          label={t('payment.mpesaNumber')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={12}
          hint={t('payment.mpesaNumberHint')}
          value={mpesaNumber}
          onChange={onMpesaNumberChange}
          error={errors.mpesa_no}
          required
        />
      )}
      <p className={styles.note}>{method === 'hosted' ? t('payment.hostedNote') : t('payment.mpesaNote')}</p>
      <div className={`${styles.terms} ${errors.terms ? styles.invalid : ''}`}>
        <input
          id="checkout-terms"
          type="checkbox"
          checked={termsAccepted}
          onChange={(event) => onTermsChange(event.target.checked)}
          aria-invalid={errors.terms ? true : undefined}
          aria-describedby={errors.terms ? errorId('terms') : undefined}
        />
        <label htmlFor="checkout-terms">
          {t('payment.termsAgree')}{' '}
          <Link to="/terms" target="_blank" rel="noopener">
            {t('payment.termsLink')}
          </Link>
        </label>
      </div>
      {errors.terms && (
        <p id={errorId('terms')} className={styles.fieldError}>
          {say(errors.terms)}
        </p>
      )}
      <PaymentProgress state={paymentState} onRetryPrompt={onRetryPrompt} onHostedPage={onHostedPage} />
      {busy ? (
        <Loading label={t('payment.placing')} />
      ) : (
        paymentState.step !== 'failed' &&
        paymentState.step !== 'timeout' && (
          <button type="button" className={styles.primary} disabled={!validated} onClick={onPlaceOrder}>
            {t('payment.placeOrder')}
          </button>
        )
      )}
      {!validated && !busy && <p className={styles.hint}>{t('payment.continueFirst')}</p>}
    </section>
  );
}
