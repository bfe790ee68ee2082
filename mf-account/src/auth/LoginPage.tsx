import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { LOGIN_ERROR_TOAST_MS } from '@shop/api-types';
import { apiErrorMessages, notify, selectIsSignedIn, signedIn, useAppDispatch, useAppSelector } from '@shop/store-kit';
import { TextField } from '@shop/storefront-ui';
import { useLoginMutation } from '../api/accountApi';
import styles from './auth.module.css';

export default function LoginPage(): JSX.Element {
  const signedInAlready = useAppSelector(selectIsSignedIn);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [login, { isLoading }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);

  if (signedInAlready) return <Navigate to="/profile/my-account" replace />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await login({ email, password, remember });
    if ('error' in result) {
      for (const message of apiErrorMessages(result.error, 'We could not sign you in. Please try again.'))
        notify.error(message, { autoClose: LOGIN_ERROR_TOAST_MS });
      return;
    }
    const { token, user, role } = result.data;
    if (role !== 'customer') {
      notify.error('Staff accounts sign in to the back office at /admin/login.', { autoClose: LOGIN_ERROR_TOAST_MS * 3 });
      return;
    }
    dispatch(signedIn({ token, name: `${user.first_name} ${user.last_name}`, email: user.email }));
    navigate('/profile/my-account');
  };

  return (
    <section className={styles.card}>
      <h1>Login</h1>
      <p className={styles.lead}>Welcome back. Sign in to see your orders, addresses and Shwari Points.</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label="Email address"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <label className={styles.checkbox}>
          <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} /> Remember me for 30 days
        </label>
        <button type="submit" className={styles.submit} disabled={isLoading}>
          {isLoading ? 'Signing in…' : 'Log in'}
        </button>
      </form>
      <p className={styles.links}>
        <Link to="/forgot-password">Lost your password?</Link>
        <span>
          New here? <Link to="/register">Create an account</Link>
        </span>
      </p>
    </section>
  );
}
