import { Link } from 'react-router-dom';
import type { ChatProduct } from '@shop/api-types';
import { useT } from '../i18n';
import styles from './chat.module.css';

/** How the assistant marks an offer in a product's price text (spec section 7), in English in every conversation. */
const ON_OFFER = 'On offer:';

/** 'KES 230.00 On offer: KES 210.00': the offer part stands out, its words in the page's language, the prices as the assistant wrote them. */
function PriceText({ text }: { text: string }): JSX.Element {
  const t = useT();
  const at = text.indexOf(ON_OFFER);
  if (at < 0) return <p className={styles.productPrice}>{text}</p>;
  return (
    <p className={styles.productPrice}>
      {text.slice(0, at)}
      <strong className={styles.offer}>
        {t('products.onOffer')}
        {text.slice(at + ON_OFFER.length)}
      </strong>
    </p>
  );
}

/** The products of one reply: image, name, price text and 'Add to cart', which asks the assistant. */
export function ProductCards({
  products,
  disabled,
  onAdd,
}: {
  products: ChatProduct[];
  disabled: boolean;
  onAdd(product: ChatProduct): void;
}): JSX.Element {
  const t = useT();
  return (
    <ul className={styles.products} aria-label={t('products.label')}>
      {products.map((product) => (
        <li key={product.id} className={styles.product} data-testid="chat-product">
          <img src={product.image} alt="" width={96} height={96} loading="lazy" />
          <div className={styles.productInfo}>
            <Link to={`/product/${encodeURIComponent(product.slug)}`} className={styles.productName}>
              {product.name}
            </Link>
            <PriceText text={product.price} />
            <button
              type="button"
              className={styles.addButton}
              disabled={disabled}
              // Starts with the words on the button (WCAG 2.5.3); the transcript keeps 'Add {name} to cart'.
              aria-label={t('products.addToCartNamed', { name: product.name })}
              onClick={() => onAdd(product)}
            >
              {t('products.addToCart')}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
