import type { FieldChange } from './useCheckoutForm';
import { CouponBox } from './CouponBox';
import type { HeldCoupon } from './pendingOrder';
import { useT } from '../i18n';
import styles from './checkout.module.css';

interface NotesAndCouponPanelProps {
  notes: string;
  onNotesChange: FieldChange;
  couponCode: string;
  onCouponCodeChange(code: string): void;
  /** The coupon is checked against this email. */
  email: string;
  /** The coupon the shopper's unpaid order holds (see CouponBox). */
  heldCoupon: HeldCoupon | null;
}

/** Order notes for the rider, and the coupon box. */
export function NotesAndCouponPanel({
  notes,
  onNotesChange,
  couponCode,
  onCouponCodeChange,
  email,
  heldCoupon,
}: NotesAndCouponPanelProps): JSX.Element {
  const t = useT();
  return (
    <div className={styles.panel}>
      <div className={styles.fieldWrap}>
        <label htmlFor="checkout-order_notes">{t('fields.orderNotes')}</label>
        <textarea
          id="checkout-order_notes"
          name="order_notes"
          rows={3}
          maxLength={500}
          placeholder={t('fields.orderNotesPlaceholder')}
          value={notes}
          onChange={onNotesChange}
        />
      </div>
      <CouponBox code={couponCode} onCodeChange={onCouponCodeChange} email={email} held={heldCoupon} />
    </div>
  );
}
