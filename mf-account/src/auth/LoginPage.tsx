import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { LOGIN_ERROR_TOAST_MS } from '@shop/api-types';
import { apiErrorMessages, notify, selectIsSignedIn, signedIn, useAppDispatch, useAppSelector } from '@shop/store-kit';
import { TextField } from '@shop/storefront-ui';
import { useLoginMutation } from '../api/accountApi';
import { useT } from '../i18n';
import { useServerMessage } from '../i18n/serverMessages';
import styles from './auth.module.css';

export default function LoginPage(): JSX.Element {
  const signedInAlready = useAppSelector(selectIsSignedIn);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [login, { isLoading }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const t = useT();
  const serverMessage = useServerMessage();

  if (signedInAlready) return <Navigate to="/profile/my-account" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await login({ email, password, remember });
    if ('error' in result) {
      for (const message of apiErrorMessages(result.error, t('login.failed')))
        notify.error(serverMessage(message), { autoClose: LOGIN_ERROR_TOAST_MS });
      return;
    }
    const { token, user, role } = result.data;
    if (role !== 'customer') {
      notify.error(t('login.staffAccount'), { autoClose: LOGIN_ERROR_TOAST_MS * 3 });
      return;
    }
    dispatch(signedIn({ token, name: `${user.first_name} ${user.last_name}`, email: user.email }));
    navigate('/profile/my-account');
  };

  return (
    <section className={styles.card}>
      <h1>{t('login.title')}</h1>
      <p className={styles.lead}>{t('login.lead')}</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={t('form.email')}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <TextField
          label={t('form.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <label className={styles.checkbox}>
          <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} /> {t('login.remember')}
        </label>
        <button type="submit" className={styles.submit} disabled={isLoading}>
          {isLoading ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
      <p className={styles.links}>
        <Link to="/forgot-password">{t('login.lostPassword')}</Link>
        <span>
          {t('login.newHere')} <Link to="/register">{t('login.createAccount')}</Link>
        </span>
      </p>
    </section>
  );
}
