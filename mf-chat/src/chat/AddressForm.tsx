import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { ChatContact } from '@shop/api-types';
import { selectIsSignedIn, useAppSelector, useGetProfileQuery } from '@shop/store-kit';
import { useServerMessage, useT } from '../i18n';
import { checkAddress, fillEmpty, prefillAddress, type AddressField, type AddressForm as Address } from './address';
import styles from './chat.module.css';

interface AddressFormProps {
  disabled: boolean;
  onSubmit(address: Address, contact?: ChatContact): void;
}

const FIELDS: Array<{
  name: AddressField;
  label:
    'address.firstName' | 'address.lastName' | 'address.phone' | 'address.email' | 'address.street' | 'address.town' | 'address.apartment';
  autoComplete: string;
  type?: string;
  inputMode?: 'tel' | 'email';
  required: boolean;
}> = [
  { name: 'first_name', label: 'address.firstName', autoComplete: 'given-name', required: true },
  { name: 'last_name', label: 'address.lastName', autoComplete: 'family-name', required: true },
  { name: 'phone', label: 'address.phone', autoComplete: 'tel', type: 'tel', inputMode: 'tel', required: true },
  { name: 'email', label: 'address.email', autoComplete: 'email', type: 'email', inputMode: 'email', required: true },
  { name: 'street', label: 'address.street', autoComplete: 'address-line1', required: true },
  { name: 'town', label: 'address.town', autoComplete: 'address-level2', required: true },
  { name: 'apartment', label: 'address.apartment', autoComplete: 'address-line2', required: false },
];

/**
 * Revealed once a sub-county is chosen: who the order is for and where it goes. Prefilled from the
 * checkout's saved details and the signed-in customer's profile; nothing is sent while a required
 * field is empty.
 */
export function AddressForm({ disabled, onSubmit }: AddressFormProps): JSX.Element {
  const prefix = useId();
  const t = useT();
  const say = useServerMessage();
  const signedIn = useAppSelector(selectIsSignedIn);
  const profile = useGetProfileQuery(undefined, { skip: !signedIn });
  const [form, setForm] = useState<Address>(() => prefillAddress());
  const [problem, setProblem] = useState<{ message: string; invalid: AddressField[] } | null>(null);
  const profileApplied = useRef(false);

  useEffect(() => {
    if (!profile.data || profileApplied.current) return;
    profileApplied.current = true;
    const data = profile.data;
    setForm((current) => fillEmpty(current, data));
  }, [profile.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    const check = checkAddress(form);
    if (check.message) {
      setProblem({ message: check.message, invalid: check.invalid });
      return;
    }
    setProblem(null);
    onSubmit(form);
  };

  const errorId = `${prefix}-address-error`;
  return (
    <form className={styles.address} onSubmit={submit} noValidate aria-label={t('address.label')}>
      <p className={styles.addressTitle}>{t('address.title')}</p>
      <div className={styles.addressGrid}>
        {FIELDS.map((field) => {
          const invalid = problem?.invalid.includes(field.name) ?? false;
          return (
            <div key={field.name} className={`${styles.field} ${field.name === 'street' || field.name === 'apartment' ? styles.wide : ''}`}>
              <label htmlFor={`${prefix}-${field.name}`}>
                {t(field.label)}
                {field.required && <span aria-hidden="true"> *</span>}
              </label>
              <input
                id={`${prefix}-${field.name}`}
                name={field.name}
                type={field.type ?? 'text'}
                inputMode={field.inputMode}
                autoComplete={field.autoComplete}
                maxLength={field.name === 'email' ? 120 : 100}
                required={field.required}
                aria-invalid={invalid || undefined}
                aria-describedby={invalid ? errorId : undefined}
                value={form[field.name]}
                onChange={(event) => {
                  const { value } = event.target;
                  setForm((current) => ({ ...current, [field.name]: value }));
                }}
              />
            </div>
          );
        })}
      </div>
      {problem && (
        <p id={errorId} className={styles.error} role="alert">
          {say(problem.message)}
        </p>
      )}
      <button type="submit" className={styles.primary} disabled={disabled}>
        {t('address.confirm')}
      </button>
    </form>
  );
}
