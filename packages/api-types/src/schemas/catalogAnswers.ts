import { z } from 'zod';
import type { Brand, Category, Product, ProductFilterResult, Sku } from '../catalog';

/**
 * The catalogue's answers as schemas, for its OpenAPI document (GET /api/docs/catalog) and the
 * contract tests that hold the remotes' fixtures and the service's real answers to it. The types in
 * ../catalog.ts stay the one definition the code uses: the checks at the end of this file fail the
 * typecheck when the two disagree.
 */
export const brandAnswerSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  image: z.string(),
  company: z.string(),
  color: z.string(),
});

export const categoryAnswerSchema = z.strictObject({ id: z.number().int(), name: z.string(), slug: z.string() });

export const skuAnswerSchema = z.strictObject({ id: z.number().int(), name: z.string() });

export const productAnswerSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  image: z.string(),
  unit: z.string(),
  price: z.number(),
  description: z.string(),
  short_description: z.string(),
  offer: z
    .strictObject({
      offer_price: z.number(),
      discount: z.strictObject({ name: z.string().regex(/^\d+\.\d{2}%$/), percent: z.number() }),
    })
    .nullable(),
  limit: z.strictObject({ minimum_quantity: z.number().int(), maximum_quantity: z.number().int() }),
  brand: z.strictObject({ id: z.number().int(), name: z.string(), slug: z.string() }),
  category: categoryAnswerSchema,
  sku: skuAnswerSchema,
  created_at: z.string(),
});

export const productFilterAnswerSchema = z.strictObject({ products: z.array(productAnswerSchema), brand: brandAnswerSchema.nullable() });

/** Compile-time only: each schema's output is exactly its type (a field added to only one fails the typecheck). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Agree<T extends true> = T;
export type CatalogAnswersAgreeWithTypes = [
  Agree<Same<z.infer<typeof brandAnswerSchema>, Brand>>,
  Agree<Same<z.infer<typeof categoryAnswerSchema>, Category>>,
  Agree<Same<z.infer<typeof skuAnswerSchema>, Sku>>,
  Agree<Same<z.infer<typeof productAnswerSchema>, Product>>,
  Agree<Same<z.infer<typeof productFilterAnswerSchema>, ProductFilterResult>>,
];
