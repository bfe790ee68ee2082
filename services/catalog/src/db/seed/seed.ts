import type { Knex } from 'knex';
import { count, sqlTimestamp, type NumericColumn } from '@shop/service-kit';
import { sanitizeRichText } from '../../products/sanitize';
import { brands, categories, products, skus } from './data';

const DAY_MS = 24 * 3600 * 1000;

/** Seeds the catalogue once, in one transaction: a half-seeded shop never stays behind. */
export async function seedCatalog(db: Knex, now = new Date()): Promise<boolean> {
  const existing = await db('brands').count<{ count: NumericColumn }[]>({ count: '*' });
  if (count(existing[0]?.count) > 0) return false;
  await db.transaction(async (trx) => {
    for (const brand of brands) {
      await trx('brands').insert({ ...brand, image: `/media/brands/${brand.slug}.svg`, created_at: sqlTimestamp(now) });
    }
    for (const category of categories) {
      await trx('categories').insert({ ...category, created_at: sqlTimestamp(now) });
    }
    for (const sku of skus) await trx('skus').insert(sku);
    const brandIds = new Map((await trx('brands').select('id', 'slug')).map((row: { id: number; slug: string }) => [row.slug, row.id]));
    const categoryIds = new Map(categories.map((category) => [category.slug, category.id]));
    const skuIds = new Map(skus.map((sku) => [sku.name, sku.id]));
    const rows = products.map((product) => {
      const created = sqlTimestamp(new Date(now.getTime() - product.addedDaysAgo * DAY_MS));
      const lookup = <T>(map: Map<string, T>, key: string, what: string): T => {
        const id = map.get(key);
        if (id === undefined) throw new Error(`Seed product ${product.slug} names unknown ${what} "${key}"`);
        return id;
      };
      return {
        name: product.name,
        slug: product.slug,
        brand_id: lookup(brandIds, product.brand, 'brand'),
        category_id: lookup(categoryIds, product.category, 'category'),
        sku_id: lookup(skuIds, product.sku, 'sku'),
        unit: product.unit,
        price_cents: product.priceCents,
        offer_price_cents: product.offerCents,
        min_quantity: product.minQuantity,
        max_quantity: product.maxQuantity,
        short_description: sanitizeRichText(product.shortDescription),
        description: sanitizeRichText(product.description),
        image: `/media/products/${product.slug}.svg`,
        is_featured: product.featured,
        is_favorite: product.favorite,
        popularity: product.popularity,
        status: 'published',
        created_at: created,
        updated_at: created,
      };
    });
    await trx.batchInsert('products', rows, 50);
  });
  return true;
}
