import { z } from 'zod';
import { KENYAN_PHONE_PATTERN } from '../accounts';
import { compactPhone, MPESA_NUMBER_PATTERN, normaliseKenyanPhone, toMpesaNumber } from '../phone';

/**
 * The phone fields of every request (register, profile, addresses, checkout, coupons, the chat's
 * contact, the M-Pesa number): whatever way a Kenyan number is written, it is read by the one
 * parser (../phone) and stored in one form. What the parser cannot read keeps the spec's message
 * for what is wrong with it.
 */

const isMissing = (input: unknown): boolean => input === undefined || input === null;

/** A phone the parser knows reads as its stored form; anything else is left for the messages below. */
const parsedPhone = (value: unknown): unknown => (typeof value === 'string' ? (normaliseKenyanPhone(value) ?? value) : value);

export interface PhoneMessages {
  required: string;
  /** Not a number of 10 digits once spaces and dashes are gone (too short, too long, letters). */
  digits: string;
  /** 10 digits, but not a Kenyan number (1712345678). */
  leadingZero: string;
}

/**
 * A required phone, answered as 0712345678. A JSON number is not a phone here (its leading 0 is
 * lost): a schema that takes numbers turns them into text first.
 */
export function kenyanPhoneSchema(messages: PhoneMessages) {
  return z.preprocess(
    parsedPhone,
    z.string({ error: (issue) => (isMissing(issue.input) ? messages.required : messages.digits) }).pipe(
      z
        .string()
        .trim()
        .overwrite(compactPhone)
        .min(1, { message: messages.required, abort: true })
        .regex(/^\d{10}$/, { message: messages.digits, abort: true })
        .regex(KENYAN_PHONE_PATTERN, messages.leadingZero),
    ),
  );
}

/** An M-Pesa number, answered as Daraja wants it (254712345678), from any way of writing a Kenyan mobile number. */
export function mpesaNumberSchema(message: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' || typeof value === 'number' ? (toMpesaNumber(value) ?? value) : value),
    z.string(message).regex(MPESA_NUMBER_PATTERN, message),
  );
}
