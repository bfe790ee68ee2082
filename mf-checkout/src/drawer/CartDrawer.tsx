import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { MINIMUM_ORDER_MESSAGE } from '@shop/api-types';
import { formatCents, lineTotal, meetsMinimum } from '@shop/money';
import {
  cartDrawerToggled,
  removeFromCart,
  selectCartCount,
  selectCartLines,
  selectCartOpen,
  selectCartSubtotalCents,
  selectUnavailableLines,
  unitPriceCents,
  useAppDispatch,
  useAppSelector,
  useCartAtCurrentPrices,
} from '@shop/store-kit';
import { QuantityStepper } from '@shop/storefront-ui';
import { useServerMessage, useT } from '../i18n/basket';
import styles from './drawer.module.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The cart drawer, mounted by the shell on every page and opened from the header (cart.open).
 * It loads on every page, so it only uses what the shell already shares (store kit, storefront UI).
 */
export default function CartDrawer(): JSX.Element | null {
  const open = useAppSelector(selectCartOpen);
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const shownAt = useRef(pathname);

  // Close on navigation (a link inside the drawer, or the browser's back button).
  useEffect(() => {
    if (shownAt.current !== pathname && open) dispatch(cartDrawerToggled(false));
    shownAt.current = pathname;
  }, [pathname, open, dispatch]);

  return open ? <DrawerPanel /> : null;
}

function DrawerPanel(): JSX.Element {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const lines = useAppSelector(selectCartLines);
  const count = useAppSelector(selectCartCount);
  const subtotal = useAppSelector(selectCartSubtotalCents);
  const unavailable = useAppSelector(selectUnavailableLines).length > 0;
  const canCheckout = lines.length > 0 && meetsMinimum(subtotal) && !unavailable;
  const panel = useRef<HTMLDivElement>(null);
  const close = () => dispatch(cartDrawerToggled(false));
  const t = useT();
  const say = useServerMessage();
  useCartAtCurrentPrices();

  // Focus moves in when the drawer opens and back to where it was when it closes; Escape closes;
  // the page behind does not scroll.
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') dispatch(cartDrawerToggled(false));
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      if (before?.isConnected) before.focus();
    };
  }, [dispatch]);

  // Tab stays inside the dialog.
  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panel.current) return;
    const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={styles.root}>
      <div className={styles.overlay} onClick={close} data-testid="cart-drawer-overlay" aria-hidden="true" />
      <div ref={panel} className={styles.panel} role="dialog" aria-modal="true" aria-labelledby="cart-drawer-title" onKeyDown={trapTab}>
        <div className={styles.head}>
          <h2 id="cart-drawer-title">{t('drawer.title', { count })}</h2>
          <button type="button" className={styles.close} onClick={close} aria-label={t('drawer.close')} data-autofocus>
            ×
          </button>
        </div>
        {lines.length === 0 ? (
          <p className={styles.empty}>{t('drawer.empty')}</p>
        ) : (
          <ul className={styles.lines}>
            {lines.map((line) => (
              <li key={line.id} className={styles.line} data-testid="drawer-line">
                <img src={line.image} alt="" width={64} height={64} loading="lazy" />
                <div className={styles.info}>
                  <span className={styles.name}>{line.name}</span>
                  <span className={styles.unit}>{line.unit}</span>
                  {line.unavailable ? (
                    <span className={styles.unavailable}>{t('common.noLongerAvailable')}</span>
                  ) : (
                    <QuantityStepper line={line} compact />
                  )}
                </div>
                <div className={styles.side}>
                  {!line.unavailable && (
                    <strong data-testid="line-total">{formatCents(lineTotal(unitPriceCents(line), line.quantity))}</strong>
                  )}
                  <button
                    type="button"
                    className={styles.remove}
                    onClick={() => dispatch(removeFromCart(line.id))}
                    aria-label={t('common.removeFromCart', { name: line.name })}
                  >
                    {t('common.remove')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className={styles.foot}>
          <p className={styles.subtotal}>
            <span>{t('common.subtotal')}</span>
            <strong data-testid="drawer-subtotal">{formatCents(subtotal)}</strong>
          </p>
          {lines.length > 0 && !canCheckout && (
            <p className={styles.warning} id="cart-drawer-minimum">
              {unavailable ? t('common.removeUnavailable') : say(MINIMUM_ORDER_MESSAGE)}
            </p>
          )}
          <div className={styles.actions}>
            <Link to="/cart" className={styles.secondary} onClick={close}>
              {t('drawer.viewCart')}
            </Link>
            <button
              type="button"
              className={styles.primary}
              disabled={!canCheckout}
              aria-describedby={lines.length > 0 && !canCheckout ? 'cart-drawer-minimum' : undefined}
              onClick={() => {
                close();
                navigate('/checkout');
              }}
            >
              {t('drawer.checkout')}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
