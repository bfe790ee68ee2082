import { Link } from 'react-router-dom';
import type { ChatProduct } from '@shop/api-types';
import styles from './chat.module.css';

/** 'KES 230.00 On offer: KES 210.00': the offer part stands out, the text stays as the assistant wrote it. */
function PriceText({ text }: { text: string }): JSX.Element {
  const at = text.indexOf('On offer:');
  if (at < 0) return <p className={styles.productPrice}>{text}</p>;
  return (
    <p className={styles.productPrice}>
      {text.slice(0, at)}
      <strong className={styles.offer}>{text.slice(at)}</strong>
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
  return (
    <ul className={styles.products} aria-label="Products">
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
              aria-label={`Add ${product.name} to cart`}
              onClick={() => onAdd(product)}
            >
              Add to cart
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
