import {
  adminBrandAnswerSchema,
  adminBrandDetailAnswerSchema,
  adminBrandSavedAnswerSchema,
  adminCategoryAnswerSchema,
  adminCategoryDetailAnswerSchema,
  adminCategorySavedAnswerSchema,
  adminProductAnswerSchema,
  adminProductDetailAnswerSchema,
  adminProductListQuerySchema,
  adminProductSavedAnswerSchema,
  adminSearchSynonymFormSchema,
  adminSearchSynonymListQuerySchema,
  auditPageAnswerSchema,
  brandAnswerSchema,
  catalogRevisionAnswerSchema,
  idParamSchema,
  messageAnswerSchema,
  productLookupAnswerSchema,
  productLookupBodySchema,
  productSearchQuerySchema,
  searchAnswerSchema,
  searchSuggestAnswerSchema,
  searchSynonymAnswerSchema,
  searchSynonymSavedAnswerSchema,
  searchSynonymsAnswerSchema,
  categoryAnswerSchema,
  productAnswerSchema,
  productFilterAnswerSchema,
  productFilterQuerySchema,
  productSearchBodySchema,
  productSortQuerySchema,
  skuAnswerSchema,
} from '@shop/api-types';
import type { ContractOperation, ServiceContract } from '@shop/service-kit';
import { z } from 'zod';
import packageJson from '../package.json';
import { brandParam, slugParam } from './products/routes';

const products = z.array(productAnswerSchema);

/** Staff's add, edit, archive and restore of one kind of catalogue entry (products, categories, brands). */
function staffEditing(plural: string, saved: z.ZodType, what: string): ContractOperation[] {
  const base = `/api/admin/${plural}`;
  return [
    { method: 'post', path: `${base}/store`, summary: `Adds a ${what} (a form, multipart).`, answer: saved, statuses: [201] },
    {
      method: 'post',
      path: `${base}/update/{id}`,
      summary: `Changes a ${what} (a form, multipart).`,
      params: idParamSchema,
      answer: saved,
    },
    { method: 'post', path: `${base}/archive/{id}`, summary: `Archives a ${what}.`, params: idParamSchema, answer: messageAnswerSchema },
    {
      method: 'post',
      path: `${base}/restore/{id}`,
      summary: `Restores an archived ${what}.`,
      params: idParamSchema,
      answer: messageAnswerSchema,
    },
  ];
}

/**
 * The catalogue's public contract (GET /api/docs/catalog): the storefront's reads, with the very
 * schemas the routes validate with and the answers the remotes' fixtures are held to; the back
 * office's calls and the routes other services call (/internal, never routed by the gateway) too.
 */
export const CATALOG_CONTRACT: ServiceContract = {
  area: 'catalog',
  title: 'Shwari Shop catalogue',
  version: packageJson.version,
  operations: [
    { method: 'get', path: '/api/site/brands', summary: 'Every brand.', answer: z.array(brandAnswerSchema) },
    { method: 'get', path: '/api/site/categories', summary: 'Every category.', answer: z.array(categoryAnswerSchema) },
    { method: 'get', path: '/api/site/skus', summary: 'Every SKU (packet, bale...).', answer: z.array(skuAnswerSchema) },
    { method: 'get', path: '/api/site/products', summary: 'Every product on sale.', answer: products },
    { method: 'get', path: '/api/site/products/featured', summary: 'The best sellers.', answer: products },
    { method: 'get', path: '/api/site/products/favorites', summary: "The shoppers' favourites.", answer: products },
    {
      method: 'post',
      path: '/api/site/products/search',
      summary: 'Products matching words, Swahili and common misspellings included.',

      body: productSearchBodySchema,
      answer: products,
    },
    {
      method: 'get',
      path: '/api/site/products/filter',
      summary: 'Products of a brand and/or category, sorted.',

      query: productFilterQuerySchema,
      answer: productFilterAnswerSchema,
    },
    {
      method: 'get',
      path: '/api/site/products/filter/{brandSlug}',
      summary: "A brand's products, optionally of one category, sorted.",

      params: brandParam,
      query: productFilterQuerySchema.pick({ category: true, sort: true }),
      answer: productFilterAnswerSchema,
    },
    {
      method: 'get',
      path: '/api/site/products/sort_filter',
      summary: 'Products sorted, optionally of a brand and/or category.',

      query: productSortQuerySchema,
      answer: products,
    },
    {
      method: 'get',
      path: '/api/site/products/view/{slug}',
      summary: 'One product.',

      params: slugParam,
      answer: productAnswerSchema,
    },
    {
      method: 'get',
      path: '/api/site/search',
      summary: "The shop's one search: products, a notice when a limit could not be met.",
      query: productSearchQuerySchema,
      answer: searchAnswerSchema,
    },
    {
      method: 'get',
      path: '/api/site/search/suggest',
      summary: 'Suggestions as the shopper types.',
      query: productSearchQuerySchema,
      answer: searchSuggestAnswerSchema,
    },
    {
      method: 'post',
      path: '/internal/products/lookup',
      summary: 'Products by id, prices in cents (carts are priced with it).',
      body: productLookupBodySchema,
      answer: productLookupAnswerSchema,
    },
    { method: 'get', path: '/internal/catalog/revision', summary: "The catalogue's revision.", answer: catalogRevisionAnswerSchema },
    { method: 'get', path: '/internal/catalog/synonyms', summary: 'Every search synonym.', answer: searchSynonymsAnswerSchema },
    {
      method: 'get',
      path: '/api/admin/products/synonyms',
      summary: 'Search synonyms, optionally matching words.',
      query: adminSearchSynonymListQuerySchema,
      answer: z.array(searchSynonymAnswerSchema),
    },
    {
      method: 'post',
      path: '/api/admin/products/synonyms/store',
      summary: 'Adds a search synonym.',
      body: adminSearchSynonymFormSchema,
      answer: searchSynonymSavedAnswerSchema,
      statuses: [201],
    },
    {
      method: 'post',
      path: '/api/admin/products/synonyms/update/{id}',
      summary: 'Changes a search synonym.',
      params: idParamSchema,
      body: adminSearchSynonymFormSchema,
      answer: searchSynonymSavedAnswerSchema,
    },
    {
      method: 'post',
      path: '/api/admin/products/synonyms/delete/{id}',
      summary: 'Deletes a search synonym.',
      params: idParamSchema,
      answer: messageAnswerSchema,
    },
    {
      method: 'get',
      path: '/api/admin/products',
      summary: 'Every product, drafts and archived ones too.',
      query: adminProductListQuerySchema,
      answer: z.array(adminProductAnswerSchema),
    },
    {
      method: 'get',
      path: '/api/admin/products/view/{id}',
      summary: 'One product with the orders that hold it.',
      params: idParamSchema,
      answer: adminProductDetailAnswerSchema,
    },
    ...staffEditing('products', adminProductSavedAnswerSchema, 'product'),
    {
      method: 'get',
      path: '/api/admin/categories',
      summary: 'Categories with their product counts.',
      answer: z.array(adminCategoryAnswerSchema),
    },
    {
      method: 'get',
      path: '/api/admin/categories/view/{id}',
      summary: 'One category with its products.',
      params: idParamSchema,
      answer: adminCategoryDetailAnswerSchema,
    },
    ...staffEditing('categories', adminCategorySavedAnswerSchema, 'category'),
    { method: 'get', path: '/api/admin/brands', summary: 'Brands with their product counts.', answer: z.array(adminBrandAnswerSchema) },
    {
      method: 'get',
      path: '/api/admin/brands/view/{id}',
      summary: 'One brand with its products.',
      params: idParamSchema,
      answer: adminBrandDetailAnswerSchema,
    },
    ...staffEditing('brands', adminBrandSavedAnswerSchema, 'brand'),
    { method: 'get', path: '/api/admin/audit/catalog', summary: "Staff's catalogue changes, newest first.", answer: auditPageAnswerSchema },
  ],
};
