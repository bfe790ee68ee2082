import {
  brandAnswerSchema,
  categoryAnswerSchema,
  productAnswerSchema,
  productFilterAnswerSchema,
  productFilterQuerySchema,
  productSearchBodySchema,
  productSortQuerySchema,
  skuAnswerSchema,
} from '@shop/api-types';
import type { ServiceContract } from '@shop/service-kit';
import { z } from 'zod';
import packageJson from '../package.json';
import { brandParam, slugParam } from './products/routes';

const products = z.array(productAnswerSchema);

/**
 * The catalogue's public contract (GET /api/docs/catalog): the storefront's reads, with the very
 * schemas the routes validate with and the answers the remotes' fixtures are held to. The staff
 * routes are not described yet.
 */
export const CATALOG_CONTRACT: ServiceContract = {
  area: 'catalog',
  title: 'Shwari Shop catalogue',
  version: packageJson.version,
  operations: [
    { method: 'get', path: '/api/site/brands', summary: 'Every brand.', access: 'public', answer: z.array(brandAnswerSchema) },
    { method: 'get', path: '/api/site/categories', summary: 'Every category.', access: 'public', answer: z.array(categoryAnswerSchema) },
    { method: 'get', path: '/api/site/skus', summary: 'Every SKU (packet, bale...).', access: 'public', answer: z.array(skuAnswerSchema) },
    { method: 'get', path: '/api/site/products', summary: 'Every product on sale.', access: 'public', answer: products },
    { method: 'get', path: '/api/site/products/featured', summary: 'The best sellers.', access: 'public', answer: products },
    { method: 'get', path: '/api/site/products/favorites', summary: "The shoppers' favourites.", access: 'public', answer: products },
    {
      method: 'post',
      path: '/api/site/products/search',
      summary: 'Products matching words, Swahili and common misspellings included.',
      access: 'public',
      body: productSearchBodySchema,
      answer: products,
    },
    {
      method: 'get',
      path: '/api/site/products/filter',
      summary: 'Products of a brand and/or category, sorted.',
      access: 'public',
      query: productFilterQuerySchema,
      answer: productFilterAnswerSchema,
    },
    {
      method: 'get',
      path: '/api/site/products/filter/{brandSlug}',
      summary: "A brand's products, optionally of one category, sorted.",
      access: 'public',
      params: brandParam,
      query: productFilterQuerySchema.pick({ category: true, sort: true }),
      answer: productFilterAnswerSchema,
    },
    {
      method: 'get',
      path: '/api/site/products/sort_filter',
      summary: 'Products sorted, optionally of a brand and/or category.',
      access: 'public',
      query: productSortQuerySchema,
      answer: products,
    },
    {
      method: 'get',
      path: '/api/site/products/view/{slug}',
      summary: 'One product.',
      access: 'public',
      params: slugParam,
      answer: productAnswerSchema,
    },
  ],
};
