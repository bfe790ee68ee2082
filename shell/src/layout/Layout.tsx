import { Outlet, useLocation } from 'react-router-dom';
import { ToastHost } from '@shop/store-kit';
import { useT } from '../i18n';
import { usePageMetaOnNavigate } from '../routing/usePageMetaOnNavigate';
import { CartDrawerSlot } from './CartDrawerSlot';
import { ChatSlot } from './ChatSlot';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './Layout.module.css';

export function Layout(): JSX.Element {
  usePageMetaOnNavigate();
  const { pathname } = useLocation();
  const t = useT();
  return (
    <div className={styles.page}>
      <a className={styles.skip} href="#main">
        {t('layout.skipToContent')}
      </a>
      <Header />
      <main id="main" className={styles.main}>
        <Outlet />
      </main>
      <Footer />
      <CartDrawerSlot />
      <ChatSlot />
      {/* The library default (5 s) for other toasts; cart and wishlist toasts ask for 3 s themselves.
          Errors of a page are dismissed when the shopper leaves it. */}
      <ToastHost page={pathname} position="bottom-center" autoClose={5000} newestOnTop limit={3} />
    </div>
  );
}
