import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { normaliseKenyanPhone, REDIRECT_DELAY_MS, SIGN_UP_POINTS } from '@shop/api-types';
import { apiErrorMessages, notify } from '@shop/store-kit';
import { TextField } from '@shop/storefront-ui';
import { useRegisterMutation } from '../api/accountApi';
import styles from './auth.module.css';

const EMPTY = { first_name: '', last_name: '', email: '', phone: '', password: '' };

export default function RegisterPage(): JSX.Element {
  const [form, setForm] = useState(EMPTY);
  const [done, setDone] = useState<string | null>(null);
  const [register, { isLoading }] = useRegisterMutation();
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Sent as the server stores it; what the parser cannot read goes as typed, for the server's message.
    const result = await register({ ...form, phone: normaliseKenyanPhone(form.phone) ?? form.phone });
    if ('error' in result) {
      for (const message of apiErrorMessages(result.error)) notify.error(message);
      return;
    }
    setDone(result.data.message);
    notify.success(result.data.message);
    timer.current = setTimeout(() => navigate('/login'), REDIRECT_DELAY_MS);
  };

  return (
    <section className={styles.card}>
      <h1>Register</h1>
      <p className={styles.lead}>Create an account and earn {SIGN_UP_POINTS} Shwari Points at once.</p>
      {done ? (
        <p className={styles.success} role="status">
          {done} Taking you to the login page…
        </p>
      ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          <div className={styles.row}>
            <TextField
              label="First name"
              name="first_name"
              autoComplete="given-name"
              value={form.first_name}
              onChange={set('first_name')}
              required
            />
            <TextField
              label="Last name"
              name="last_name"
              autoComplete="family-name"
              value={form.last_name}
              onChange={set('last_name')}
              required
            />
          </div>
          <TextField
            label="Email address"
            name="email"
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={set('email')}
            required
          />
          <TextField
            label="Phone"
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
            label="Password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={form.password}
            onChange={set('password')}
            required
          />
          <button type="submit" className={styles.submit} disabled={isLoading}>
            {isLoading ? 'Creating your account…' : 'Register'}
          </button>
        </form>
      )}
      <p className={styles.links}>
        <span>
          Already have an account? <Link to="/login">Log in</Link>
        </span>
      </p>
    </section>
  );
}
