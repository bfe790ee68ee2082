import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { normaliseKenyanPhone, REDIRECT_DELAY_MS, SIGN_UP_POINTS } from '@shop/api-types';
import { apiFieldErrors, notify, useFormErrorToasts } from '@shop/store-kit';
import { TextField } from '@shop/storefront-ui';
import { useRegisterMutation } from '../api/accountApi';
import { useT } from '../i18n';
import { useServerMessage } from '../i18n/serverMessages';
import styles from './auth.module.css';

const EMPTY = { first_name: '', last_name: '', email: '', phone: '', password: '' };

export default function RegisterPage(): JSX.Element {
  const [form, setForm] = useState(EMPTY);
  const [done, setDone] = useState<string | null>(null);
  const [register, { isLoading }] = useRegisterMutation();
  const navigate = useNavigate();
  const t = useT();
  const serverMessage = useServerMessage();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const errorToasts = useFormErrorToasts('register');

  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    errorToasts.fieldEdited(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The answer to this submit replaces the errors of the last one.
    errorToasts.clear();
    // Sent as the server stores it; what the parser cannot read goes as typed, for the server's message.
    const result = await register({ ...form, phone: normaliseKenyanPhone(form.phone) ?? form.phone });
    if ('error' in result) {
      errorToasts.show(apiFieldErrors(result.error), serverMessage);
      return;
    }
    setDone(serverMessage(result.data.message));
    notify.success(serverMessage(result.data.message));
    timer.current = setTimeout(() => navigate('/login'), REDIRECT_DELAY_MS);
  };

  return (
    <section className={styles.card}>
      <h1>{t('register.title')}</h1>
      <p className={styles.lead}>{t('register.lead', { points: SIGN_UP_POINTS })}</p>
      {done ? (
        <p className={styles.success} role="status">
          {done} {t('form.redirecting')}
        </p>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <div className={styles.row}>
            <TextField
              label={t('form.firstName')}
              name="first_name"
              autoComplete="given-name"
              value={form.first_name}
              onChange={set('first_name')}
              required
            />
            <TextField
              label={t('form.lastName')}
              name="last_name"
              autoComplete="family-name"
              value={form.last_name}
              onChange={set('last_name')}
              required
            />
          </div>
          <TextField
            label={t('form.email')}
            name="email"
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={set('email')}
            required
          />
          <TextField
            label={t('form.phone')}
            name="phone"
            type="tel"
            inputMode="tel"
            placeholder="0712345678"
            autoComplete="tel"
            value={form.phone}
            onChange={set('phone')}
            required
          />
          <TextField
            label={t('form.password')}
            name="password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
            required
          />
          <button type="submit" className={styles.submit} disabled={isLoading}>
            {isLoading ? t('register.submitting') : t('register.submit')}
          </button>
        </form>
      )}
      <p className={styles.links}>
        <span>
          {t('register.haveAccount')} <Link to="/login">{t('register.logIn')}</Link>
        </span>
      </p>
    </section>
  );
}
