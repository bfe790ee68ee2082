import { Link } from 'react-router-dom';
import { selectWishlist, toggleWishlist, useAppDispatch, useAppSelector } from '@shop/store-kit';
import { AddToCartControl, EmptyState, Price } from '@shop/storefront-ui';
import styles from './wishlist.module.css';

/** /wishlist: the products saved in this browser, to remove or add to the cart. */
export default function WishlistPage(): JSX.Element {
  const items = useAppSelector(selectWishlist);
  const dispatch = useAppDispatch();
  return (
    <div className={styles.wishlist}>
      <h1>My Wishlist</h1>
      {items.length === 0 ? (
        <EmptyState title="No Products">
          <Link to="/shop/all" className={styles.shopLink}>
            Browse the shop
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
                  aria-label={`Remove ${product.name} from wishlist`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
