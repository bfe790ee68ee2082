import { changeQuantity, maximumOf, useAppDispatch, type CartLine } from '@shop/store-kit';
import { useT } from './i18n';
import styles from './ui.module.css';

/** minus / quantity / plus for a cart line: capped at the product's maximum; zero removes the line. */
export function QuantityStepper({ line, compact = false }: { line: CartLine; compact?: boolean }): JSX.Element {
  const t = useT();
  const dispatch = useAppDispatch();
  const max = maximumOf(line);
  const quantityOf = t('quantity.of', { name: line.name });
  return (
    <div className={`${styles.stepper} ${compact ? styles.stepperCompact : ''}`} role="group" aria-label={quantityOf}>
      <button
        type="button"
        aria-label={t('quantity.less', { name: line.name })}
        onClick={() => dispatch(changeQuantity(line.id, line.quantity - 1))}
      >
        −
      </button>
      <input
        type="number"
        readOnly
        value={line.quantity}
        min={line.limit?.minimum_quantity ?? 1}
        max={max}
        aria-label={quantityOf}
        data-testid="quantity"
      />
      <button
        type="button"
        aria-label={t('quantity.more', { name: line.name })}
        onClick={() => dispatch(changeQuantity(line.id, line.quantity + 1))}
      >
        +
      </button>
    </div>
  );
}
