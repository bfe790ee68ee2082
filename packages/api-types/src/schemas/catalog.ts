import { z } from 'zod';
import { PRODUCT_SORTS } from '../catalog';

/** Request schemas of the catalogue calls (services validate with them; front ends never load zod). */
const slug = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and dashes');

export const slugSchema = slug;

export const productFilterQuerySchema = z.object({
  brand: z.union([z.literal('all'), slug]).optional(),
  category: z.union([z.literal('all'), slug]).optional(),
  sort: z.enum(PRODUCT_SORTS).optional(),
});
export type ProductFilterQuery = z.infer<typeof productFilterQuerySchema>;

export const productSortQuerySchema = z.object({
  sort: z.enum(PRODUCT_SORTS).default('default'),
  brand: z.union([z.literal('all'), slug]).optional(),
  category: z.union([z.literal('all'), slug]).optional(),
});

export const productSearchBodySchema = z.object({
  search: z
    .string({ error: 'The search field is required.' })
    .trim()
    .min(1, 'The search field is required.')
    .max(100, 'The search may not be longer than 100 characters.'),
});
export type ProductSearchBody = z.infer<typeof productSearchBodySchema>;

/** GET /api/site/search?q= and /api/site/search/suggest?q=: the search text, as the search body's. */
export const productSearchQuerySchema = z.object({
  q: z
    .string({ error: 'The search field is required.' })
    .trim()
    .min(1, 'The search field is required.')
    .max(100, 'The search may not be longer than 100 characters.'),
});
export type ProductSearchQuery = z.infer<typeof productSearchQuerySchema>;
