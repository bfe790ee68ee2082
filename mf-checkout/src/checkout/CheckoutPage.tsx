import { useEffect, useRef, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { SIGN_UP_POINTS } from '@shop/api-types';
import {
  notify,
  selectCartLines,
  selectIsSignedIn,
  selectUnavailableLines,
  useAppSelector,
  useCartAtCurrentPrices,
  useGetAddressesQuery,
  useGetProfileQuery,
  usePageMeta,
} from '@shop/store-kit';
import { EmptyState, Loading } from '@shop/storefront-ui';
import { useT } from '../i18n';
import { AccountDetailsFields } from './AccountDetailsFields';
import { ErrorSummary } from './ErrorSummary';
import { orderedErrors } from './form';
import { NotesAndCouponPanel } from './NotesAndCouponPanel';
import { OrderSummary } from './OrderSummary';
import { PaymentSection } from './PaymentSection';
import { PointsBox } from './PointsBox';
import { ShippingFields } from './ShippingFields';
import { useCheckoutForm } from './useCheckoutForm';
import { useOrderTotals } from './useOrderTotals';
import { isBusy, usePayment } from './usePayment';
import styles from './checkout.module.css';

/** /checkout: details, shipping, coupon, Shwari Points, summary and payment (spec section 2). */
export default function CheckoutPage(): JSX.Element {
  const t = useT();
  usePageMeta({ title: t('checkout.title'), description: t('checkout.description') });
  const signedIn = useAppSelector(selectIsSignedIn);
  const lines = useAppSelector(selectCartLines);
  const unavailable = useAppSelector(selectUnavailableLines).length > 0;
  const couponApplied = useAppSelector((state) => state.cart.coupon);
  const profile = useGetProfileQuery(undefined, { skip: !signedIn });
  const addresses = useGetAddressesQuery(undefined, { skip: !signedIn });
  useCartAtCurrentPrices();
  const payment = usePayment();
  const { kept } = payment;

  // Points held by the shopper's unpaid order are theirs to use on it again (or on the order that
  // replaces it); until the server has said whether it still waits, the balance is not known.
  const heldPoints = kept.status === 'pending' ? kept.order.redeemed_points : 0;
  const profileBalance = signedIn ? profile.data?.loyalty_points.current_balance : undefined;
  const balance = profileBalance === undefined || kept.status === 'checking' ? undefined : profileBalance + heldPoints;
  const { totals, coupon } = useOrderTotals({ signedIn, balance });
  const checkout = useCheckoutForm({ profile: profile.data, firstAddress: addresses.data?.[0], meetsMinimum: totals.meetsMinimum });
  const { form, errors } = checkout;
  const paymentHeading = useRef<HTMLHeadingElement>(null);
  const busy = isBusy(payment.state);

  // Back from the payment page: the coupon the unpaid order holds is in the box again.
  const heldCoupon = kept.status === 'pending' ? kept.order.coupon : null;
  const { couponCode, setCouponCode } = checkout;
  const restoredCoupon = useRef(false);
  useEffect(() => {
    if (restoredCoupon.current || !heldCoupon) return;
    restoredCoupon.current = true;
    if (!couponCode.trim()) setCouponCode(heldCoupon.code);
  }, [heldCoupon, couponCode, setCouponCode]);

  const onContinue = (event: FormEvent) => {
    event.preventDefault();
    if (checkout.confirmDetails()) paymentHeading.current?.focus();
  };

  const onPlaceOrder = () => {
    if (!checkout.check()) return;
    if (unavailable) {
      notify.warning(t('common.removeUnavailable'));
      return;
    }
    const appliedCoupon =
      couponApplied && coupon?.type ? { code: checkout.couponCode.trim(), type: coupon.type, value: coupon.value } : null;
    void payment.placeOrder({
      order: { form, lines, totals, method: checkout.method, couponCode: checkout.couponCode, couponApplied, signedIn },
      coupon: appliedCoupon,
      onFieldErrors: checkout.showServerErrors,
    });
  };

  if (lines.length === 0 && payment.state.step === 'idle') {
    return (
      <section className={styles.page}>
        <h1>{t('checkout.title')}</h1>
        <EmptyState title={t('checkout.emptyCart')}>
          <Link to="/shop/all" className={styles.textLink}>
            {t('common.continueShopping')}
          </Link>
        </EmptyState>
      </section>
    );
  }

  const list = orderedErrors(errors);

  return (
    <section className={styles.page}>
      <p>
        <Link to="/cart" className={styles.textLink}>
          {t('checkout.backToCart')}
        </Link>
      </p>
      <h1>{t('checkout.title')}</h1>
      {!signedIn && (
        <p className={styles.guest}>
          {t('checkout.returningCustomer')} <Link to="/login">{t('checkout.logIn')}</Link>. {t('checkout.newHere')}{' '}
          <Link to="/register">{t('checkout.register')}</Link> {t('checkout.earnOnSignUp', { points: SIGN_UP_POINTS })}
        </p>
      )}
      <ErrorSummary errors={list} focusTick={checkout.summaryFocus} />
      <div className={styles.layout}>
        <form className={styles.form} onSubmit={onContinue} noValidate aria-label={t('checkout.details')}>
          <AccountDetailsFields form={form} errors={errors} change={checkout.change} />
          <ShippingFields form={form} errors={errors} change={checkout.change} choosePlace={checkout.choosePlace} />
          <NotesAndCouponPanel
            notes={form.order_notes}
            onNotesChange={checkout.change('order_notes')}
            couponCode={checkout.couponCode}
            onCouponCodeChange={checkout.setCouponCode}
            email={form.email}
            heldCoupon={heldCoupon}
          />

          <button type="submit" className={styles.primary} disabled={busy}>
            {t('checkout.continue')}
          </button>
          {checkout.validated && list.length === 0 && (
            <p className={styles.ok} role="status">
              {t('checkout.detailsComplete')}
            </p>
          )}
        </form>

        <div className={styles.side}>
          <OrderSummary lines={lines} totals={totals} coupon={coupon} signedIn={signedIn} />
          {signedIn &&
            (profile.isLoading || kept.status === 'checking' ? (
              <Loading label={t('checkout.loadingPoints')} />
            ) : balance !== undefined ? (
              <PointsBox balance={balance} applied={totals.pointsApplied} maxForOrder={totals.maxPointsForOrder} />
            ) : (
              <p className={styles.note}>{t('checkout.pointsNotLoaded')}</p>
            ))}

          <PaymentSection
            headingRef={paymentHeading}
            method={checkout.method}
            choosePayment={checkout.choosePayment}
            mpesaNumber={form.mpesa_no}
            onMpesaNumberChange={checkout.change('mpesa_no')}
            errors={errors}
            termsAccepted={checkout.termsAccepted}
            onTermsChange={checkout.setTermsAccepted}
            validated={checkout.validated}
            paymentState={payment.state}
            busy={busy}
            onPlaceOrder={onPlaceOrder}
            onRetryPrompt={() => void payment.retryPrompt(form)}
            onHostedPage={() => void payment.payOnHostedPage(form)}
          />
        </div>
      </div>
    </section>
  );
}
