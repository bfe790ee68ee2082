import { Link, useNavigate } from 'react-router-dom';
import { MINIMUM_ORDER_MESSAGE } from '@shop/api-types';
import { formatCents, lineTotal, meetsMinimum } from '@shop/money';
import {
  cartDrawerToggled,
  removeFromCart,
  selectCartLines,
  selectCartSubtotalCents,
  selectUnavailableLines,
  unitPriceCents,
  useAppDispatch,
  useAppSelector,
  useCartAtCurrentPrices,
  usePageMeta,
} from '@shop/store-kit';
import { EmptyState, Price, QuantityStepper } from '@shop/storefront-ui';
import styles from './cart.module.css';
import { useServerMessage, useT } from '../i18n/basket';

/** /cart: the lines with steppers and remove, Cart Totals, and the way on to the checkout. */
export default function CartPage(): JSX.Element {
  const t = useT();
  const say = useServerMessage();
  usePageMeta({ title: t('cart.title'), description: t('cart.description') });
  const lines = useAppSelector(selectCartLines);
  const subtotal = useAppSelector(selectCartSubtotalCents);
  const unavailable = useAppSelector(selectUnavailableLines).length > 0;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useCartAtCurrentPrices();
  const subtotalMeetsMinimum = meetsMinimum(subtotal);
  const canCheckout = subtotalMeetsMinimum && !unavailable;

  if (lines.length === 0) {
    return (
      <section className={styles.page}>
        <h1>{t('cart.title')}</h1>
        <EmptyState title={t('cart.empty')}>
          <Link to="/shop/all" className={styles.shopLink}>
            {t('common.continueShopping')}
          </Link>
        </EmptyState>
      </section>
    );
  }

  return (
    <section className={styles.page}>
      <h1>{t('cart.title')}</h1>
      <div className={styles.layout}>
        <div>
          <ul className={styles.lines} aria-label={t('cart.items')}>
            {lines.map((line) => (
              <li key={line.id} className={styles.line} data-testid="cart-line">
                <img src={line.image} alt="" width={88} height={88} loading="lazy" />
                <div className={styles.product}>
                  <Link to={`/product/${line.slug}`} className={styles.name}>
                    {line.name}
                  </Link>
                  <span className={styles.sku}>{t('cart.sku', { unit: line.unit })}</span>
                  {line.unavailable ? (
                    <span className={styles.unavailable}>{t('common.noLongerAvailable')}</span>
                  ) : (
                    <span className={styles.price}>
                      <span className={styles.label}>{t('cart.price')}</span> <Price price={line.price} offer={line.offer} />
                    </span>
                  )}
                </div>
                <div className={styles.controls}>
                  {!line.unavailable && <QuantityStepper line={line} />}
                  {!line.unavailable && (
                    <p className={styles.lineTotal}>
                      <span className={styles.label}>{t('common.total')}</span>{' '}
                      <strong data-testid="line-total">{formatCents(lineTotal(unitPriceCents(line), line.quantity))}</strong>
                    </p>
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
          <Link to="/shop/all" className={styles.continue}>
            {t('common.continueShopping')}
          </Link>
        </div>
        <aside className={styles.totals} aria-labelledby="cart-totals-title">
          <h2 id="cart-totals-title">{t('cart.totals')}</h2>
          <dl>
            <dt>{t('common.subtotal')}</dt>
            <dd data-testid="cart-subtotal">{formatCents(subtotal)}</dd>
            <dt>{t('common.shipping')}</dt>
            <dd>{t('common.freeShipping')}</dd>
            <dt className={styles.total}>{t('common.total')}</dt>
            <dd className={styles.total} data-testid="cart-total">
              {formatCents(subtotal)}
            </dd>
          </dl>
          {!canCheckout && (
            <p className={styles.warning} id="cart-minimum">
              {unavailable ? t('common.removeUnavailable') : say(MINIMUM_ORDER_MESSAGE)}
            </p>
          )}
          <button
            type="button"
            className={styles.proceed}
            disabled={!canCheckout}
            aria-describedby={canCheckout ? undefined : 'cart-minimum'}
            onClick={() => {
              dispatch(cartDrawerToggled(false));
              navigate('/checkout');
            }}
          >
            {t('cart.proceed')}
          </button>
        </aside>
      </div>
    </section>
  );
}
