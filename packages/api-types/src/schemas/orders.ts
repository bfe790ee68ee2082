import { z } from 'zod';
import { ACCOUNT_MESSAGES, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../accounts';
import { CHECKOUT_MESSAGES, MAX_CART_ITEMS, ORDER_MESSAGES } from '../orders';
import { kenyanPhoneSchema, mpesaNumberSchema } from './phone';

/**
 * Request schemas of the checkout, coupon and payment calls (the orders service validates with
 * them). Field messages are the checkout's own (storefront spec section 5), so the server's 422
 * reads like the form's. Strings are trimmed; null, missing and blank all read as "required".
 */

const isMissing = (input: unknown): boolean => input === undefined || input === null;
const BODY = { error: 'The request body must be a JSON object.' } as const;

/** Blank optional fields read as "not given". */
const blankToUndefined = (value: unknown): unknown =>
  value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value;

/** Numbers from a form may arrive as digit strings. */
const numberFrom = (value: unknown): unknown => (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value);

const text = (required: string, notString: string) => z.string({ error: (issue) => (isMissing(issue.input) ? required : notString) });

function requiredText(required: string, label: string, max: number) {
  return text(required, `The ${label} field must be a string.`).pipe(
    z.string().trim().min(1, { message: required, abort: true }).max(max, `The ${label} field must not be greater than ${max} characters.`),
  );
}

function optionalText(label: string, max: number) {
  return z.preprocess(
    blankToUndefined,
    z
      .string(`The ${label} field must be a string.`)
      .trim()
      .max(max, `The ${label} field must not be greater than ${max} characters.`)
      .optional(),
  );
}

function requiredId(required: string, invalid: string) {
  return z.preprocess(
    (value) => numberFrom(blankToUndefined(value)),
    z
      .number({ error: (issue) => (isMissing(issue.input) ? required : invalid) })
      .int(invalid)
      .positive(invalid)
      .max(2_147_483_647, invalid),
  );
}

const checkoutEmail = text(CHECKOUT_MESSAGES.emailRequired, CHECKOUT_MESSAGES.emailInvalid).pipe(
  z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { message: CHECKOUT_MESSAGES.emailRequired, abort: true })
    .max(EMAIL_MAX_LENGTH, { message: CHECKOUT_MESSAGES.emailInvalid, abort: true })
    .regex(z.regexes.email, CHECKOUT_MESSAGES.emailInvalid),
);

/** '+254 712 345 678', '0712-345-678', '712345678'... all stored as 0712345678; numbers from a form read as their digits. */
const checkoutPhone = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  kenyanPhoneSchema({
    required: CHECKOUT_MESSAGES.phoneRequired,
    digits: CHECKOUT_MESSAGES.phoneDigits,
    leadingZero: CHECKOUT_MESSAGES.phoneLeadingZero,
  }),
);

/** 254712345678 as Daraja wants it, however the shopper wrote the number (+254 712..., 0712...). */
const mpesaNumber = mpesaNumberSchema(CHECKOUT_MESSAGES.mpesaNumber);

/** An amount in KSh with at most two decimals, as the API carries prices. */
const kshAmount = (required: string, invalid: string) =>
  z.preprocess(
    numberFrom,
    z
      .number({ error: (issue) => (isMissing(issue.input) ? required : invalid) })
      .min(0, invalid)
      .max(100_000_000, invalid)
      .refine((value) => Number.isFinite(value) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, invalid),
  );

const couponCode = z.preprocess(
  blankToUndefined,
  z.string(ORDER_MESSAGES.invalidCoupon).trim().toUpperCase().max(40, ORDER_MESSAGES.invalidCoupon).optional(),
);

export const orderCartItemSchema = z.object({
  id: z.preprocess(
    numberFrom,
    z
      .number(CHECKOUT_MESSAGES.cartItemId)
      .int(CHECKOUT_MESSAGES.cartItemId)
      .positive(CHECKOUT_MESSAGES.cartItemId)
      .max(2_147_483_647, CHECKOUT_MESSAGES.cartItemId),
  ),
  /** Range and whole-number checks need the product's name and limits, so they happen after the catalogue lookup. */
  quantity: z.preprocess(numberFrom, z.number(CHECKOUT_MESSAGES.quantityNumber).refine(Number.isFinite, CHECKOUT_MESSAGES.quantityNumber)),
  price: z.preprocess(blankToUndefined, kshAmount(CHECKOUT_MESSAGES.priceNumber, CHECKOUT_MESSAGES.priceNumber).optional()),
  product_total: z.preprocess(blankToUndefined, kshAmount(CHECKOUT_MESSAGES.priceNumber, CHECKOUT_MESSAGES.priceNumber).optional()),
});

/** An order's payment key (43 base64url characters); anything else can match no order. */
const paymentKey = z.preprocess(blankToUndefined, z.string('The payment key must be a string.').trim().max(100).optional());

/** The abandoned order named by `orders/store`'s `replaces`. */
const orderReplacesSchema = z.preprocess(
  blankToUndefined,
  z
    .object(
      {
        order_id: z.preprocess(
          numberFrom,
          z
            .number('The replaced order id must be a number.')
            .int('The replaced order id must be a number.')
            .positive('The replaced order id must be a number.')
            .max(2_147_483_647, 'The replaced order id must be a number.'),
        ),
        payment_key: paymentKey,
      },
      'The replaces field must be an object.',
    )
    .optional(),
);

/** POST /api/site/orders/store. Unknown fields are dropped, never read. */
export const orderStoreBodySchema = z.object(
  {
    first_name: requiredText(CHECKOUT_MESSAGES.firstName, 'first name', NAME_MAX_LENGTH),
    last_name: requiredText(CHECKOUT_MESSAGES.lastName, 'last name', NAME_MAX_LENGTH),
    phone: checkoutPhone,
    email: checkoutEmail,
    mpesa_no: z.preprocess(blankToUndefined, mpesaNumber.optional()),
    street: requiredText(CHECKOUT_MESSAGES.street, 'street', 191),
    /** Optional: the spec's form checked it on Continue though it reads as optional. */
    apartment: optionalText('apartment', 120),
    county_id: requiredId(CHECKOUT_MESSAGES.county, CHECKOUT_MESSAGES.countyInvalid),
    subcounty_id: requiredId(CHECKOUT_MESSAGES.subCounty, CHECKOUT_MESSAGES.subCountyInvalid),
    town: requiredText(CHECKOUT_MESSAGES.town, 'town', 120),
    /** The spec's single depot. */
    depot_id: z.preprocess((value) => numberFrom(blankToUndefined(value)) ?? 1, z.literal(1, CHECKOUT_MESSAGES.depot)),
    order_notes: optionalText('order notes', 1000),
    coupon: couponCode,
    cart_items: z
      .array(orderCartItemSchema, {
        error: (issue) => (isMissing(issue.input) ? CHECKOUT_MESSAGES.cartEmpty : CHECKOUT_MESSAGES.cartEmpty),
      })
      .min(1, CHECKOUT_MESSAGES.cartEmpty)
      .max(MAX_CART_ITEMS, CHECKOUT_MESSAGES.cartTooLong)
      .refine((items) => new Set(items.map((item) => item.id)).size === items.length, CHECKOUT_MESSAGES.cartDuplicate),
    total_amount: kshAmount(CHECKOUT_MESSAGES.totalRequired, CHECKOUT_MESSAGES.totalInvalid),
    redeemed_points: z
      .preprocess(
        (value) => numberFrom(blankToUndefined(value)) ?? 0,
        z
          .number(ACCOUNT_MESSAGES.invalidPoints)
          .int(ACCOUNT_MESSAGES.invalidPoints)
          .min(0, ACCOUNT_MESSAGES.invalidPoints)
          .max(10_000_000, ACCOUNT_MESSAGES.invalidPoints),
      )
      // Missing is 0, as the preprocess makes it; said here so the published contract lists it as optional.
      .default(0),
    payment_method: z
      .preprocess((value) => blankToUndefined(value) ?? 'hosted', z.enum(['hosted', 'mpesa'], CHECKOUT_MESSAGES.paymentMethod))
      .default('hosted'),
    replaces: orderReplacesSchema,
  },
  BODY,
);
export type OrderStoreInput = z.infer<typeof orderStoreBodySchema>;

/** GET /api/site/coupons/check/{code}/{email}. */
export const couponCheckParamsSchema = z.object({
  /** Blank or unknown codes are a 422 'Invalid or expired coupon' like any other unusable code. */
  code: z.string().trim().toUpperCase().max(100),
  email: checkoutEmail,
});

/** POST /api/site/coupons/redeem. */
export const couponRedeemBodySchema = z.object(
  {
    first_name: requiredText(CHECKOUT_MESSAGES.firstName, 'first name', NAME_MAX_LENGTH),
    last_name: requiredText(CHECKOUT_MESSAGES.lastName, 'last name', NAME_MAX_LENGTH),
    phone: checkoutPhone,
    email: checkoutEmail,
    /** The checkout's M-Pesa number, when it has one: the per-customer limit counts it too. */
    mpesa_no: z.preprocess(blankToUndefined, mpesaNumber.optional()),
    code: text(ORDER_MESSAGES.invalidCoupon, ORDER_MESSAGES.invalidCoupon).pipe(
      z.string().trim().toUpperCase().min(1, ORDER_MESSAGES.invalidCoupon).max(100, ORDER_MESSAGES.invalidCoupon),
    ),
  },
  BODY,
);
export type CouponRedeemBody = z.infer<typeof couponRedeemBodySchema>;

/** The order a payment call names: its id (what orders/store answered) or its order number. */
const orderReference = z.preprocess(
  (value) =>
    typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value)
      ? Number(value)
      : typeof value === 'string'
        ? value.trim().toUpperCase()
        : value,
  z.union([z.number().int().positive(), z.string().regex(/^SH-\d{5,12}$/)], { error: 'The order id field is required.' }),
);

/**
 * POST /api/site/v1/dpo/pay. `amount`, `email` and the names are accepted and ignored: the order's
 * own total and details are used. `payment_key` (or the owner's bearer token) is required.
 */
export const paymentStartBodySchema = z.object(
  {
    order_id: orderReference,
    payment_key: paymentKey,
    mobile: z.unknown().optional(),
    amount: z.unknown().optional(),
    email: z.unknown().optional(),
    first_name: z.unknown().optional(),
    last_name: z.unknown().optional(),
  },
  BODY,
);
export type PaymentStartBody = z.infer<typeof paymentStartBodySchema>;

/** POST /api/site/v1/push: `amount` is ignored. A mobile is read however it is written (+254 7..., 07...) and answered as 2547XXXXXXXX. */
export const mpesaPushBodySchema = z.object(
  {
    order_id: orderReference,
    payment_key: paymentKey,
    /** Optional: the push goes to the order's own number; a mobile given changes that number. */
    mobile: z.preprocess(blankToUndefined, mpesaNumber.optional()),
    amount: z.unknown().optional(),
    email: z.unknown().optional(),
  },
  BODY,
);
export type MpesaPushBody = z.infer<typeof mpesaPushBodySchema>;

/** POST /api/site/orders/{id}/cancel. */
export const orderCancelBodySchema = z.preprocess((value) => value ?? {}, z.object({ payment_key: paymentKey }, BODY));
export type OrderCancelInput = z.infer<typeof orderCancelBodySchema>;

export const transactionCheckParamsSchema = z.object({
  checkoutRequestId: z.string().trim().min(1).max(100),
  orderId: orderReference,
});

// ---------------------------------------------------------------------------------------------
// Service to service (never through the gateway): the orders service asks the catalogue for the
// current prices of the products in a cart.

/** POST /internal/products/lookup on the catalog service. */
export const productLookupBodySchema = z.object(
  {
    ids: z
      .array(
        z
          .number('Each id must be a whole number.')
          .int('Each id must be a whole number.')
          .positive('Each id must be a whole number.')
          .max(2_147_483_647, 'Each id must be a whole number.'),
        'The ids field must be a list of product ids.',
      )
      .min(1, 'The ids field must not be empty.')
      .max(500, 'The ids field must not have more than 500 ids.'),
  },
  BODY,
);
export type ProductLookupBody = z.infer<typeof productLookupBodySchema>;

/** One published, unarchived product as the catalog service answers the lookup (prices in cents). */
export interface LookupProduct {
  id: number;
  name: string;
  slug: string;
  unit: string;
  image: string;
  price_cents: number;
  offer_price_cents: number | null;
  min_quantity: number;
  max_quantity: number;
  brand_id: number;
  brand_name: string;
  category_id: number;
  category_name: string;
}

/**
 * GET /internal/catalog/revision on the catalog service: changes whenever staff change a product,
 * brand or category (each such change writes an audit row in the same transaction), so the orders
 * service can keep looked-up prices in memory and drop them the moment the catalogue changes.
 */
export interface CatalogRevisionResponse {
  revision: string;
}

export interface ProductLookupResponse {
  products: LookupProduct[];
}

// ---------------------------------------------------------------------------------------------
// Back office (admin spec section 7): the orders service's admin calls.

const ADMIN_ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day 'YYYY-MM-DD'. */
export function isCalendarDate(value: string): boolean {
  if (!ADMIN_ISO_DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

const adminBlank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** '1,2,3' (or repeated parameters) as positive ids; blank is "no filter". */
const idList = (label: string) =>
  z.preprocess(
    (value) => {
      if (adminBlank(value)) return undefined;
      const parts = (Array.isArray(value) ? value.join(',') : String(value))
        .split(',')
        .map((part) => part.trim())
        .filter((part) => part !== '');
      return parts.map((part) => (/^\d{1,9}$/.test(part) ? Number(part) : NaN));
    },
    z
      .array(
        z
          .number()
          .int(`The ${label} must be a comma-separated list of ids.`)
          .positive(`The ${label} must be a comma-separated list of ids.`),
        { error: `The ${label} must be a comma-separated list of ids.` },
      )
      .max(200)
      .optional(),
  );

const optionalDay = (label: string) =>
  z.preprocess(
    (value) => (adminBlank(value) ? undefined : typeof value === 'string' ? value.trim() : value),
    z.string().refine(isCalendarDate, `The ${label} date must be YYYY-MM-DD.`).optional(),
  );

/** GET /api/admin/orders and /api/admin/orders/export.csv. */
export const adminOrdersQuerySchema = z
  .object({
    page: z.coerce
      .number({ error: 'The page must be a number.' })
      .int('The page must be a number.')
      .positive('The page must be a number.')
      .max(100000)
      .default(1),
    per_page: z.coerce.number({ error: 'The per_page must be a number.' }).int().positive().max(100).default(15),
    status_ids: idList('status_ids'),
    from: optionalDay('from'),
    to: optionalDay('to'),
    q: z.preprocess(
      (value) => (adminBlank(value) ? undefined : value),
      z.string().trim().max(100, 'The search must not be greater than 100 characters.').optional(),
    ),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'The from date must be on or before the to date.',
    path: ['from'],
  });
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuerySchema>;

/** POST /api/admin/orders/{id}/status. */
export const orderStatusChangeBodySchema = z.object(
  {
    status_id: z.preprocess(
      (value) => (adminBlank(value) ? undefined : typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value),
      z
        .number({ error: (issue) => (issue.input === undefined ? 'The status field is required.' : 'The selected status is invalid.') })
        .int('The selected status is invalid.')
        .positive('The selected status is invalid.'),
    ),
    note: z.preprocess(
      (value) => (adminBlank(value) ? undefined : value),
      z.string('The note field must be a string.').trim().max(255, 'The note field must not be greater than 255 characters.').optional(),
    ),
  },
  BODY,
);

export const DATE_RANGE_MESSAGE = 'The date range must be YYYY-MM-DD - YYYY-MM-DD with the start on or before the end.';

/** 'YYYY-MM-DD - YYYY-MM-DD' as its two days, or null when malformed or reversed. */
export function parseDateRange(value: unknown): { from: string; to: string } | null {
  if (typeof value !== 'string') return null;
  const match = /^\s*(\d{4}-\d{2}-\d{2})\s+-\s+(\d{4}-\d{2}-\d{2})\s*$/.exec(value);
  if (!match) return null;
  const [, from, to] = match as unknown as [string, string, string];
  return isCalendarDate(from) && isCalendarDate(to) && from <= to ? { from, to } : null;
}

/** GET /api/admin/dashboard/{category,product,revenue,order}_report. */
export const adminReportQuerySchema = z.object({
  daterange: z.unknown().transform((value, ctx) => {
    const range = parseDateRange(value);
    if (!range) {
      ctx.addIssue({ code: 'custom', message: DATE_RANGE_MESSAGE });
      return z.NEVER;
    }
    return range;
  }),
  category_ids: idList('category_ids'),
  brand_ids: idList('brand_ids'),
  status_ids: idList('status_ids'),
});
export type AdminReportQuery = z.infer<typeof adminReportQuerySchema>;

const couponText = (label: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: (issue) => (adminBlank(issue.input) ? `The ${label} field is required.` : `The ${label} field must be a string.`) })
      .min(1, `The ${label} field is required.`)
      .max(max, `The ${label} field must not be greater than ${max} characters.`),
  );

const couponNumber = (value: unknown): unknown =>
  adminBlank(value) ? undefined : typeof value === 'string' ? Number(value.trim()) : value;
const couponLimit = (label: string) =>
  z.preprocess(
    (value) => (adminBlank(value) ? null : typeof value === 'string' ? Number(value.trim()) : value),
    z
      .number({ error: `The ${label} must be a whole number.` })
      .int(`The ${label} must be a whole number.`)
      .min(1, `The ${label} must be at least 1.`)
      .max(1_000_000, `The ${label} must not be greater than 1000000.`)
      .nullable(),
  );
const twoDecimals = (amount: number): boolean => Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6;

/**
 * POST /api/admin/coupons/store and /update/{id} (JSON, or multipart with the same names). The
 * answer is the stored form: code upper-cased, percent in basis points, value in cents, the two
 * Nairobi days of validity.
 */
export const couponFormSchema = z
  .object(
    {
      name: couponText('name', 120),
      code: z.preprocess(
        (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
        couponText('code', 40).pipe(
          z.string().regex(/^[A-Z0-9_-]+$/, 'The code may only contain letters, numbers, dashes and underscores.'),
        ),
      ),
      discount: couponText('discount', 60),
      discount_type: z.enum(['percent', 'value'], {
        error: (issue) => (adminBlank(issue.input) ? 'The discount type field is required.' : 'The selected discount type is invalid.'),
      }),
      discount_percent: z.preprocess(couponNumber, z.number({ error: 'The discount percent must be a number.' }).optional()),
      discount_value: z.preprocess(couponNumber, z.number({ error: 'The discount value must be a number.' }).optional()),
      date: z.preprocess((value) => (adminBlank(value) ? undefined : value), z.string('The date field must be a string.').optional()),
      valid_from: optionalDay('valid from'),
      valid_to: optionalDay('valid to'),
      usage_limit: couponLimit('usage limit').optional(),
      per_customer_limit: couponLimit('per customer limit').optional(),
    },
    BODY,
  )
  .transform((form, ctx) => {
    let percentBp: number | null = null;
    let valueCents: number | null = null;
    if (form.discount_type === 'percent') {
      const p = form.discount_percent;
      if (p === undefined) ctx.addIssue({ code: 'custom', path: ['discount_percent'], message: 'The discount percent field is required.' });
      else if (!Number.isFinite(p) || p <= 0 || p > 100)
        ctx.addIssue({
          code: 'custom',
          path: ['discount_percent'],
          message: 'The discount percent must be greater than 0 and at most 100.',
        });
      else if (!twoDecimals(p))
        ctx.addIssue({ code: 'custom', path: ['discount_percent'], message: 'The discount percent may have at most 2 decimals.' });
      else percentBp = Math.round(p * 100);
    } else {
      const v = form.discount_value;
      if (v === undefined) ctx.addIssue({ code: 'custom', path: ['discount_value'], message: 'The discount value field is required.' });
      else if (!Number.isFinite(v) || v <= 0 || v > 10_000_000)
        ctx.addIssue({ code: 'custom', path: ['discount_value'], message: 'The discount value must be greater than 0.' });
      else if (!twoDecimals(v))
        ctx.addIssue({ code: 'custom', path: ['discount_value'], message: 'The discount value may have at most 2 decimals.' });
      else valueCents = Math.round(v * 100);
    }
    let from = form.valid_from;
    let to = form.valid_to;
    if (form.date !== undefined) {
      const range = parseDateRange(form.date);
      if (!range) ctx.addIssue({ code: 'custom', path: ['date'], message: DATE_RANGE_MESSAGE });
      else ({ from, to } = range);
    } else if (!from || !to) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'The date field is required.' });
    } else if (from > to) {
      ctx.addIssue({ code: 'custom', path: ['valid_to'], message: 'The valid to date must be on or after the valid from date.' });
    }
    return {
      name: form.name,
      code: form.code,
      discount_name: form.discount,
      discount_type: form.discount_type,
      discount_percent_bp: percentBp,
      discount_value_cents: valueCents,
      valid_from: from ?? '',
      valid_to: to ?? '',
      usage_limit: form.usage_limit ?? null,
      per_customer_limit: form.per_customer_limit ?? null,
    };
  });
export type CouponForm = z.infer<typeof couponFormSchema>;
