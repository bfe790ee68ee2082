import { useState } from 'react';
import { ACCOUNT_MESSAGES, MINIMUM_ORDER_KSH, POINT_VALUE_KSH } from '@shop/api-types';
import { formatCents, formatKsh, toCents } from '@shop/money';
import { notify, pointsCleared, pointsRedeemed, useAppDispatch } from '@shop/store-kit';
import styles from './checkout.module.css';

interface PointsBoxProps {
  balance: number;
  /** Points already applied to this order. */
  applied: number;
  /** Most points this order can take (its total stays at the minimum order amount). */
  maxForOrder: number;
}

/** Shwari Points for signed-in customers: the balance and a redemption input (1 point = KSh 1). */
export function PointsBox({ balance, applied, maxForOrder }: PointsBoxProps): JSX.Element {
  const dispatch = useAppDispatch();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const fail = (message: string) => {
    setError(message);
    notify.error(message);
  };

  const apply = () => {
    const points = Number(value.trim());
    if (!value.trim() || !Number.isInteger(points) || points <= 0) return fail(ACCOUNT_MESSAGES.invalidPoints);
    if (applied + points > balance) return fail(ACCOUNT_MESSAGES.notEnoughPoints);
    if (applied + points > maxForOrder) {
      const left = Math.max(0, maxForOrder - applied);
      return fail(
        left > 0
          ? `You can use at most ${left} more points on this order, so it stays at the minimum order of ${formatKsh(MINIMUM_ORDER_KSH)}.`
          : `No more points can be used on this order: it is at the minimum order of ${formatKsh(MINIMUM_ORDER_KSH)}.`,
      );
    }
    dispatch(pointsRedeemed(points));
    setValue('');
    setError(null);
    notify.success(`${points} Shwari Points applied: ${formatCents(points * toCents(POINT_VALUE_KSH))} off`);
  };

  return (
    <section className={styles.panel} aria-labelledby="checkout-points-title">
      <h2 id="checkout-points-title">Shwari Points</h2>
      <p>
        Your balance: <strong data-testid="points-balance">{balance}</strong> points (1 point = {formatKsh(POINT_VALUE_KSH)})
      </p>
      {applied > 0 && (
        <p className={styles.applied}>
          <span data-testid="points-applied">{applied} points applied</span>
          <button type="button" className={styles.link} onClick={() => dispatch(pointsCleared())}>
            Remove points
          </button>
        </p>
      )}
      <div className={styles.inline}>
        <div className={styles.fieldWrap}>
          <label htmlFor="checkout-points">Points to redeem</label>
          <input
            id="checkout-points"
            name="points"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'checkout-points-error' : undefined}
            onChange={(event) => setValue(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                apply();
              }
            }}
          />
        </div>
        <button type="button" className={styles.secondary} onClick={apply}>
          Redeem
        </button>
      </div>
      {error && (
        <p id="checkout-points-error" className={styles.fieldError}>
          {error}
        </p>
      )}
    </section>
  );
}
