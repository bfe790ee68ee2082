import type { InputHTMLAttributes } from 'react';
import styles from './ui.module.css';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
}

/** A labelled input, the same in every storefront form. */
export function TextField({ label, name, id, required, ...input }: TextFieldProps): JSX.Element {
  const inputId = id ?? `field-${name}`;
  return (
    <div className={styles.field}>
      <label htmlFor={inputId}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input id={inputId} name={name} required={required} {...input} />
    </div>
  );
}
