import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { notify, signedOut, useAppDispatch } from '@shop/store-kit';
import { useLogoutMutation } from '../api/accountApi';
import styles from './profile.module.css';

export function useLogOut(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  return async () => {
    // The server revokes the token; whatever it answers, this browser forgets it, and the store
    // forgets everything else of the customer's with it (store-kit's forgetCustomer).
    await logout();
    dispatch(signedOut());
    notify.info('You have been logged out.');
    navigate('/login');
  };
}

export function ProfileLayout(): JSX.Element {
  const logOut = useLogOut();
  return (
    <div className={styles.layout}>
      <nav className={styles.sidebar} aria-label="My account">
        <NavLink to="/profile/my-account">My Account</NavLink>
        <NavLink to="/profile/orders">Orders</NavLink>
        <NavLink to="/profile/addresses">Addresses</NavLink>
        <NavLink to="/profile/points">Shwari Points</NavLink>
        <button type="button" onClick={() => void logOut()}>
          Log Out
        </button>
      </nav>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
