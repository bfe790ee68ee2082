import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import type { Product } from '@shop/api-types';
import { AddToCartControl, Price, truncateWords } from '@shop/storefront-ui';
import styles from './products.module.css';
import { useT } from '../i18n';

/** Quick View: name, price, net weight, the description cut to 50 words, and a link to the product page. */
export function QuickViewModal({ product, onClose }: { product: Product; onClose: () => void }): JSX.Element {
  const closeButton = useRef<HTMLButtonElement>(null);
  const t = useT();
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, [onClose]);

  const titleId = `quick-view-${product.id}`;
  // Drawn at the end of the body, not inside the card: an ancestor that contains its painting
  // (content-visibility, a transform, a carousel's clipping) would otherwise hold the dimmed
  // backdrop to its own box instead of the whole screen.
  return createPortal(
    <div className={styles.overlay} onClick={onClose} role="presentation">
      <div className={styles.modal} role="dialog" aria-modal="true" aria-labelledby={titleId} onClick={(event) => event.stopPropagation()}>
        <button ref={closeButton} type="button" className={styles.close} onClick={onClose} aria-label={t('quickView.close')}>
          ×
        </button>
        <img src={product.image} alt={product.name} width={240} height={240} />
        <div>
          <h2 id={titleId}>{product.name}</h2>
          <Price price={product.price} offer={product.offer} size="large" />
          <p className={styles.unit}>{t('quickView.netWeight', { unit: product.unit })}</p>
          <p>{truncateWords(product.short_description || product.description)}</p>
          <div className={styles.actions}>
            <AddToCartControl product={product} />
            <Link to={`/product/${product.slug}`} className={styles.moreLink} onClick={onClose}>
              {t('quickView.details')}
            </Link>
          </div>
        </div>
      </div>
    </div>,
    document.body,
  );
}
