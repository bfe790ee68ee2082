import { CheckoutField } from './CheckoutField';
import type { CheckoutErrors, CheckoutForm, TextFieldName } from './form';
import type { FieldChange } from './useCheckoutForm';
import { useT } from '../i18n';
import styles from './checkout.module.css';

export interface FieldSectionProps {
  form: CheckoutForm;
  errors: CheckoutErrors;
  change(field: TextFieldName): FieldChange;
}

/** Who the order is for: name, phone and email. */
export function AccountDetailsFields({ form, errors, change }: FieldSectionProps): JSX.Element {
  const t = useT();
  return (
    <fieldset className={styles.panel}>
      <legend>{t('fields.accountDetails')}</legend>
      <div className={styles.row}>
        <CheckoutField
          name="first_name"
          label={t('fields.firstName')}
          autoComplete="given-name"
          value={form.first_name}
          onChange={change('first_name')}
          error={errors.first_name}
          required
        />
        <CheckoutField
          name="last_name"
          label={t('fields.lastName')}
          autoComplete="family-name"
          value={form.last_name}
          onChange={change('last_name')}
          error={errors.last_name}
          required
        />
      </div>
      <CheckoutField
        name="phone"
        label={t('fields.phone')}
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        placeholder="0712345678"
        value={form.phone}
        onChange={change('phone')}
        error={errors.phone}
        required
      />
      <CheckoutField
        name="email"
        label={t('fields.email')}
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={change('email')}
        error={errors.email}
        required
      />
    </fieldset>
  );
}
