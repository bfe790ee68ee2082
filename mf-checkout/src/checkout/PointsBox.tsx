import { useState } from 'react';
import { ACCOUNT_MESSAGES, MINIMUM_ORDER_KSH, POINT_VALUE_KSH } from '@shop/api-types';
import { formatCents, formatKsh, toCents } from '@shop/money';
import { notify, pointsCleared, pointsRedeemed, useAppDispatch } from '@shop/store-kit';
import { useServerMessage, useT } from '../i18n';
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
  const t = useT();
  const say = useServerMessage();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const fail = (message: string) => {
    setError(message);
    notify.error(message);
  };

  const apply = () => {
    const points = Number(value.trim());
    if (!value.trim() || !Number.isInteger(points) || points <= 0) return fail(say(ACCOUNT_MESSAGES.invalidPoints));
    if (applied + points > balance) return fail(say(ACCOUNT_MESSAGES.notEnoughPoints));
    if (applied + points > maxForOrder) {
      const left = Math.max(0, maxForOrder - applied);
      const minimum = formatKsh(MINIMUM_ORDER_KSH);
      return fail(left > 0 ? t('points.atMost', { left, minimum }) : t('points.noMore', { minimum }));
    }
    dispatch(pointsRedeemed(points));
    setValue('');
    setError(null);
    notify.success(t('points.redeemed', { points, amount: formatCents(points * toCents(POINT_VALUE_KSH)) }));
  };

  return (
    <section className={styles.panel} aria-labelledby="checkout-points-title">
      <h2 id="checkout-points-title">{t('points.title')}</h2>
      <p>
        {t('points.balance')} <strong data-testid="points-balance">{balance}</strong>{' '}
        {t('points.balanceUnit', { value: formatKsh(POINT_VALUE_KSH) })}
      </p>
      {applied > 0 && (
        <p className={styles.applied}>
          <span data-testid="points-applied">{t('points.applied', { points: applied })}</span>
          <button type="button" className={styles.link} onClick={() => dispatch(pointsCleared())}>
            {t('points.remove')}
          </button>
        </p>
      )}
      <div className={styles.inline}>
        <div className={styles.fieldWrap}>
          <label htmlFor="checkout-points">{t('points.toRedeem')}</label>
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
          {t('points.redeem')}
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
