import { Link } from 'react-router-dom';
import { useT } from '../i18n';
import styles from './chat.module.css';

interface TermsAgreementProps {
  disabled: boolean;
  onAgree(): void;
}

/**
 * The checkout page's terms checkbox, as the chat asks it: the terms to read (in a new tab, so the
 * conversation stays) and one button that agrees; no order is placed before it (the assistant also
 * understands a typed 'I agree' or 'nakubali'). The button reads in the page's language; what it
 * sends is the caller's (the spec's agreement, which the assistant reads in any language).
 */
export function TermsAgreement({ disabled, onAgree }: TermsAgreementProps): JSX.Element {
  const t = useT();
  return (
    <div className={styles.terms} role="group" aria-label={t('terms.label')}>
      <p>
        {t('terms.before')}{' '}
        <Link to="/terms" target="_blank" rel="noopener">
          {t('terms.link')}
        </Link>{' '}
        {t('terms.after')}
      </p>
      <button type="button" className={styles.primary} disabled={disabled} onClick={onAgree}>
        {t('terms.agree')}
      </button>
    </div>
  );
}
