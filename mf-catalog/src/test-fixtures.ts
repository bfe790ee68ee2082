/**
 * Test fixtures for the catalogue's screen tests, built from the catalog service's seed data and
 * shaped the way the API serves it (packages/api-types/src/catalog.ts): prices in KSh, the offer
 * with its two-decimal percentage label, brand, category and SKU. Only tests import this file.
 */
import type { Brand, Category, Product, ProductFilterResult } from '@shop/api-types';
import { discountPercent, formatPercent, fromCents } from '@shop/money';
import { brands as seedBrands, categories as seedCategories, products as seedProducts, skus as seedSkus } from '../../services/catalog/src/db/seed/data';

const SEED_DATE = Date.UTC(2026, 0, 15, 8, 0, 0);
const DAY_MS = 24 * 60 * 60 * 1000;

export const BRANDS: Brand[] = seedBrands.map((brand, index) => ({
  id: index + 1,
  name: brand.name,
  slug: brand.slug,
  image: `/media/brands/${brand.slug}.svg`,
  company: brand.company,
  color: brand.color,
}));

export const CATEGORIES: Category[] = seedCategories.map(({ id, name, slug }) => ({ id, name, slug }));

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Fixture: no ${what}`);
  return value;
}

export const PRODUCTS: Product[] = seedProducts.map((seed, index) => {
  const brand = must(
    BRANDS.find((item) => item.slug === seed.brand),
    `brand ${seed.brand}`,
  );
  const category = must(
    CATEGORIES.find((item) => item.slug === seed.category),
    `category ${seed.category}`,
  );
  const sku = must(
    seedSkus.find((item) => item.name === seed.sku),
    `sku ${seed.sku}`,
  );
  const onOffer = seed.offerCents !== null && seed.offerCents < seed.priceCents;
  const percent = onOffer && seed.offerCents !== null ? discountPercent(seed.priceCents, seed.offerCents) : 0;
  return {
    id: index + 1,
    name: seed.name,
    slug: seed.slug,
    image: `/media/products/${seed.slug}.svg`,
    unit: seed.unit,
    price: fromCents(seed.priceCents),
    description: seed.description,
    short_description: seed.shortDescription,
    offer: onOffer && seed.offerCents !== null ? { offer_price: fromCents(seed.offerCents), discount: { name: formatPercent(percent), percent } } : null,
    limit: { minimum_quantity: seed.minQuantity, maximum_quantity: seed.maxQuantity },
    brand: { id: brand.id, name: brand.name, slug: brand.slug },
    category,
    sku: { id: sku.id, name: sku.name },
    created_at: new Date(SEED_DATE - seed.addedDaysAgo * DAY_MS).toISOString(),
  };
});

/** Best sellers (GET /site/products/featured). */
export const FEATURED: Product[] = PRODUCTS.filter((_, index) => seedProducts[index]?.featured);

/** The Favorites carousel (GET /site/products/favorites). */
export const FAVORITES: Product[] = PRODUCTS.filter((_, index) => seedProducts[index]?.favorite);

/** Top Products (GET /site/products/sort_filter?sort=popular): most units sold first. */
export const TOP_PRODUCTS: Product[] = PRODUCTS.map((product, index) => ({ product, popularity: seedProducts[index]?.popularity ?? 0 }))
  .sort((a, b) => b.popularity - a.popularity)
  .map(({ product }) => product);

export function productBySlug(slug: string): Product {
  return must(
    PRODUCTS.find((product) => product.slug === slug),
    `product ${slug}`,
  );
}

export function brandBySlug(slug: string): Brand {
  return must(
    BRANDS.find((brand) => brand.slug === slug),
    `brand ${slug}`,
  );
}

/** What GET /site/products/filter/{brand}[?category=…] answers. */
export function filterResult(brandSlug: string, categorySlug?: string): ProductFilterResult {
  const products = PRODUCTS.filter(
    (product) => (brandSlug === 'all' || product.brand.slug === brandSlug) && (!categorySlug || categorySlug === 'all' || product.category.slug === categorySlug),
  );
  return { products, brand: brandSlug === 'all' ? null : brandBySlug(brandSlug) };
}

/** Effective price a shopper pays (offer price when on offer), for sort checks. */
export const effectivePrice = (product: Product): number => product.offer?.offer_price ?? product.price;

/** Names of the product cards inside an element, in order. */
export function cardNames(container: ParentNode): string[] {
  return Array.from(container.querySelectorAll('[data-testid="product-card"] h3')).map((heading) => heading.textContent ?? '');
}
