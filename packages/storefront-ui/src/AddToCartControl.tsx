import { addToCart, selectCartLine, useAppDispatch, useAppSelector, type CartProduct } from '@shop/store-kit';
import { useT } from './i18n';
import { QuantityStepper } from './QuantityStepper';
import styles from './ui.module.css';

/** 'Add to Cart', which becomes the quantity stepper once the product is in the cart. */
export function AddToCartControl({ product, compact = false }: { product: CartProduct; compact?: boolean }): JSX.Element {
  const t = useT();
  const dispatch = useAppDispatch();
  const line = useAppSelector(selectCartLine(product.id));
  if (line) return <QuantityStepper line={line} compact={compact} />;
  return (
    <button
      type="button"
      className={compact ? `${styles.addToCart} ${styles.addToCartCompact}` : styles.addToCart}
      onClick={() => dispatch(addToCart(product))}
      // The name starts with the words on the button (WCAG 2.5.3): "click Add to Cart" by voice finds it.
      aria-label={t('cart.addNamed', { name: product.name })}
    >
      {t('cart.add')}
    </button>
  );
}
