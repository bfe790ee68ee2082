import { useEffect, useRef } from 'react';
import { fieldId } from './CheckoutField';
import type { ErrorKey } from './form';
import { useServerMessage, useT } from '../i18n';
import styles from './checkout.module.css';

/** Where each message's field is, for the summary's links. */
const TARGETS: Record<ErrorKey, string> = {
  first_name: fieldId('first_name'),
  last_name: fieldId('last_name'),
  phone: fieldId('phone'),
  email: fieldId('email'),
  street: fieldId('street'),
  county_id: 'checkout-county',
  subcounty_id: 'checkout-sub-county',
  town: fieldId('town'),
  total: 'checkout-total',
  mpesa_no: fieldId('mpesa_no'),
  terms: 'checkout-terms',
};

interface ErrorSummaryProps {
  /** The messages in page order. */
  errors: Array<[ErrorKey, string]>;
  /** Counts failed checks: shown from the first, and focused at each. */
  focusTick: number;
}

/** 'Please check the following': each message a link to its field, focused when a check fails. */
export function ErrorSummary({ errors, focusTick }: ErrorSummaryProps): JSX.Element | null {
  const summaryRef = useRef<HTMLDivElement>(null);
  const t = useT();
  const say = useServerMessage();
  useEffect(() => {
    if (focusTick) summaryRef.current?.focus();
  }, [focusTick]);

  if (errors.length === 0 || focusTick === 0) return null;
  return (
    <div ref={summaryRef} className={styles.errorSummary} tabIndex={-1} role="alert" aria-labelledby="checkout-errors-title">
      <h2 id="checkout-errors-title">{t('errors.title')}</h2>
      <ul>
        {errors.map(([key, message]) => (
          <li key={key}>
            <a
              href={`#${TARGETS[key]}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(TARGETS[key])?.focus();
              }}
            >
              {say(message)}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
