import { Link } from 'react-router-dom';
import { CHAT_TERMS_AGREE_MESSAGE } from '@shop/api-types';
import styles from './chat.module.css';

interface TermsAgreementProps {
  disabled: boolean;
  onAgree(): void;
}

/**
 * The checkout page's terms checkbox, as the chat asks it: the terms to read (in a new tab, so the
 * conversation stays) and one button that agrees; no order is placed before it (the assistant also
 * understands a typed 'I agree' or 'nakubali').
 */
export function TermsAgreement({ disabled, onAgree }: TermsAgreementProps): JSX.Element {
  return (
    <div className={styles.terms} role="group" aria-label="Terms and conditions">
      <p>
        Please read our{' '}
        <Link to="/terms" target="_blank" rel="noopener">
          terms and conditions
        </Link>{' '}
        before you order.
      </p>
      <button type="button" className={styles.primary} disabled={disabled} onClick={onAgree}>
        {CHAT_TERMS_AGREE_MESSAGE}
      </button>
    </div>
  );
}
