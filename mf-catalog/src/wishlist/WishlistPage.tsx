import { Link } from 'react-router-dom';
import { selectWishlist, toggleWishlist, useAppDispatch, useAppSelector } from '@shop/store-kit';
import { AddToCartControl, EmptyState, Price } from '@shop/storefront-ui';
import styles from './wishlist.module.css';
import { useT } from '../i18n';

/** /wishlist: the products saved in this browser, to remove or add to the cart. */
export default function WishlistPage(): JSX.Element {
  const items = useAppSelector(selectWishlist);
  const dispatch = useAppDispatch();
  const t = useT();
  return (
    <div className={styles.wishlist}>
      <h1>{t('wishlist.title')}</h1>
      {items.length === 0 ? (
        <EmptyState title={t('wishlist.empty')}>
          <Link to="/shop/all" className={styles.shopLink}>
            {t('wishlist.browse')}
          </Link>
        </EmptyState>
      ) : (
        <ul className={styles.items}>
          {items.map((product) => (
            <li key={product.id} className={styles.item} data-testid="wishlist-item">
              <img src={product.image} alt="" width={96} height={96} loading="lazy" />
              <div className={styles.info}>
                <Link to={`/product/${product.slug}`} className={styles.name}>
                  {product.name}
                </Link>
                <span className={styles.unit}>{product.unit}</span>
                <Price price={product.price} offer={product.offer} />
              </div>
              <div className={styles.actions}>
                <AddToCartControl product={product} compact />
                <button
                  type="button"
                  className={styles.remove}
                  onClick={() => dispatch(toggleWishlist(product))}
                  aria-label={t('wishlist.remove', { name: product.name })}
                >
                  {t('wishlist.removeButton')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
