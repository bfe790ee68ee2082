/**
 * Kenyan phone numbers as shoppers write them, read into the one form the shop stores. Shoppers
 * copy numbers from their phone's contacts (+254 712 345 678), from M-Pesa messages (254712345678)
 * or type them as they say them (0712 345 678, 712-345-678); every form that takes a phone (the
 * services' schemas and the storefront's forms) reads them through here, so one customer's number
 * is stored once, the same way, whatever they typed.
 *
 * No zod here: the storefront imports these functions without bundling the schemas. Stored phones
 * match KENYAN_PHONE_PATTERN (0712345678, as the spec shows them).
 */

import { KENYAN_PHONE_PATTERN } from './accounts';

/** Daraja's form of an M-Pesa number: 254, then a mobile number (7XX or 1XX) without its 0. */
export const MPESA_NUMBER_PATTERN = /^254[17]\d{8}$/;

/** Spaces (any kind), dashes, dots, slashes and brackets people put between the digit groups. */
const SEPARATORS = /[\s\-\u2010-\u2015./()]/g;

/**
 * The national significant number (9 digits, without the leading 0) after Kenya's country code:
 * '+254', '254' or '00254' (dialled from abroad), with the '(0)' some write after it.
 */
const INTERNATIONAL = /^(?:\+|00)?254(?:0)?([1-9]\d{8})$/;

/** A mobile number written without its leading 0 (712 345 678, 110 123 456). */
const WITHOUT_LEADING_ZERO = /^[17]\d{8}$/;

/**
 * The stored form (0712345678) of a Kenyan phone number written any usual way, or null when it
 * is not one (too short, too long, letters, another country's code).
 *
 * Accepted: '+254 712 345 678', '254712345678', '00254712345678', '+254 (0) 712 345 678',
 * '0712 345 678', '0712-345-678', '0712.345.678', '(0712) 345678', '712345678', and the 01XX
 * ranges ('+254 110 123 456', '0110 123 456', '110123456').
 */
export function normaliseKenyanPhone(input: unknown): string | null {
  const written = typeof input === 'number' && Number.isSafeInteger(input) ? String(input) : input;
  if (typeof written !== 'string') return null;
  const compact = written.trim().replace(SEPARATORS, '');
  if (KENYAN_PHONE_PATTERN.test(compact)) return compact;
  const international = INTERNATIONAL.exec(compact);
  if (international) return `0${international[1]}`;
  if (WITHOUT_LEADING_ZERO.test(compact)) return `0${compact}`;
  return null;
}

/**
 * The number an M-Pesa prompt goes to, as Daraja wants it (254712345678), from any way of writing
 * a Kenyan mobile number; null for anything else (a landline cannot take an M-Pesa prompt).
 */
export function toMpesaNumber(input: unknown): string | null {
  const phone = normaliseKenyanPhone(input);
  const mpesa = phone === null ? null : `254${phone.slice(1)}`;
  return mpesa !== null && MPESA_NUMBER_PATTERN.test(mpesa) ? mpesa : null;
}

/** What is left of a written phone once the separators are gone, for the "must be 10 digits" checks of what did not parse. */
export const compactPhone = (input: string): string => input.trim().replace(SEPARATORS, '');
