import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { ACCOUNT_MESSAGES, REDIRECT_DELAY_MS } from '@shop/api-types';
import { apiErrorMessages, errorStatus, notify, selectIsSignedIn, useAppSelector } from '@shop/store-kit';
import { TextField } from '@shop/storefront-ui';
import { useForgotPasswordMutation } from '../api/accountApi';
import { useT } from '../i18n';
import { useServerMessage } from '../i18n/serverMessages';
import styles from './auth.module.css';

/** Refused in the browser with the server's own words, so both say it the same in every language. */
const PASSWORD_MISMATCH = 'The password field confirmation does not match.';

/**
 * The spec's screen (email, new password, confirmation) with one added step: a one-time code
 * emailed to the account must be entered before the new password applies, so nobody can take
 * over an account by knowing its email address.
 */
export default function ForgotPasswordPage(): JSX.Element {
  const signedInAlready = useAppSelector(selectIsSignedIn);
  const navigate = useNavigate();
  const t = useT();
  const serverMessage = useServerMessage();
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
      if (errorStatus(result.error) === 404) notify.error(serverMessage(ACCOUNT_MESSAGES.registerFirst));
      else for (const message of apiErrorMessages(result.error)) notify.error(serverMessage(message));
      return;
    }
    setCodeSent(true);
    notify.success(serverMessage(result.data.message));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Refused before any call: no code is mailed for a new password that was mistyped.
    if (password !== confirmation) {
      notify.error(serverMessage(PASSWORD_MISMATCH));
      return;
    }
    if (!codeSent) {
      await requestCode();
      return;
    }
    const result = await send({ email, code, password, password_confirmation: confirmation });
    if ('error' in result) {
      for (const message of apiErrorMessages(result.error)) notify.error(serverMessage(message));
      return;
    }
    setDone(serverMessage(result.data.message));
    notify.success(serverMessage(result.data.message));
    timer.current = setTimeout(() => navigate('/login'), REDIRECT_DELAY_MS);
  };

  return (
    <section className={styles.card}>
      <h1>{t('forgot.title')}</h1>
      {done ? (
        <p className={styles.success} role="status">
          {done} {t('form.redirecting')}
        </p>
      ) : (
        <>
          <p className={styles.lead}>{codeSent ? t('forgot.codeSentLead', { email }) : t('forgot.lead')}</p>
          <form className={styles.form} onSubmit={submit} noValidate>
            <TextField
              label={t('form.email')}
              name="email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              readOnly={codeSent}
              required
            />
            <TextField
              label={t('forgot.newPassword')}
              name="password"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              required
            />
            <TextField
              label={t('forgot.confirmPassword')}
              name="password_confirmation"
              type="password"
              autoComplete="new-password"
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
              required
            />
            {codeSent && (
              <TextField
                label={t('forgot.code')}
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
              {isLoading ? t('forgot.wait') : codeSent ? t('forgot.reset') : t('forgot.sendCode')}
            </button>
            {codeSent && (
              <button type="button" className={styles.secondary} disabled={isLoading} onClick={() => void requestCode()}>
                {t('forgot.sendNewCode')}
              </button>
            )}
          </form>
        </>
      )}
      <p className={styles.links}>
        <Link to="/login">{t('forgot.backToLogin')}</Link>
        <span>
          {t('forgot.noAccount')} <Link to="/register">{t('forgot.register')}</Link>
        </span>
      </p>
    </section>
  );
}
