import type { InputHTMLAttributes } from 'react';
import { TextField } from '@shop/storefront-ui';
import { useServerMessage } from '../i18n';
import styles from './checkout.module.css';

interface CheckoutFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> {
  name: string;
  label: string;
  error?: string;
  hint?: string;
}

export const fieldId = (name: string): string => `checkout-${name}`;
export const errorId = (name: string): string => `checkout-${name}-error`;

/** The storefront's labelled field, with its error message right under it and tied to it for screen readers. */
export function CheckoutField({ name, label, error, hint, ...input }: CheckoutFieldProps): JSX.Element {
  const say = useServerMessage();
  const id = fieldId(name);
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId(name) : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`${styles.fieldWrap} ${error ? styles.invalid : ''}`}>
      <TextField id={id} name={name} label={label} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId(name)} className={styles.fieldError}>
          {say(error)}
        </p>
      )}
    </div>
  );
}
