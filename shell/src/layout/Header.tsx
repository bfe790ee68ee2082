import { useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import {
  cartDrawerToggled,
  selectCartCount,
  selectCustomerName,
  selectWishlistCount,
  useAppDispatch,
  useAppSelector,
  useLanguage,
} from '@shop/store-kit';
import { isRemoteConfigured } from '../federation/remotes';
import { CART_DRAWER_REMOTE } from './CartDrawerSlot';
import { CartIcon, HeartIcon, SearchIcon, UserIcon } from './Icons';
import { SearchBox } from './search/SearchBox';
import { useT } from '../i18n';
import { EXTERNAL_LINKS } from './links';
import styles from './Header.module.css';

export function Header(): JSX.Element {
  const cartCount = useAppSelector(selectCartCount);
  const wishlistCount = useAppSelector(selectWishlistCount);
  const dispatch = useAppDispatch();
  const location = useLocation();
  const customerName = useAppSelector(selectCustomerName);
  const [searchOpen, setSearchOpen] = useState(false);
  // On the results page the header's box is the search box, open with the words searched.
  const onSearchPage = location.pathname === '/search';
  const searched = onSearchPage ? (new URLSearchParams(location.search).get('q') ?? '').trim().slice(0, 100) : '';
  const searchShown = searchOpen || onSearchPage;
  const input = useRef<HTMLInputElement>(null);
  const t = useT();
  const { language, switchTo } = useLanguage();
  const otherLanguage = language === 'sw' ? 'en' : 'sw';

  const toggleSearch = () => {
    if (!onSearchPage) setSearchOpen((open) => !open);
    setTimeout(() => input.current?.focus(), 0);
  };

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to="/" className={styles.logo} aria-label={t('header.home')}>
          <span className={styles.logoMark} aria-hidden="true">
            S
          </span>
          <span>Shwari Shop</span>
        </Link>
        <nav className={styles.nav} aria-label="Main">
          <NavLink to="/" end>
            {t('header.shop')}
          </NavLink>
          <a href={EXTERNAL_LINKS.mainSite} target="_blank" rel="noopener noreferrer">
            {t('header.ourMills')}
          </a>
          <a href={EXTERNAL_LINKS.cookbook} target="_blank" rel="noopener noreferrer">
            {t('header.cookbook')}
          </a>
        </nav>
        <div className={styles.actions}>
          {/* The other language, named in itself: a shopper who cannot read this one still finds theirs. */}
          <button
            type="button"
            className={styles.language}
            lang={otherLanguage}
            aria-label={t('header.otherLanguageLabel')}
            onClick={() => void switchTo(otherLanguage)}
          >
            {t('header.otherLanguage')}
          </button>
          <button
            type="button"
            className={styles.iconButton}
            aria-label={t('header.searchProducts')}
            aria-expanded={searchShown}
            onClick={toggleSearch}
          >
            <SearchIcon />
          </button>
          <Link to="/wishlist" className={styles.iconButton} aria-label={t('header.wishlist', { count: wishlistCount })}>
            <HeartIcon />
            <span className={styles.badge} data-testid="wishlist-count">
              {wishlistCount}
            </span>
          </Link>
          <Link
            to="/cart"
            className={styles.iconButton}
            aria-label={t('header.cart', { count: cartCount })}
            onClick={(event) => {
              if (!isRemoteConfigured(CART_DRAWER_REMOTE)) return;
              event.preventDefault();
              dispatch(cartDrawerToggled(true));
            }}
          >
            <CartIcon />
            <span className={styles.badge} data-testid="cart-count">
              {cartCount}
            </span>
          </Link>
          <Link to={customerName ? '/profile/my-account' : '/login'} className={styles.account}>
            <UserIcon />
            <span className={styles.accountText}>{customerName ?? t('header.loginRegister')}</span>
          </Link>
        </div>
      </div>
      {searchShown && <SearchBox key={searched} ref={input} initial={searched} />}
    </header>
  );
}
