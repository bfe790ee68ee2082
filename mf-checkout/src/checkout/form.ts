import {
  CHECKOUT_MESSAGES,
  compactPhone,
  KENYAN_PHONE_PATTERN,
  MINIMUM_ORDER_MESSAGE,
  MPESA_NUMBER_PATTERN,
  normaliseKenyanPhone,
  TERMS_REQUIRED_MESSAGE,
  toMpesaNumber,
} from '@shop/api-types';
import { readStored, STORAGE_KEYS, writeStored } from '@shop/store-kit';

/** The spec's single depot. */
export const DEPOT_ID = 1;

export interface CheckoutForm {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  mpesa_no: string;
  street: string;
  apartment: string;
  county_id: number | '';
  subcounty_id: number | '';
  town: string;
  depot_id: number;
  order_notes: string;
}

export type TextFieldName = Exclude<keyof CheckoutForm, 'county_id' | 'subcounty_id' | 'depot_id'>;

export const EMPTY_FORM: CheckoutForm = {
  first_name: '',
  last_name: '',
  phone: '',
  email: '',
  mpesa_no: '',
  street: '',
  apartment: '',
  county_id: '',
  subcounty_id: '',
  town: '',
  depot_id: DEPOT_ID,
  order_notes: '',
};

const TEXT_FIELDS: TextFieldName[] = [
  'first_name',
  'last_name',
  'phone',
  'email',
  'mpesa_no',
  'street',
  'apartment',
  'town',
  'order_notes',
];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Ids were saved as numbers, or as strings by older versions of the shop. */
const idOf = (value: unknown): number | '' => {
  const id = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : '';
};

/** The saved prefill, field by field: anything missing or of the wrong type reads as empty. */
export function loadSavedForm(): CheckoutForm {
  const saved = readStored<Record<string, unknown>>(STORAGE_KEYS.checkoutPrefill, {}, isRecord);
  const form: CheckoutForm = { ...EMPTY_FORM };
  for (const field of TEXT_FIELDS) {
    const value = saved[field];
    form[field] = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  }
  form.county_id = idOf(saved.county_id);
  form.subcounty_id = form.county_id === '' ? '' : idOf(saved.subcounty_id);
  return form;
}

export function saveForm(form: CheckoutForm): void {
  writeStored(STORAGE_KEYS.checkoutPrefill, { ...form, depot_id: DEPOT_ID });
}

export const isBlank = (value: string | number): boolean => String(value).trim() === '';

export const accountDetailsEmpty = (form: CheckoutForm): boolean =>
  isBlank(form.first_name) && isBlank(form.last_name) && isBlank(form.phone) && isBlank(form.email);

export const shippingEmpty = (form: CheckoutForm): boolean =>
  isBlank(form.street) && isBlank(form.apartment) && isBlank(form.town) && form.county_id === '' && form.subcounty_id === '';

/**
 * The phone as the server will store it: '+254 712 345 678', '0712-345-678' and '712345678' all
 * read as '0712345678' (the one parser of @shop/api-types, which the server uses too). What it
 * cannot read is returned without its separators, for the form's messages.
 */
export const normalizePhone = (phone: string): string => normaliseKenyanPhone(phone) ?? compactPhone(phone);

/**
 * The M-Pesa number is forced to start with 254 and kept to 12 digits, as the shopper types:
 * '0712345678' becomes '254712345678', '7' becomes '2547', deleting into the prefix keeps '254',
 * and the '(0)' of '+254 (0) 712...' is dropped.
 */
export function forceMpesaNumber(input: string): string {
  const digits = input.replace(/\D/g, '');
  let rest: string;
  if (digits.startsWith('254')) rest = digits.slice(3).replace(/^0/, '');
  else if ('254'.startsWith(digits)) rest = '';
  else if (digits.startsWith('0')) rest = digits.slice(1);
  else rest = digits;
  return `254${rest}`.slice(0, 12);
}

/** Any way of writing a Kenyan mobile number (0712 345 678, +254 712...) as the 12-digit M-Pesa number (254712345678); '' when it is none. */
export const phoneToMpesa = (phone: string): string => toMpesaNumber(phone) ?? '';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** The checkout's messages: the server's own field messages, and the two only the form checks. */
export const MESSAGES = {
  ...CHECKOUT_MESSAGES,
  minimum: MINIMUM_ORDER_MESSAGE,
  terms: TERMS_REQUIRED_MESSAGE,
  mpesa: CHECKOUT_MESSAGES.mpesaNumber,
} as const;

/** Where each message is shown: a form field, the order total, or the terms box. */
export type ErrorKey =
  'first_name' | 'last_name' | 'phone' | 'email' | 'street' | 'county_id' | 'subcounty_id' | 'town' | 'mpesa_no' | 'total' | 'terms';
export type CheckoutErrors = Partial<Record<ErrorKey, string>>;

/** Page order, so the error summary and the toasts read top to bottom. */
export const ERROR_ORDER: ErrorKey[] = [
  'first_name',
  'last_name',
  'phone',
  'email',
  'street',
  'county_id',
  'subcounty_id',
  'town',
  'total',
  'mpesa_no',
  'terms',
];

export interface ValidationContext {
  meetsMinimum: boolean;
  termsAccepted: boolean;
  payWithMpesaPrompt: boolean;
}

/** Continue's checks (spec section 5). The apartment is optional, so it is not checked. */
export function validateCheckout(form: CheckoutForm, context: ValidationContext): CheckoutErrors {
  const errors: CheckoutErrors = {};
  if (isBlank(form.first_name)) errors.first_name = MESSAGES.firstName;
  if (isBlank(form.last_name)) errors.last_name = MESSAGES.lastName;
  const phone = normalizePhone(form.phone);
  if (!phone) errors.phone = MESSAGES.phoneRequired;
  else if (!/^\d{10}$/.test(phone)) errors.phone = MESSAGES.phoneDigits;
  else if (!KENYAN_PHONE_PATTERN.test(phone)) errors.phone = MESSAGES.phoneLeadingZero;
  const email = form.email.trim();
  if (!email) errors.email = MESSAGES.emailRequired;
  else if (!EMAIL_PATTERN.test(email)) errors.email = MESSAGES.emailInvalid;
  if (isBlank(form.street)) errors.street = MESSAGES.street;
  if (form.county_id === '') errors.county_id = MESSAGES.county;
  if (form.subcounty_id === '') errors.subcounty_id = MESSAGES.subCounty;
  if (isBlank(form.town)) errors.town = MESSAGES.town;
  if (!context.meetsMinimum) errors.total = MESSAGES.minimum;
  if (context.payWithMpesaPrompt && !MPESA_NUMBER_PATTERN.test(form.mpesa_no)) errors.mpesa_no = MESSAGES.mpesa;
  if (!context.termsAccepted) errors.terms = MESSAGES.terms;
  return errors;
}

export const orderedErrors = (errors: CheckoutErrors): Array<[ErrorKey, string]> =>
  ERROR_ORDER.flatMap((key) => (errors[key] ? [[key, errors[key]] as [ErrorKey, string]] : []));
