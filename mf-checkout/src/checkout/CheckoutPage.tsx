import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { SIGN_UP_POINTS, type OrderStoreBody, type PaymentMethod } from '@shop/api-types';
import { fromCents, lineTotal } from '@shop/money';
import {
  notify,
  pointsCleared,
  pointsRedeemed,
  selectCartLines,
  selectCartSubtotalCents,
  selectIsSignedIn,
  unitPriceCents,
  useAppDispatch,
  useAppSelector,
  usePageMeta,
} from '@shop/store-kit';
import { CountyFields, EmptyState, Loading } from '@shop/storefront-ui';
import { useGetCheckoutAddressesQuery, useGetCheckoutProfileQuery } from '../api/checkoutApi';
import { CheckoutField, errorId, fieldId } from './CheckoutField';
import { CouponBox } from './CouponBox';
import {
  accountDetailsEmpty,
  DEPOT_ID,
  forceMpesaNumber,
  loadSavedForm,
  normalizePhone,
  orderedErrors,
  phoneToMpesa,
  saveForm,
  shippingEmpty,
  validateCheckout,
  type CheckoutErrors,
  type CheckoutForm,
  type ErrorKey,
  type TextFieldName,
} from './form';
import { OrderSummary } from './OrderSummary';
import { PaymentProgress } from './PaymentProgress';
import { PointsBox } from './PointsBox';
import { orderTotals } from './pricing';
import { isBusy, usePayment, type FieldErrors, type Payer } from './usePayment';
import styles from './checkout.module.css';

/** Where each message's field is, for the error summary's links. */
const TARGETS: Record<ErrorKey, string> = {
  first_name: fieldId('first_name'),
  last_name: fieldId('last_name'),
  phone: fieldId('phone'),
  email: fieldId('email'),
  street: fieldId('street'),
  county_id: 'checkout-county',
  subcounty_id: 'checkout-sub-county',
  town: fieldId('town'),
  total: 'checkout-total',
  mpesa_no: fieldId('mpesa_no'),
  terms: 'checkout-terms',
};

/** The server's field names (422) that have a place on this page. */
const SERVER_FIELDS: Record<string, ErrorKey> = {
  first_name: 'first_name',
  last_name: 'last_name',
  phone: 'phone',
  email: 'email',
  street: 'street',
  street_address: 'street',
  county_id: 'county_id',
  subcounty_id: 'subcounty_id',
  sub_county_id: 'subcounty_id',
  town: 'town',
  mpesa_no: 'mpesa_no',
  total_amount: 'total',
};

/** /checkout: details, shipping, coupon, Shwari Points, summary and payment (spec section 2). */
export default function CheckoutPage(): JSX.Element {
  usePageMeta({ title: 'Checkout', description: 'Delivery details and secure online payment.' });
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  const lines = useAppSelector(selectCartLines);
  const subtotalCents = useAppSelector(selectCartSubtotalCents);
  const cart = useAppSelector((state) => state.cart);
  const profile = useGetCheckoutProfileQuery(undefined, { skip: !signedIn });
  const addresses = useGetCheckoutAddressesQuery(undefined, { skip: !signedIn });

  const [form, setForm] = useState<CheckoutForm>(loadSavedForm);
  const [method, setMethod] = useState<PaymentMethod>('hosted');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [couponCode, setCouponCode] = useState('');
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [validated, setValidated] = useState(false);
  const [summaryFocus, setSummaryFocus] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const paymentHeading = useRef<HTMLHeadingElement>(null);
  const payment = usePayment();
  const busy = isBusy(payment.state);

  // A signed-in customer's profile and first saved address fill whatever the saved prefill left empty.
  const prefill = useRef({ account: accountDetailsEmpty(form), shipping: shippingEmpty(form) });
  useEffect(() => {
    if (!profile.data || !prefill.current.account) return;
    prefill.current.account = false;
    const { first_name, last_name, email, phone } = profile.data;
    setForm((current) => (accountDetailsEmpty(current) ? { ...current, first_name, last_name, email, phone: phone ?? '' } : current));
  }, [profile.data]);
  useEffect(() => {
    const address = addresses.data?.[0];
    if (!address || !prefill.current.shipping) return;
    prefill.current.shipping = false;
    setForm((current) =>
      shippingEmpty(current)
        ? {
            ...current,
            street: address.street_address,
            apartment: address.apartment ?? '',
            town: address.town,
            county_id: address.county.id,
            subcounty_id: address.sub_county.id,
          }
        : current,
    );
  }, [addresses.data]);

  useEffect(() => saveForm(form), [form]);

  const balance = signedIn ? profile.data?.loyalty_points.current_balance : undefined;
  const coupon = cart.coupon ? { type: cart.coupon_type, value: cart.coupon_value } : null;
  const totals = orderTotals({ subtotalCents, coupon, redeemedPoints: signedIn ? cart.redeemedPoints : 0, pointsBalance: balance });

  // Points asked for that this order can no longer take (a smaller cart, a coupon, a lower balance) are given back.
  const pointsAskedTooMany = signedIn && cart.redeemedPoints > totals.pointsApplied && (balance !== undefined || cart.redeemedPoints > totals.maxPointsForOrder);
  useEffect(() => {
    if (!pointsAskedTooMany) return;
    dispatch(pointsCleared());
    if (totals.pointsApplied > 0) dispatch(pointsRedeemed(totals.pointsApplied));
    notify.info(`Your Shwari Points were adjusted to ${totals.pointsApplied} to fit this order.`);
  }, [pointsAskedTooMany, totals.pointsApplied, dispatch]);

  const context = useMemo(
    () => ({ meetsMinimum: totals.meetsMinimum, termsAccepted, payWithMpesaPrompt: method === 'mpesa' }),
    [totals.meetsMinimum, termsAccepted, method],
  );

  // Messages already shown go away as the shopper fixes them (new ones wait for Continue).
  useEffect(() => {
    setErrors((shown) => {
      const keys = Object.keys(shown) as ErrorKey[];
      if (keys.length === 0) return shown;
      const now = validateCheckout(form, context);
      const kept: CheckoutErrors = {};
      for (const key of keys) if (now[key]) kept[key] = shown[key] === now[key] ? shown[key] : now[key];
      return keys.every((key) => kept[key] === shown[key]) && Object.keys(kept).length === keys.length ? shown : kept;
    });
  }, [form, context]);

  useEffect(() => {
    if (summaryFocus) summaryRef.current?.focus();
  }, [summaryFocus]);

  const set = (field: TextFieldName) => (event: { target: { value: string } }) => {
    const { value } = event.target;
    setForm((current) => ({ ...current, [field]: field === 'mpesa_no' ? forceMpesaNumber(value) : value }));
  };

  const choosePayment = (next: PaymentMethod) => {
    setMethod(next);
    if (next === 'mpesa') setForm((current) => (current.mpesa_no ? current : { ...current, mpesa_no: phoneToMpesa(current.phone) || '254' }));
  };

  /** Every check of spec section 5, next to each field and as toasts; false when something is wrong. */
  const check = (): boolean => {
    const found = validateCheckout(form, context);
    const list = orderedErrors(found);
    setErrors(found);
    if (list.length === 0) return true;
    setValidated(false);
    for (const [, message] of list) notify.error(message);
    setSummaryFocus((tick) => tick + 1);
    return false;
  };

  const onContinue = (event: FormEvent) => {
    event.preventDefault();
    if (!check()) return;
    setValidated(true);
    paymentHeading.current?.focus();
  };

  const payer = (): Payer => ({
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    email: form.email.trim(),
    phone: normalizePhone(form.phone),
    mpesa_no: form.mpesa_no,
  });

  const orderBody = (): OrderStoreBody => {
    const body: OrderStoreBody = {
      first_name: form.first_name.trim(),
      last_name: form.last_name.trim(),
      phone: normalizePhone(form.phone),
      email: form.email.trim(),
      street: form.street.trim(),
      apartment: form.apartment.trim(),
      county_id: Number(form.county_id),
      subcounty_id: Number(form.subcounty_id),
      town: form.town.trim(),
      depot_id: DEPOT_ID,
      cart_items: lines.map((line) => {
        const unit = unitPriceCents(line);
        return { id: line.id, quantity: line.quantity, price: fromCents(unit), product_total: fromCents(lineTotal(unit, line.quantity)) };
      }),
      total_amount: fromCents(totals.totalCents),
      payment_method: method,
    };
    if (method === 'mpesa') body.mpesa_no = form.mpesa_no;
    if (form.order_notes.trim()) body.order_notes = form.order_notes.trim();
    if (cart.coupon && couponCode.trim()) body.coupon = couponCode.trim();
    if (signedIn && totals.pointsApplied > 0) body.redeemed_points = totals.pointsApplied;
    return body;
  };

  const showServerErrors = (fieldErrors: FieldErrors) => {
    const mapped: CheckoutErrors = {};
    for (const [field, messages] of Object.entries(fieldErrors)) {
      const key = SERVER_FIELDS[field];
      if (key && messages[0]) mapped[key] = messages[0];
    }
    if (Object.keys(mapped).length) setErrors((shown) => ({ ...shown, ...mapped }));
  };

  const onPlaceOrder = () => {
    if (!check()) return;
    void payment.placeOrder(orderBody(), method, payer(), showServerErrors);
  };

  if (lines.length === 0 && payment.state.step === 'idle') {
    return (
      <section className={styles.page}>
        <h1>Checkout</h1>
        <EmptyState title="Your cart is empty">
          <Link to="/shop/all" className={styles.textLink}>
            Continue Shopping
          </Link>
        </EmptyState>
      </section>
    );
  }

  const list = orderedErrors(errors);
  const countyError = errors.county_id;
  const subCountyError = errors.subcounty_id;

  return (
    <section className={styles.page}>
      <p>
        <Link to="/cart" className={styles.textLink}>
          ← Back to cart
        </Link>
      </p>
      <h1>Checkout</h1>
      {!signedIn && (
        <p className={styles.guest}>
          Returning customer? <Link to="/login">Log in</Link>. New here? <Link to="/register">Register</Link> and earn {SIGN_UP_POINTS} Shwari Points.
        </p>
      )}
      {list.length > 0 && summaryFocus > 0 && (
        <div ref={summaryRef} className={styles.errorSummary} tabIndex={-1} role="alert" aria-labelledby="checkout-errors-title">
          <h2 id="checkout-errors-title">Please check the following</h2>
          <ul>
            {list.map(([key, message]) => (
              <li key={key}>
                <a
                  href={`#${TARGETS[key]}`}
                  onClick={(event) => {
                    event.preventDefault();
                    document.getElementById(TARGETS[key])?.focus();
                  }}
                >
                  {message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className={styles.layout}>
        <form className={styles.form} onSubmit={onContinue} noValidate aria-label="Checkout details">
          <fieldset className={styles.panel}>
            <legend>Account details</legend>
            <div className={styles.row}>
              <CheckoutField name="first_name" label="First name" autoComplete="given-name" value={form.first_name} onChange={set('first_name')} error={errors.first_name} required />
              <CheckoutField name="last_name" label="Last name" autoComplete="family-name" value={form.last_name} onChange={set('last_name')} error={errors.last_name} required />
            </div>
            <CheckoutField
              name="phone"
              label="Phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel"
              placeholder="0712345678"
              value={form.phone}
              onChange={set('phone')}
              error={errors.phone}
              required
            />
            <CheckoutField name="email" label="Email" type="email" autoComplete="email" value={form.email} onChange={set('email')} error={errors.email} required />
          </fieldset>

          <fieldset className={styles.panel}>
            <legend>Shipping</legend>
            <CheckoutField name="street" label="Street" autoComplete="address-line1" value={form.street} onChange={set('street')} error={errors.street} required />
            <CheckoutField name="apartment" label="Apartment (optional)" autoComplete="address-line2" value={form.apartment} onChange={set('apartment')} />
            <div className={`${styles.row} ${countyError || subCountyError ? styles.invalid : ''}`}>
              <CountyFields
                idPrefix="checkout"
                countyId={form.county_id}
                subCountyId={form.subcounty_id}
                onChange={({ countyId, subCountyId }) => setForm((current) => ({ ...current, county_id: countyId, subcounty_id: subCountyId }))}
              />
            </div>
            <SelectErrors county={countyError} subCounty={subCountyError} />
            <CheckoutField name="town" label="Town" autoComplete="address-level2" value={form.town} onChange={set('town')} error={errors.town} required />
          </fieldset>

          <div className={styles.panel}>
            <div className={styles.fieldWrap}>
              <label htmlFor="checkout-order_notes">Order notes (optional)</label>
              <textarea
                id="checkout-order_notes"
                name="order_notes"
                rows={3}
                maxLength={500}
                placeholder="Directions for the rider, a landmark, a good time to call…"
                value={form.order_notes}
                onChange={set('order_notes')}
              />
            </div>
            <CouponBox code={couponCode} onCodeChange={setCouponCode} email={form.email} />
          </div>

          <button type="submit" className={styles.primary} disabled={busy}>
            Continue
          </button>
          {validated && list.length === 0 && (
            <p className={styles.ok} role="status">
              Your details are complete. Choose how to pay and place your order.
            </p>
          )}
        </form>

        <div className={styles.side}>
          <OrderSummary lines={lines} totals={totals} coupon={coupon} signedIn={signedIn} />
          {signedIn &&
            (profile.isLoading ? (
              <Loading label="Loading your Shwari Points…" />
            ) : balance !== undefined ? (
              <PointsBox balance={balance} applied={totals.pointsApplied} maxForOrder={totals.maxPointsForOrder} />
            ) : (
              <p className={styles.note}>We could not load your Shwari Points just now.</p>
            ))}

          <section className={styles.panel} aria-labelledby="checkout-payment-title">
            <h2 id="checkout-payment-title" ref={paymentHeading} tabIndex={-1}>
              Payment
            </h2>
            <fieldset className={styles.choices} disabled={busy}>
              <legend>How would you like to pay?</legend>
              <label className={styles.choice}>
                <input type="radio" name="payment_method" value="hosted" checked={method === 'hosted'} onChange={() => choosePayment('hosted')} />
                Pay on the secure payment page (M-Pesa, Airtel Money, card)
              </label>
              <label className={styles.choice}>
                <input type="radio" name="payment_method" value="mpesa" checked={method === 'mpesa'} onChange={() => choosePayment('mpesa')} />
                M-Pesa prompt on my phone
              </label>
            </fieldset>
            {method === 'mpesa' && (
              <CheckoutField
                name="mpesa_no"
                label="M-Pesa number"
                type="tel"
                inputMode="numeric"
                autoComplete="tel"
                maxLength={12}
                hint="Starts with 254, 12 digits, e.g. 254712345678."
                value={form.mpesa_no}
                onChange={set('mpesa_no')}
                error={errors.mpesa_no}
                required
              />
            )}
            <p className={styles.note}>
              {method === 'hosted'
                ? 'You will be sent to an external secure payment page to pay, then brought back to the shop.'
                : 'We will send a payment request to this number: enter your M-Pesa PIN on your phone to pay.'}
            </p>
            <div className={`${styles.terms} ${errors.terms ? styles.invalid : ''}`}>
              <input
                id="checkout-terms"
                type="checkbox"
                checked={termsAccepted}
                onChange={(event) => setTermsAccepted(event.target.checked)}
                aria-invalid={errors.terms ? true : undefined}
                aria-describedby={errors.terms ? errorId('terms') : undefined}
              />
              <label htmlFor="checkout-terms">
                I have read and agree to the{' '}
                <Link to="/terms" target="_blank" rel="noopener">
                  terms and conditions
                </Link>
              </label>
            </div>
            {errors.terms && (
              <p id={errorId('terms')} className={styles.fieldError}>
                {errors.terms}
              </p>
            )}
            <PaymentProgress state={payment.state} onRetryPrompt={() => void payment.retryPrompt(payer())} onHostedPage={() => void payment.payOnHostedPage(payer())} />
            {busy ? (
              <Loading label="Placing your order…" />
            ) : (
              payment.state.step !== 'failed' &&
              payment.state.step !== 'timeout' && (
                <button type="button" className={styles.primary} disabled={!validated} onClick={onPlaceOrder}>
                  Place Order
                </button>
              )
            )}
            {!validated && !busy && <p className={styles.hint}>Press Continue to check your details first.</p>}
          </section>
        </div>
      </div>
    </section>
  );
}

/**
 * County and sub-county messages. CountyFields (storefront UI) takes no error props, so the two
 * selects are tied to their messages here, by their ids.
 */
function SelectErrors({ county, subCounty }: { county?: string; subCounty?: string }): JSX.Element | null {
  useEffect(() => {
    const pairs: Array<[string, string | undefined, string]> = [
      ['checkout-county', county, errorId('county_id')],
      ['checkout-sub-county', subCounty, errorId('subcounty_id')],
    ];
    for (const [id, message, describedBy] of pairs) {
      const select = document.getElementById(id);
      if (!select) continue;
      if (message) {
        select.setAttribute('aria-invalid', 'true');
        select.setAttribute('aria-describedby', describedBy);
      } else {
        select.removeAttribute('aria-invalid');
        select.removeAttribute('aria-describedby');
      }
    }
  }, [county, subCounty]);
  if (!county && !subCounty) return null;
  return (
    <>
      {county && (
        <p id={errorId('county_id')} className={styles.fieldError}>
          {county}
        </p>
      )}
      {subCounty && (
        <p id={errorId('subcounty_id')} className={styles.fieldError}>
          {subCounty}
        </p>
      )}
    </>
  );
}
