import { useEffect, useMemo, useRef, useState } from 'react';
import type { Address, CustomerProfile, PaymentMethod } from '@shop/api-types';
import { useFormErrorToasts } from '@shop/store-kit';
import { useServerMessage } from '../i18n';
import {
  accountDetailsEmpty,
  forceMpesaNumber,
  loadSavedForm,
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
import type { FieldErrors } from './usePayment';

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

export interface CheckoutFormOptions {
  /** The signed-in customer's profile, once loaded. */
  profile: CustomerProfile | undefined;
  /** The signed-in customer's first saved address, once loaded. */
  firstAddress: Address | undefined;
  /** Whether the order's total reaches the minimum (one of Continue's checks). */
  meetsMinimum: boolean;
}

/** A text input's change handler, as the fields take it. */
export type FieldChange = (event: { target: { value: string } }) => void;

/**
 * The checkout form's state: the details (saved as they are typed, prefilled from the saved
 * prefill, then the profile and first address), the coupon code, the payment method, the terms
 * box, and the messages of spec section 5 with when they show.
 */
export function useCheckoutForm({ profile, firstAddress, meetsMinimum }: CheckoutFormOptions) {
  const say = useServerMessage();
  const [form, setForm] = useState<CheckoutForm>(loadSavedForm);
  const [method, setMethod] = useState<PaymentMethod>('hosted');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [couponCode, setCouponCode] = useState('');
  const [errors, setErrors] = useState<CheckoutErrors>({});
  const [validated, setValidated] = useState(false);
  /** Counts failed checks: each one moves focus to the error summary. */
  const [summaryFocus, setSummaryFocus] = useState(0);
  const errorToasts = useFormErrorToasts('checkout');

  // A signed-in customer's profile and first saved address fill whatever the saved prefill left empty.
  const prefill = useRef({ account: accountDetailsEmpty(form), shipping: shippingEmpty(form) });
  useEffect(() => {
    if (!profile || !prefill.current.account) return;
    prefill.current.account = false;
    const { first_name, last_name, email, phone } = profile;
    setForm((current) => (accountDetailsEmpty(current) ? { ...current, first_name, last_name, email, phone: phone ?? '' } : current));
  }, [profile]);
  useEffect(() => {
    const address = firstAddress;
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
  }, [firstAddress]);

  useEffect(() => saveForm(form), [form]);

  const context = useMemo(
    () => ({ meetsMinimum, termsAccepted, payWithMpesaPrompt: method === 'mpesa' }),
    [meetsMinimum, termsAccepted, method],
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

  // The toasts follow the messages beside the fields: one fixed (a county chosen) takes its toast
  // away at once, even one still waiting its turn to show.
  const shownMessages = Object.values(errors).map(say).join('\n');
  useEffect(() => {
    errorToasts.keepOnly(shownMessages ? shownMessages.split('\n') : []);
  }, [shownMessages, errorToasts]);

  const change =
    (field: TextFieldName): FieldChange =>
    (event) => {
      const { value } = event.target;
      setForm((current) => ({ ...current, [field]: field === 'mpesa_no' ? forceMpesaNumber(value) : value }));
    };

  const choosePlace = ({ countyId, subCountyId }: { countyId: number | ''; subCountyId: number | '' }) =>
    setForm((current) => ({ ...current, county_id: countyId, subcounty_id: subCountyId }));

  const choosePayment = (next: PaymentMethod) => {
    setMethod(next);
    if (next === 'mpesa')
      setForm((current) => (current.mpesa_no ? current : { ...current, mpesa_no: phoneToMpesa(current.phone) || '254' }));
  };

  /** Every check of spec section 5, next to each field and as toasts; false when something is wrong. */
  const check = (): boolean => {
    const found = validateCheckout(form, context);
    const list = orderedErrors(found);
    setErrors(found);
    if (list.length === 0) return true;
    setValidated(false);
    errorToasts.show({ '': list.map(([, message]) => message) }, say);
    setSummaryFocus((tick) => tick + 1);
    return false;
  };

  /** Continue: the checks, and when they pass the details count as confirmed (Place Order is enabled). */
  const confirmDetails = (): boolean => {
    if (!check()) return false;
    setValidated(true);
    return true;
  };

  /** The server's own field messages (422), shown where the form's would be. */
  const showServerErrors = (fieldErrors: FieldErrors) => {
    const mapped: CheckoutErrors = {};
    for (const [field, messages] of Object.entries(fieldErrors)) {
      const key = SERVER_FIELDS[field];
      if (key && messages[0]) mapped[key] = messages[0];
    }
    if (Object.keys(mapped).length) setErrors((shown) => ({ ...shown, ...mapped }));
  };

  return {
    form,
    change,
    choosePlace,
    method,
    choosePayment,
    termsAccepted,
    setTermsAccepted,
    couponCode,
    setCouponCode,
    errors,
    validated,
    summaryFocus,
    check,
    confirmDetails,
    showServerErrors,
  };
}

export type CheckoutFormState = ReturnType<typeof useCheckoutForm>;
