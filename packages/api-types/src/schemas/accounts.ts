import { z } from 'zod';
import { ACCOUNT_MESSAGES, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../accounts';
import { kenyanPhoneSchema } from './phone';

/** Request schemas of the accounts calls (the customers service validates with them). */

// ---------------------------------------------------------------------------------------------
// Building blocks. Strings are trimmed (as Laravel's TrimStrings does); null, missing and blank
// all read as "required".

const isMissing = (input: unknown): boolean => input === undefined || input === null;

/** The body itself must be a JSON object. */
const BODY = { error: 'The request body must be a JSON object.' } as const;

/**
 * A string with its own "required" and "not a string" messages. The rules come after a pipe, so
 * a value of the wrong type gets one message (zod would otherwise still run length checks on an
 * array).
 */
const text = (required: string, notString: string) => z.string({ error: (issue) => (isMissing(issue.input) ? required : notString) });

/** A required text field with Laravel's wording: 'The first name field is required.' */
function requiredText(label: string, max: number) {
  return text(`The ${label} field is required.`, `The ${label} field must be a string.`).pipe(
    z
      .string()
      .trim()
      .min(1, { message: `The ${label} field is required.`, abort: true })
      .max(max, `The ${label} field must not be greater than ${max} characters.`),
  );
}

const emailField = text('The email field is required.', 'The email field must be a string.').pipe(
  z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { message: 'The email field is required.', abort: true })
    .max(EMAIL_MAX_LENGTH, { message: `The email field must not be greater than ${EMAIL_MAX_LENGTH} characters.`, abort: true })
    .regex(z.regexes.email, 'The email field must be a valid email address.'),
);

/** '+254 712 345 678', '0712-345-678', '712345678'... all stored as 0712345678. */
const accountPhone = kenyanPhoneSchema({
  required: 'The phone field is required.',
  digits: 'The phone field must be 10 digits.',
  leadingZero: 'The phone field must start with 0, e.g. 0712345678.',
});

const passwordField = text('The password field is required.', 'The password field must be a string.').pipe(
  z
    .string()
    .min(1, { message: 'The password field is required.', abort: true })
    .min(PASSWORD_MIN_LENGTH, `The password field must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `The password field must not be greater than ${PASSWORD_MAX_LENGTH} characters.`),
);

/** Blank optional fields read as "not given" (Laravel's ConvertEmptyStringsToNull). */
const blankToUndefined = (value: unknown): unknown =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** Ids from a select arrive as numbers or digit strings. */
const idFrom = (value: unknown): unknown => (typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : value);

function requiredId(required: string, invalid: string) {
  return z.preprocess(
    (value) => idFrom(blankToUndefined(value)),
    z
      .number({ error: (issue) => (isMissing(issue.input) ? required : invalid) })
      .int(invalid)
      .positive(invalid)
      .max(2_147_483_647, invalid),
  );
}

// ---------------------------------------------------------------------------------------------
// Requests. Unknown fields (role, points, ...) are dropped by z.object, never read.

/** POST /api/site/register. */
export const registerBodySchema = z.object(
  {
    email: emailField,
    password: passwordField,
    first_name: requiredText('first name', NAME_MAX_LENGTH),
    last_name: requiredText('last name', NAME_MAX_LENGTH),
    phone: accountPhone,
  },
  BODY,
);
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** POST /api/login (customers and staff). */
export const loginBodySchema = z.object(
  {
    email: text('The email field is required.', 'The email field must be a string.').pipe(
      z
        .string()
        .trim()
        .toLowerCase()
        .min(1, { message: 'The email field is required.', abort: true })
        .max(EMAIL_MAX_LENGTH, `The email field must not be greater than ${EMAIL_MAX_LENGTH} characters.`),
    ),
    password: text('The password field is required.', 'The password field must be a string.').pipe(
      z
        .string()
        .min(1, { message: 'The password field is required.', abort: true })
        .max(PASSWORD_MAX_LENGTH, `The password field must not be greater than ${PASSWORD_MAX_LENGTH} characters.`),
    ),
    /** The login screen's remember-me box: the token lives 30 days instead of one. */
    remember: z
      .preprocess((value) => value === true || value === 1 || value === 'true' || value === '1' || value === 'on', z.boolean())
      .optional(),
  },
  BODY,
);
export type LoginBody = z.infer<typeof loginBodySchema>;

/** POST /api/profile/update: password optional; when given it needs a matching confirmation. */
export const profileUpdateBodySchema = z
  .object(
    {
      first_name: requiredText('first name', NAME_MAX_LENGTH),
      last_name: requiredText('last name', NAME_MAX_LENGTH),
      email: emailField,
      phone: accountPhone,
      password: z.preprocess(blankToUndefined, passwordField.optional()),
      password_confirmation: z.preprocess(blankToUndefined, z.string('The password confirmation field must be a string.').optional()),
    },
    BODY,
  )
  .refine((body) => body.password === undefined || body.password === body.password_confirmation, {
    message: 'The password field confirmation does not match.',
    path: ['password'],
  });
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;

/** POST /api/redeem/points: a whole number of points above zero (digit strings are accepted). */
export const redeemPointsBodySchema = z.object(
  {
    points: z.preprocess(
      (value) => (typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value) ? Number(value) : value),
      z.number({ error: ACCOUNT_MESSAGES.invalidPoints }).int(ACCOUNT_MESSAGES.invalidPoints).positive(ACCOUNT_MESSAGES.invalidPoints),
    ),
  },
  BODY,
);
export type RedeemPointsBody = z.infer<typeof redeemPointsBodySchema>;

const optionalText = (label: string, max: number) =>
  z.preprocess(
    blankToUndefined,
    z
      .string(`The ${label} field must be a string.`)
      .trim()
      .max(max, `The ${label} field must not be greater than ${max} characters.`)
      .optional(),
  );

const addressObject = z.object(
  {
    name: text('Name is required', 'The name field must be a string.').pipe(
      z
        .string()
        .trim()
        .min(1, { message: 'Name is required', abort: true })
        .max(120, 'The name field must not be greater than 120 characters.'),
    ),
    email: text('Email is required', 'Invalid email format').pipe(
      z
        .string()
        .trim()
        .toLowerCase()
        .min(1, { message: 'Email is required', abort: true })
        .max(EMAIL_MAX_LENGTH, { message: 'Invalid email format', abort: true })
        .regex(z.regexes.email, 'Invalid email format'),
    ),
    phone: kenyanPhoneSchema({
      required: 'Phone number is required',
      digits: 'Phone number must be 10 digits',
      leadingZero: 'Phone number must start with 0, e.g. 0712345678',
    }),
    street_address: text('Street is required', 'The street field must be a string.').pipe(
      z
        .string()
        .trim()
        .min(1, { message: 'Street is required', abort: true })
        .max(191, 'The street field must not be greater than 191 characters.'),
    ),
    apartment: optionalText('apartment', 120),
    town: text('Town is required', 'The town field must be a string.').pipe(
      z
        .string()
        .trim()
        .min(1, { message: 'Town is required', abort: true })
        .max(120, 'The town field must not be greater than 120 characters.'),
    ),
    county_id: requiredId('County is required', 'The selected county is invalid.'),
    sub_county_id: requiredId('Sub-county is required', 'The selected sub-county is invalid.'),
  },
  BODY,
);

/**
 * POST /api/addresses, POST /api/addresses/update/{id}, PUT /api/addresses/{id}. The checkout and
 * chat forms name two fields `street` and `subcounty_id`; those names are accepted too.
 */
export const addressBodySchema = z.preprocess((value) => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const body = { ...(value as Record<string, unknown>) };
  if (body.street_address === undefined && body.street !== undefined) body.street_address = body.street;
  if (body.sub_county_id === undefined && body.subcounty_id !== undefined) body.sub_county_id = body.subcounty_id;
  return body;
}, addressObject);
export type AddressBody = z.infer<typeof addressObject>;

const resetCodeField = text('The code field is required.', ACCOUNT_MESSAGES.resetCodeInvalid).pipe(
  z
    .string()
    .trim()
    .regex(/^\d{6}$/, ACCOUNT_MESSAGES.resetCodeInvalid),
);

/** POST /api/forgot-password without `code`: email a one-time code. */
export const forgotPasswordRequestSchema = z.object({ email: emailField }, BODY);
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

/** POST /api/forgot-password with `code`: set the new password. */
export const passwordResetBodySchema = z
  .object(
    {
      email: emailField,
      code: resetCodeField,
      password: passwordField,
      password_confirmation: z.string('The password confirmation field is required.').optional(),
    },
    BODY,
  )
  .refine((body) => body.password === body.password_confirmation, {
    message: 'The password field confirmation does not match.',
    path: ['password'],
  });
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

/** The forgot-password screen posts to one path for both steps: a body with a code is the second. */
export function isPasswordResetStep(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const code = (body as { code?: unknown }).code;
  return code !== undefined && code !== null && code !== '';
}
