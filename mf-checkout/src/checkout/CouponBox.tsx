import { useEffect, useRef, useState } from 'react';
import { ORDER_MESSAGES, type CouponDiscount } from '@shop/api-types';
import { apiErrorMessage, couponApplied, couponCleared, notify, useAppDispatch, type CouponType } from '@shop/store-kit';
import { useLazyCheckCouponQuery } from '../api/checkoutApi';
import { EMAIL_PATTERN } from './form';
import type { HeldCoupon } from './pendingOrder';
import { serverMessage, t as translate, useServerMessage, useT } from '../i18n';
import styles from './checkout.module.css';

/** Typing pauses this long before the code is checked. */
export const COUPON_DEBOUNCE_MS = 400;

type CouponStatus =
  | { kind: 'idle' }
  | { kind: 'needEmail' }
  | { kind: 'checking' }
  | { kind: 'valid'; discount: Discount }
  | { kind: 'invalid'; message: string };

type Discount = Pick<HeldCoupon, 'type' | 'value'>;

/** What the store keeps of the coupon the server checked. */
function readDiscount(discount: CouponDiscount | undefined): { type: CouponType; value: number } | null {
  if (!discount) return null;
  if (discount.discount_type === 'percent') {
    const value = Number(discount.discount_percent);
    return Number.isFinite(value) && value > 0 ? { type: 'percent', value } : null;
  }
  const value = Number(discount.discount_value);
  return Number.isFinite(value) && value > 0 ? { type: 'value', value } : null;
}

interface CouponBoxProps {
  code: string;
  onCodeChange(code: string): void;
  /** The coupon is checked for this email (GET site/coupons/check/{code}/{email}). */
  email: string;
  /**
   * The coupon the shopper's unpaid order was placed with. While that order holds its use, a check
   * would call it used up (a once-per-customer coupon, say): the same code is applied as it was.
   */
  held?: HeldCoupon | null;
}

/** 'Valid coupon: 10%' or 'Valid coupon: Ksh 200', in the language of `t`. */
const discountMessage = (t: typeof translate, { type, value }: Discount): string =>
  type === 'percent' ? t('coupon.validPercent', { value }) : t('coupon.validValue', { value });

/** The coupon announced as valid: the same one again (an edited email) is not announced twice. */
const announcement = (code: string, { type, value }: Discount): string => `${code}|${type}|${value}`;

/** The coupon box: upper-cases as typed and checks the code after a short pause. */
export function CouponBox({ code, onCodeChange, email, held = null }: CouponBoxProps): JSX.Element {
  const dispatch = useAppDispatch();
  const t = useT();
  const say = useServerMessage();
  const [check] = useLazyCheckCouponQuery();
  const [status, setStatus] = useState<CouponStatus>({ kind: 'idle' });
  /** The last coupon announced as valid, so editing the email does not repeat the toast. */
  const announced = useRef<string | null>(null);
  const trimmedEmail = email.trim();

  const heldCode = held?.code;
  const heldType = held?.type;
  const heldValue = held?.value;
  useEffect(() => {
    const trimmed = code.trim();
    if (trimmed && trimmed === heldCode && heldType && heldValue !== undefined) {
      dispatch(couponApplied({ type: heldType, value: heldValue }));
      announced.current = announcement(trimmed, { type: heldType, value: heldValue });
      setStatus({ kind: 'valid', discount: { type: heldType, value: heldValue } });
      return undefined;
    }
    if (!trimmed || !EMAIL_PATTERN.test(trimmedEmail)) {
      dispatch(couponCleared());
      announced.current = null;
      setStatus({ kind: trimmed ? 'needEmail' : 'idle' });
      return undefined;
    }
    let current = true;
    setStatus({ kind: 'checking' });
    const timer = setTimeout(() => {
      void check({ code: trimmed, email: trimmedEmail }).then((result) => {
        if (!current) return;
        const discount = result.data ? readDiscount(result.data.discount) : null;
        if (discount) {
          dispatch(couponApplied({ type: discount.type, value: discount.value }));
          setStatus({ kind: 'valid', discount });
          const key = announcement(trimmed, discount);
          if (announced.current !== key) notify.success(discountMessage(translate, discount));
          announced.current = key;
          return;
        }
        dispatch(couponCleared());
        announced.current = null;
        const message = result.error ? apiErrorMessage(result.error, ORDER_MESSAGES.invalidCoupon) : ORDER_MESSAGES.invalidCoupon;
        setStatus({ kind: 'invalid', message });
        notify.error(serverMessage(message));
      });
    }, COUPON_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [code, trimmedEmail, check, dispatch, heldCode, heldType, heldValue]);

  return (
    <div className={styles.coupon}>
      <label htmlFor="checkout-coupon">{t('coupon.label')}</label>
      <input
        id="checkout-coupon"
        name="coupon"
        value={code}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        aria-describedby="checkout-coupon-status"
        aria-invalid={status.kind === 'invalid' ? true : undefined}
        onChange={(event) => onCodeChange(event.target.value.toUpperCase())}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      <p id="checkout-coupon-status" className={status.kind === 'invalid' ? styles.fieldError : styles.hint} aria-live="polite">
        {status.kind === 'needEmail' && t('coupon.needEmail')}
        {status.kind === 'checking' && t('coupon.checking')}
        {status.kind === 'valid' && discountMessage(t, status.discount)}
        {status.kind === 'invalid' && say(status.message)}
      </p>
    </div>
  );
}
