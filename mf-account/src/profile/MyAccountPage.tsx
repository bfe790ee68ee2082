import { useEffect, useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, normaliseKenyanPhone } from '@shop/api-types';
import {
  apiFieldErrors,
  notify,
  sessionRenamed,
  useAppDispatch,
  useGetProfileQuery,
  useFormErrorToasts,
  usePageMeta,
  useUpdateProfileMutation,
} from '@shop/store-kit';
import { EmptyState, Loading, TextField } from '@shop/storefront-ui';
import { useLogOut } from './ProfileLayout';
import { useT } from '../i18n';
import { useServerMessage } from '../i18n/serverMessages';
import styles from './profile.module.css';

export function MyAccountPage(): JSX.Element {
  const t = useT();
  const serverMessage = useServerMessage();
  usePageMeta({ title: t('account.title') });
  const profile = useGetProfileQuery();
  const [update, { isLoading: saving }] = useUpdateProfileMutation();
  const dispatch = useAppDispatch();
  const logOut = useLogOut();
  const errorToasts = useFormErrorToasts('my-account');
  const [form, setForm] = useState({
    first_name: '',
    last_name: '',
    email: '',
    phone: '',
    password: '',
    password_confirmation: '',
    current_password: '',
  });

  useEffect(() => {
    if (profile.data) {
      const { first_name, last_name, email, phone } = profile.data;
      setForm((current) => ({ ...current, first_name, last_name, email, phone: phone ?? '' }));
    }
  }, [profile.data]);

  if (profile.isLoading) return <Loading label={t('account.loading')} />;
  if (profile.isError || !profile.data) return <EmptyState title={t('account.loadFailed')} />;

  // A new email or password needs the current one: a token taken from this browser alone must not take the account.
  const needsCurrentPassword = form.email.trim().toLowerCase() !== profile.data.email.toLowerCase() || form.password !== '';

  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    errorToasts.fieldEdited(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The answer to this submit replaces the errors of the last one ("incorrect password" must not
    // stay next to "Profile updated successfully").
    errorToasts.clear();
    if (needsCurrentPassword && form.current_password === '') {
      errorToasts.show({ current_password: [serverMessage(ACCOUNT_MESSAGES.currentPasswordRequired)] });
      return;
    }
    const phone = normaliseKenyanPhone(form.phone) ?? form.phone;
    const body = {
      ...form,
      phone,
      password: form.password || undefined,
      password_confirmation: form.password_confirmation || undefined,
      current_password: needsCurrentPassword ? form.current_password : undefined,
    };
    const result = await update(body);
    if ('error' in result) {
      errorToasts.show(apiFieldErrors(result.error), serverMessage);
      return;
    }
    notify.success(serverMessage(result.data.message));
    dispatch(sessionRenamed({ name: `${form.first_name.trim()} ${form.last_name.trim()}`, email: form.email.trim().toLowerCase() }));
    setForm((current) => ({ ...current, phone, password: '', password_confirmation: '', current_password: '' }));
  };

  return (
    <section>
      <p className={styles.greeting}>
        {t('account.hello')} <strong>{profile.data.first_name}</strong> ({t('account.notYou', { name: profile.data.first_name })}{' '}
        <button type="button" className={styles.linkButton} onClick={() => void logOut()}>
          {t('account.logOut')}
        </button>
        )
      </p>
      <p className={styles.balance}>
        {t('account.balance')} <strong>{profile.data.loyalty_points.current_balance}</strong>
      </p>
      <h1>{t('account.editProfile')}</h1>
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
        <div className={styles.row}>
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
            autoComplete="tel"
            value={form.phone}
            onChange={set('phone')}
            required
          />
        </div>
        <fieldset className={styles.fieldset}>
          <legend>{t('account.changePassword')}</legend>
          <div className={styles.row}>
            <TextField
              label={t('account.newPassword')}
              name="password"
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={set('password')}
            />
            <TextField
              label={t('account.confirmNewPassword')}
              name="password_confirmation"
              type="password"
              autoComplete="new-password"
              value={form.password_confirmation}
              onChange={set('password_confirmation')}
            />
          </div>
        </fieldset>
        {needsCurrentPassword && (
          <TextField
            label={t('account.currentPassword')}
            name="current_password"
            type="password"
            autoComplete="current-password"
            value={form.current_password}
            onChange={set('current_password')}
            required
          />
        )}
        <button type="submit" className={styles.primary} disabled={saving}>
          {saving ? t('account.saving') : t('account.save')}
        </button>
      </form>
    </section>
  );
}
