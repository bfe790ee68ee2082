import type { RefObject } from 'react';
import { Link } from 'react-router-dom';
import type { PaymentMethod } from '@shop/api-types';
import { Loading } from '@shop/storefront-ui';
import { CheckoutField, errorId } from './CheckoutField';
import type { CheckoutErrors } from './form';
import { PaymentProgress } from './PaymentProgress';
import type { FieldChange } from './useCheckoutForm';
import type { PaymentState } from './usePayment';
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
  return (
    <section className={styles.panel} aria-labelledby="checkout-payment-title">
      <h2 id="checkout-payment-title" ref={headingRef} tabIndex={-1}>
        Payment
      </h2>
      <fieldset className={styles.choices} disabled={busy}>
        <legend>How would you like to pay?</legend>
        <label className={styles.choice}>
          <input type="radio" name="payment_method" value="hosted" checked={method === 'hosted'} onChange={() => choosePayment('hosted')} />
          Pay on the secure payment page (M-Pesa, Airtel Money, card)
        </label>
        <label className={styles.choice}>
          <input type="radio" name="payment_method" value="mpesa" checked={method === 'mpesa'} onChange={() => choosePayment('mpesa')} />
          M-Pesa prompt on my phone
        </label>
      </fieldset>
      {method === 'mpesa' && (
        <CheckoutField
          name="mpesa_no"
          label="M-Pesa number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={12}
          hint="Starts with 254, 12 digits, e.g. 254712345678."
          value={mpesaNumber}
          onChange={onMpesaNumberChange}
          error={errors.mpesa_no}
          required
        />
      )}
      <p className={styles.note}>
        {method === 'hosted'
          ? 'You will be sent to an external secure payment page to pay, then brought back to the shop.'
          : 'We will send a payment request to this number: enter your M-Pesa PIN on your phone to pay.'}
      </p>
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
          I have read and agree to the{' '}
          <Link to="/terms" target="_blank" rel="noopener">
            terms and conditions
          </Link>
        </label>
      </div>
      {errors.terms && (
        <p id={errorId('terms')} className={styles.fieldError}>
          {errors.terms}
        </p>
      )}
      <PaymentProgress state={paymentState} onRetryPrompt={onRetryPrompt} onHostedPage={onHostedPage} />
      {busy ? (
        <Loading label="Placing your order…" />
      ) : (
        paymentState.step !== 'failed' &&
        paymentState.step !== 'timeout' && (
          <button type="button" className={styles.primary} disabled={!validated} onClick={onPlaceOrder}>
            Place Order
          </button>
        )
      )}
      {!validated && !busy && <p className={styles.hint}>Press Continue to check your details first.</p>}
    </section>
  );
}
