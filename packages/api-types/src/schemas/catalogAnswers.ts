import { z } from 'zod';
import type { Brand, Category, Product, ProductFilterResult, SearchAnswer, SearchSuggestAnswer, Sku } from '../catalog';
import type { SearchSynonymsResponse } from '../synonyms';
import type { Agree, Same } from './answerChecks';
import type { CatalogRevisionResponse, LookupProduct, ProductLookupResponse } from './orders';

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

const bilingual = z.strictObject({ en: z.string(), sw: z.string() });
export const searchAnswerSchema = z.strictObject({
  query: z.string(),
  products: z.array(productAnswerSchema),
  notice: bilingual.nullable(),
  complete: z.boolean(),
});
export const searchSuggestAnswerSchema = z.strictObject({
  query: z.string(),
  suggestions: z.array(z.strictObject({ slug: z.string(), name: z.string(), image: z.string(), unit: z.string(), price: z.number() })),
});

export const lookupProductAnswerSchema = z.strictObject({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  unit: z.string(),
  image: z.string(),
  price_cents: z.number().int(),
  offer_price_cents: z.number().int().nullable(),
  min_quantity: z.number().int(),
  max_quantity: z.number().int(),
  brand_id: z.number().int(),
  brand_name: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
});
/** POST /internal/products/lookup (the orders and chat services price carts with it). */
export const productLookupAnswerSchema = z.strictObject({ products: z.array(lookupProductAnswerSchema) });
export const catalogRevisionAnswerSchema = z.strictObject({ revision: z.string() });
export const searchSynonymsAnswerSchema = z.strictObject({
  revision: z.string(),
  synonyms: z.array(z.strictObject({ phrase: z.string(), terms: z.array(z.string()) })),
});

/** Compile-time only: each schema's output is exactly its type (a field added to only one fails the typecheck). */
export type CatalogAnswersAgreeWithTypes = [
  Agree<Same<z.infer<typeof brandAnswerSchema>, Brand>>,
  Agree<Same<z.infer<typeof categoryAnswerSchema>, Category>>,
  Agree<Same<z.infer<typeof skuAnswerSchema>, Sku>>,
  Agree<Same<z.infer<typeof productAnswerSchema>, Product>>,
  Agree<Same<z.infer<typeof productFilterAnswerSchema>, ProductFilterResult>>,
  Agree<Same<z.infer<typeof searchAnswerSchema>, SearchAnswer>>,
  Agree<Same<z.infer<typeof searchSuggestAnswerSchema>, SearchSuggestAnswer>>,
  Agree<Same<z.infer<typeof lookupProductAnswerSchema>, LookupProduct>>,
  Agree<Same<z.infer<typeof productLookupAnswerSchema>, ProductLookupResponse>>,
  Agree<Same<z.infer<typeof catalogRevisionAnswerSchema>, CatalogRevisionResponse>>,
  Agree<Same<z.infer<typeof searchSynonymsAnswerSchema>, SearchSynonymsResponse>>,
];
