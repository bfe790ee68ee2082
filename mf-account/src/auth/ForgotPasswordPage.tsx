import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { REDIRECT_DELAY_MS } from '@shop/api-types';
import { apiErrorMessages, errorStatus, notify, selectIsSignedIn, useAppSelector } from '@shop/store-kit';
import { TextField } from '@shop/storefront-ui';
import { useForgotPasswordMutation } from '../api/accountApi';
import styles from './auth.module.css';

/**
 * The spec's screen (email, new password, confirmation) with one added step: a one-time code
 * emailed to the account must be entered before the new password applies, so nobody can take
 * over an account by knowing its email address.
 */
export default function ForgotPasswordPage(): JSX.Element {
  const signedInAlready = useAppSelector(selectIsSignedIn);
  const navigate = useNavigate();
  const [send, { isLoading }] = useForgotPasswordMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  if (signedInAlready) return <Navigate to="/profile/my-account" replace />;

  const requestCode = async () => {
    const result = await send({ email });
    if ('error' in result) {
      if (errorStatus(result.error) === 404) notify.error('Register first');
      else for (const message of apiErrorMessages(result.error)) notify.error(message);
      return;
    }
    setCodeSent(true);
    notify.success(result.data.message);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Refused before any call: no code is mailed for a new password that was mistyped.
    if (password !== confirmation) {
      notify.error('The password field confirmation does not match.');
      return;
    }
    if (!codeSent) {
      await requestCode();
      return;
    }
    const result = await send({ email, code, password, password_confirmation: confirmation });
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
      <h1>Forgot Password</h1>
      {done ? (
        <p className={styles.success} role="status">
          {done} Taking you to the login page…
        </p>
      ) : (
        <>
          <p className={styles.lead}>
            {codeSent
              ? `We emailed a 6-digit code to ${email}. Enter it with your new password.`
              : 'Enter your email address and choose a new password. We will email you a code to confirm it is you.'}
          </p>
          <form className={styles.form} onSubmit={submit} noValidate>
            <TextField
              label="Email address"
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              readOnly={codeSent}
              required
            />
            <TextField
              label="New password"
              name="password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
            />
            <TextField
              label="Confirm password"
              name="password_confirmation"
              type="password"
              autoComplete="new-password"
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
              required
            />
            {codeSent && (
              <TextField
                label="6-digit code from your email"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
                required
              />
            )}
            <button type="submit" className={styles.submit} disabled={isLoading}>
              {isLoading ? 'Please wait…' : codeSent ? 'Reset Password' : 'Send me a code'}
            </button>
            {codeSent && (
              <button type="button" className={styles.secondary} disabled={isLoading} onClick={() => void requestCode()}>
                Send a new code
              </button>
            )}
          </form>
        </>
      )}
      <p className={styles.links}>
        <Link to="/login">Back to login</Link>
        <span>
          No account yet? <Link to="/register">Register</Link>
        </span>
      </p>
    </section>
  );
}
