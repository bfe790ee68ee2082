import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Product } from '@shop/api-types';
import { AddToCartControl, Price } from '@shop/storefront-ui';
import { QuickViewModal } from './QuickViewModal';
import { WishlistButton } from './WishlistButton';
import styles from './products.module.css';
import { useT } from '../i18n';

export type QuickViewMode = 'modal' | 'link';

interface ProductCardProps {
  product: Product;
  quickView?: QuickViewMode;
  layout?: 'grid' | 'list';
  /** The first cards of a page load their image at once; the rest when scrolled near. */
  eager?: boolean;
}

/** Image, name, unit, price (offer price when on offer), offer badge, wishlist, Quick View, Add to Cart. */
export function ProductCard({ product, quickView = 'modal', layout = 'grid', eager = false }: ProductCardProps): JSX.Element {
  const [open, setOpen] = useState(false);
  const t = useT();
  const href = `/product/${product.slug}`;
  return (
    <article className={`${styles.card} ${layout === 'list' ? styles.cardList : ''}`} data-testid="product-card">
      <div className={styles.media}>
        <Link to={href} tabIndex={-1} aria-hidden="true">
          <img src={product.image} alt="" width={400} height={400} loading={eager ? 'eager' : 'lazy'} decoding="async" />
        </Link>
        {product.offer && <span className={styles.badge}>-{product.offer.discount.name}</span>}
        <WishlistButton product={product} />
      </div>
      <div className={styles.body}>
        <h3 className={styles.name}>
          <Link to={href}>{product.name}</Link>
        </h3>
        <p className={styles.unit}>{product.unit}</p>
        <Price price={product.price} offer={product.offer} />
        <div className={styles.actions}>
          <AddToCartControl product={product} compact />
          {quickView === 'modal' ? (
            <button
              type="button"
              className={styles.quickView}
              onClick={() => setOpen(true)}
              aria-label={t('card.quickViewOf', { name: product.name })}
            >
              {t('card.quickView')}
            </button>
          ) : (
            <Link to={href} className={styles.quickView} aria-label={t('card.quickViewOf', { name: product.name })}>
              {t('card.quickView')}
            </Link>
          )}
        </div>
      </div>
      {open && <QuickViewModal product={product} onClose={() => setOpen(false)} />}
    </article>
  );
}
