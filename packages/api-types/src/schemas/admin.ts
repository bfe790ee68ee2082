import { z } from 'zod';
import { ADMIN_PRODUCT_SORTS } from '../admin';

/** Request schemas of the back office's catalogue calls (multipart fields arrive as strings). */

const isBlank = (value: unknown): boolean => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const requiredText = (label: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .string({ error: (issue) => (isBlank(issue.input) ? `The ${label} field is required.` : `The ${label} field must be a string.`) })
      .min(1, `The ${label} field is required.`)
      .max(max, `The ${label} field must not be greater than ${max} characters.`),
  );

const requiredId = (label: string) =>
  z.preprocess(
    (value) => (isBlank(value) ? undefined : typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value),
    z
      .number({ error: (issue) => (issue.input === undefined ? `The ${label} field is required.` : `The selected ${label} is invalid.`) })
      .int(`The selected ${label} is invalid.`)
      .positive(`The selected ${label} is invalid.`),
  );

/** KSh with at most two decimals, turned into integer cents. */
const amountInCents = (label: string) =>
  z
    .number({ error: `The ${label} must be a number.` })
    .refine((amount) => Number.isFinite(amount) && amount > 0, `The ${label} must be greater than 0.`)
    .refine((amount) => Math.abs(Math.round(amount * 100) - amount * 100) < 1e-6, `The ${label} may have at most 2 decimals.`)
    .refine((amount) => amount <= 10_000_000, `The ${label} must not be greater than 10,000,000.`)
    .transform((amount) => Math.round(amount * 100));

const toNumber = (value: unknown): unknown => (isBlank(value) ? undefined : typeof value === 'string' ? Number(value.trim()) : value);

const requiredMoney = (label: string) =>
  z.preprocess(toNumber, z.number({ error: `The ${label} field is required.` }).pipe(amountInCents(label)));
const optionalMoney = (label: string) => z.preprocess(toNumber, amountInCents(label).optional());

const quantity = (label: string, fallback: number) =>
  z.preprocess(
    (value) => (isBlank(value) ? fallback : typeof value === 'string' ? Number(value.trim()) : value),
    z
      .number({ error: `The ${label} must be a whole number.` })
      .int(`The ${label} must be a whole number.`)
      .min(1, `The ${label} must be at least 1.`)
      .max(1000, `The ${label} must not be greater than 1000.`),
  );

const flag = z.preprocess((value) => value === true || value === 1 || value === '1' || value === 'true' || value === 'on', z.boolean());

/** POST /api/admin/products/store and /update/{id}. */
export const adminProductFormSchema = z
  .object({
    name: requiredText('name', 200),
    brand_id: requiredId('brand'),
    category_id: requiredId('category'),
    sku_id: requiredId('sku'),
    unit: requiredText('unit', 60),
    price: requiredMoney('price'),
    offer_price: optionalMoney('offer price'),
    short_description: requiredText('short description', 5000),
    description: requiredText('description', 50000),
    minimum_quantity: quantity('minimum quantity', 1),
    maximum_quantity: quantity('maximum quantity', 10),
    status: z.preprocess(
      (value) => (isBlank(value) ? 'published' : value),
      z.enum(['published', 'draft'], 'The status must be published or draft.'),
    ),
    is_featured: flag.optional(),
  })
  .refine((form) => form.offer_price === undefined || form.price === undefined || form.offer_price < form.price, {
    path: ['offer_price'],
    message: 'The offer price must be lower than the regular price.',
  })
  .refine((form) => form.minimum_quantity <= form.maximum_quantity, {
    path: ['maximum_quantity'],
    message: 'The maximum quantity must be at least the minimum quantity.',
  });
export type AdminProductForm = z.infer<typeof adminProductFormSchema>;

export const adminProductListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  brand_id: z.coerce.number().int().positive().optional(),
  category_id: z.coerce.number().int().positive().optional(),
  sort: z.enum(ADMIN_PRODUCT_SORTS).optional(),
  archived: z.enum(['0', '1']).optional(),
});

/** Categories: a name. Brands: a name, the group company and a colour. */
export const adminCategoryFormSchema = z.object({ name: requiredText('name', 120) });
export const adminBrandFormSchema = z.object({
  name: requiredText('name', 120),
  company: requiredText('company', 120),
  color: z.preprocess(
    (value) => (isBlank(value) ? '#1f6f3a' : value),
    z.string().regex(/^#[0-9a-fA-F]{6}$/, 'The colour must be a hex colour such as #1f6f3a.'),
  ),
});

export const idParamSchema = z.object({ id: z.coerce.number({ error: 'The id must be a number.' }).int().positive().max(2_147_483_647) });

/** POST /api/admin/users: a new staff member (passwords of staff are at least 12 characters). */
export const staffCreateBodySchema = z.object({
  first_name: requiredText('first name', 60),
  last_name: requiredText('last name', 60),
  email: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z
      .string({ error: (issue) => (isBlank(issue.input) ? 'The email field is required.' : 'The email field must be a string.') })
      .min(1, 'The email field is required.')
      .max(255, 'The email field must not be greater than 255 characters.')
      .regex(z.regexes.email, 'The email field must be a valid email address.'),
  ),
  password: z
    .string({ error: (issue) => (isBlank(issue.input) ? 'The password field is required.' : 'The password field must be a string.') })
    .min(12, 'The password field must be at least 12 characters.')
    .max(255, 'The password field must not be greater than 255 characters.'),
});
export type StaffCreateBody = z.infer<typeof staffCreateBodySchema>;

export const adminPageQuerySchema = z.object({
  page: z.coerce.number({ error: 'The page must be a number.' }).int().positive().max(100000).default(1),
  per_page: z.coerce.number().int().positive().max(100).default(15),
  q: z.string().trim().max(100).optional(),
});
