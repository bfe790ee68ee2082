import { CHAT_ADDRESS_MESSAGE, normaliseKenyanPhone, type ChatContact, type CustomerProfile } from '@shop/api-types';
import { readStored, STORAGE_KEYS } from '@shop/store-kit';
import type { ChatPlace } from './chatTypes';

export interface AddressForm extends ChatContact {
  street: string;
  town: string;
  apartment: string;
}

export type AddressField = keyof AddressForm;

export const EMPTY_ADDRESS: AddressForm = { first_name: '', last_name: '', phone: '', email: '', street: '', town: '', apartment: '' };

/** Everything but the apartment (spec: street address and town required, apartment optional; the contact is who the order is for). */
export const REQUIRED_FIELDS: AddressField[] = ['first_name', 'last_name', 'phone', 'email', 'street', 'town'];

export const PHONE_MESSAGE = 'Phone number must be 10 digits';
export const EMAIL_MESSAGE = 'Invalid email format';
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/**
 * What the shopper last typed at checkout (the checkout remote keeps it under 'checkout'), then the
 * signed-in customer's profile for whatever that left empty.
 */
export function prefillAddress(profile?: Pick<CustomerProfile, 'first_name' | 'last_name' | 'phone' | 'email'> | null): AddressForm {
  const saved = readStored<Record<string, unknown>>(STORAGE_KEYS.checkoutPrefill, {}, isRecord);
  const form: AddressForm = {
    first_name: text(saved.first_name),
    last_name: text(saved.last_name),
    phone: text(saved.phone),
    email: text(saved.email),
    street: text(saved.street),
    town: text(saved.town),
    apartment: text(saved.apartment),
  };
  return profile ? fillEmpty(form, profile) : form;
}

/** The profile's contact where the form is still empty; what the shopper typed is never overwritten. */
export function fillEmpty(form: AddressForm, profile: Pick<CustomerProfile, 'first_name' | 'last_name' | 'phone' | 'email'>): AddressForm {
  return {
    ...form,
    first_name: form.first_name.trim() ? form.first_name : (profile.first_name ?? ''),
    last_name: form.last_name.trim() ? form.last_name : (profile.last_name ?? ''),
    phone: form.phone.trim() ? form.phone : (profile.phone ?? ''),
    email: form.email.trim() ? form.email : (profile.email ?? ''),
  };
}

/** The phone as the shop stores it (0712345678) from '+254 712 345 678', '254...', '0712 345 678'...; what is not a Kenyan phone, without its spaces and dashes. */
export const normalizePhone = (phone: string): string => normaliseKenyanPhone(phone) ?? phone.trim().replace(/[\s-]/g, '');

export interface AddressCheck {
  message: string | null;
  invalid: AddressField[];
}

/** The spec's chat address message when a required field is empty; then the phone and email formats. */
export function checkAddress(form: AddressForm): AddressCheck {
  const missing = REQUIRED_FIELDS.filter((field) => form[field].trim() === '');
  if (missing.length) return { message: CHAT_ADDRESS_MESSAGE, invalid: missing };
  if (normaliseKenyanPhone(form.phone) === null) return { message: PHONE_MESSAGE, invalid: ['phone'] };
  if (!EMAIL_PATTERN.test(form.email.trim())) return { message: EMAIL_MESSAGE, invalid: ['email'] };
  return { message: null, invalid: [] };
}

/** A colon separates the parts of the address message, so none may appear inside a part. */
const part = (value: string): string => value.replace(/:/g, ' ').replace(/\s+/g, ' ').trim();

/** 'county:subcounty:street:town:apartment' (spec section 7), ids for the places. */
export function addressMessage(form: AddressForm, place: ChatPlace): string {
  return [place.countyId ?? '', place.subCountyId ?? '', form.street, form.town, form.apartment]
    .map((value) => part(String(value)))
    .join(':');
}

export function contactOf(form: AddressForm): ChatContact {
  return {
    first_name: form.first_name.trim(),
    last_name: form.last_name.trim(),
    phone: normalizePhone(form.phone),
    email: form.email.trim(),
  };
}

/** What the shopper's bubble says: the address as a person writes it. */
export function addressDisplay(form: AddressForm, placeNames: string[]): string {
  const parts: string[] = [];
  for (const value of [form.street, form.apartment, form.town, ...placeNames].map((text) => text.trim())) {
    if (value && !parts.some((part) => part.toLowerCase() === value.toLowerCase())) parts.push(value);
  }
  return parts.join(', ');
}
