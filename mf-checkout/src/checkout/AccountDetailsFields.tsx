import { CheckoutField } from './CheckoutField';
import type { CheckoutErrors, CheckoutForm, TextFieldName } from './form';
import type { FieldChange } from './useCheckoutForm';
import styles from './checkout.module.css';

export interface FieldSectionProps {
  form: CheckoutForm;
  errors: CheckoutErrors;
  change(field: TextFieldName): FieldChange;
}

/** Who the order is for: name, phone and email. */
export function AccountDetailsFields({ form, errors, change }: FieldSectionProps): JSX.Element {
  return (
    <fieldset className={styles.panel}>
      <legend>Account details</legend>
      <div className={styles.row}>
        <CheckoutField
          name="first_name"
          label="First name"
          autoComplete="given-name"
          value={form.first_name}
          onChange={change('first_name')}
          error={errors.first_name}
          required
        />
        <CheckoutField
          name="last_name"
          label="Last name"
          autoComplete="family-name"
          value={form.last_name}
          onChange={change('last_name')}
          error={errors.last_name}
          required
        />
      </div>
      <CheckoutField
        name="phone"
        label="Phone"
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
        label="Email"
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
