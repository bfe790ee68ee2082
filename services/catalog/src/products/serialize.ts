import type { Product } from '@shop/api-types';
import { fromCents, productOffer } from '@shop/money';
import { toIso } from '@shop/service-kit';

/** A products row joined with its brand, category and SKU names. */
export interface ProductRow {
  id: number;
  name: string;
  slug: string;
  image: string;
  unit: string;
  price_cents: number;
  offer_price_cents: number | null;
  min_quantity: number;
  max_quantity: number;
  short_description: string;
  description: string;
  brand_id: number;
  brand_name: string;
  brand_slug: string;
  category_id: number;
  category_name: string;
  category_slug: string;
  sku_id: number;
  sku_name: string;
  created_at: Date | string;
}

/** The public product shape of the spec: prices in KSh, the offer with its percentage label. */
export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    image: row.image,
    unit: row.unit,
    price: fromCents(row.price_cents),
    description: row.description,
    short_description: row.short_description,
    offer: productOffer(row.price_cents, row.offer_price_cents),
    limit: { minimum_quantity: row.min_quantity, maximum_quantity: row.max_quantity },
    brand: { id: row.brand_id, name: row.brand_name, slug: row.brand_slug },
    category: { id: row.category_id, name: row.category_name, slug: row.category_slug },
    sku: { id: row.sku_id, name: row.sku_name },
    created_at: toIso(row.created_at) ?? '',
  };
}
