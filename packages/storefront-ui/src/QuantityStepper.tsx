import { changeQuantity, maximumOf, useAppDispatch, type CartLine } from '@shop/store-kit';
import styles from './ui.module.css';

/** minus / quantity / plus for a cart line: capped at the product's maximum; zero removes the line. */
export function QuantityStepper({ line, compact = false }: { line: CartLine; compact?: boolean }): JSX.Element {
  const dispatch = useAppDispatch();
  const max = maximumOf(line);
  return (
    <div className={`${styles.stepper} ${compact ? styles.stepperCompact : ''}`} role="group" aria-label={`Quantity of ${line.name}`}>
      <button type="button" aria-label={`Remove one ${line.name}`} onClick={() => dispatch(changeQuantity(line.id, line.quantity - 1))}>
        −
      </button>
      <input
        type="number"
        readOnly
        value={line.quantity}
        min={line.limit?.minimum_quantity ?? 1}
        max={max}
        aria-label={`Quantity of ${line.name}`}
        data-testid="quantity"
      />
      <button type="button" aria-label={`Add one more ${line.name}`} onClick={() => dispatch(changeQuantity(line.id, line.quantity + 1))}>
        +
      </button>
    </div>
  );
}
