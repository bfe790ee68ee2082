import { useRef, useState, type FormEvent } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
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
import { useT } from '../i18n';
import { EXTERNAL_LINKS } from './links';
import styles from './Header.module.css';

export function Header(): JSX.Element {
  const cartCount = useAppSelector(selectCartCount);
  const wishlistCount = useAppSelector(selectWishlistCount);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const customerName = useAppSelector(selectCustomerName);
  const [searchOpen, setSearchOpen] = useState(false);
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const t = useT();
  const { language, switchTo } = useLanguage();
  const otherLanguage = language === 'sw' ? 'en' : 'sw';

  const toggleSearch = () => {
    setSearchOpen((open) => !open);
    setTimeout(() => input.current?.focus(), 0);
  };

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    const text = query.trim();
    if (!text) return;
    navigate(`/search?q=${encodeURIComponent(text)}`);
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
            aria-expanded={searchOpen}
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
      {searchOpen && (
        <form role="search" className={styles.search} onSubmit={submitSearch}>
          <input
            ref={input}
            type="search"
            name="q"
            value={query}
            maxLength={100}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('header.searchPlaceholder')}
            aria-label={t('header.searchProducts')}
          />
          <button type="submit">{t('header.search')}</button>
        </form>
      )}
    </header>
  );
}
