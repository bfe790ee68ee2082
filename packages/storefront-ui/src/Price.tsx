import type { ProductOffer } from '@shop/api-types';
import { formatKsh } from '@shop/money';
import { useT } from './i18n';
import styles from './ui.module.css';

/** 'KSh 1,930.00', or the offer price with the regular price struck through. */
export function Price({
  price,
  offer,
  size = 'normal',
}: {
  price: number;
  offer: ProductOffer | null;
  size?: 'normal' | 'large';
}): JSX.Element {
  const t = useT();
  return (
    <span className={`${styles.price} ${size === 'large' ? styles.priceLarge : ''}`}>
      {offer ? (
        <>
          <span className={styles.offerPrice}>{formatKsh(offer.offer_price)}</span>{' '}
          <del className={styles.regularPrice} aria-label={t('price.was', { price: formatKsh(price) })}>
            {formatKsh(price)}
          </del>
        </>
      ) : (
        <span className={styles.currentPrice}>{formatKsh(price)}</span>
      )}
    </span>
  );
}
