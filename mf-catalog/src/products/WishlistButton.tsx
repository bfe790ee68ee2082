import type { Product } from '@shop/api-types';
import { selectInWishlist, toggleWishlist, useAppDispatch, useAppSelector } from '@shop/store-kit';
import styles from './products.module.css';
import { useT } from '../i18n';

export function WishlistButton({ product }: { product: Product }): JSX.Element {
  const dispatch = useAppDispatch();
  const saved = useAppSelector(selectInWishlist(product.id));
  const t = useT();
  return (
    <button
      type="button"
      className={`${styles.wishlist} ${saved ? styles.wishlistOn : ''}`}
      aria-pressed={saved}
      aria-label={saved ? t('wishlist.remove', { name: product.name }) : t('wishlist.add', { name: product.name })}
      onClick={() => dispatch(toggleWishlist(product))}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z"
          fill={saved ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
        />
      </svg>
    </button>
  );
}
