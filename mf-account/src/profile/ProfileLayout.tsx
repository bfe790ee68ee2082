import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { notify, signedOut, useAppDispatch } from '@shop/store-kit';
import { useLogoutMutation } from '../api/accountApi';
import { useT } from '../i18n';
import styles from './profile.module.css';

export function useLogOut(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  const t = useT();
  return async () => {
    // The server revokes the token; whatever it answers, this browser forgets it, and the store
    // forgets everything else of the customer's with it (store-kit's forgetCustomer).
    await logout();
    dispatch(signedOut());
    notify.info(t('nav.loggedOut'));
    navigate('/login');
  };
}

export function ProfileLayout(): JSX.Element {
  const logOut = useLogOut();
  const t = useT();
  return (
    <div className={styles.layout}>
      <nav className={styles.sidebar} aria-label={t('nav.label')}>
        <NavLink to="/profile/my-account">{t('nav.myAccount')}</NavLink>
        <NavLink to="/profile/orders">{t('nav.orders')}</NavLink>
        <NavLink to="/profile/addresses">{t('nav.addresses')}</NavLink>
        <NavLink to="/profile/points">{t('nav.points')}</NavLink>
        <button type="button" onClick={() => void logOut()}>
          {t('nav.logOut')}
        </button>
      </nav>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
