import type { Knex } from 'knex';
import type { Brand, Category, LookupProduct, Product, ProductSort, Sku } from '@shop/api-types';
import { audit } from '../audit';
import { payablePriceSql } from './payable-price';
import { toProduct, type ProductRow } from './serialize';

export interface ProductQuery {
  brandId?: number;
  categoryId?: number;
  featured?: boolean;
  favorite?: boolean;
  sort?: ProductSort;
  limit?: number;
}

/** Reads of the storefront catalogue: only published, unarchived products of live brands and categories. */
export class CatalogRepository {
  constructor(private readonly db: Knex) {}

  private visibleProducts(): Knex.QueryBuilder {
    return this.db('products as p')
      .join('brands as b', 'b.id', 'p.brand_id')
      .join('categories as c', 'c.id', 'p.category_id')
      .join('skus as s', 's.id', 'p.sku_id')
      .where('p.status', 'published')
      .whereNull('p.archived_at')
      .whereNull('b.archived_at')
      .whereNull('c.archived_at')
      .select(
        'p.id',
        'p.name',
        'p.slug',
        'p.image',
        'p.unit',
        'p.price_cents',
        'p.offer_price_cents',
        'p.min_quantity',
        'p.max_quantity',
        'p.short_description',
        'p.description',
        'p.created_at',
        'p.brand_id',
        'b.name as brand_name',
        'b.slug as brand_slug',
        'p.category_id',
        'c.name as category_name',
        'c.slug as category_slug',
        'p.sku_id',
        's.name as sku_name',
      );
  }

  async products(query: ProductQuery = {}): Promise<Product[]> {
    const builder = this.visibleProducts();
    if (query.brandId !== undefined) builder.where('p.brand_id', query.brandId);
    if (query.categoryId !== undefined) builder.where('p.category_id', query.categoryId);
    if (query.featured) builder.where('p.is_featured', true);
    if (query.favorite) builder.where('p.is_favorite', true);
    const effectivePrice = payablePriceSql(this.db);
    switch (query.sort ?? 'default') {
      case 'price-low-high':
        builder.orderBy(effectivePrice as unknown as string, 'asc').orderBy('p.id', 'asc');
        break;
      case 'price-high-low':
        builder.orderBy(effectivePrice as unknown as string, 'desc').orderBy('p.id', 'asc');
        break;
      case 'newest':
        builder.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc');
        break;
      case 'popular':
        builder.orderBy('p.popularity', 'desc').orderBy('p.id', 'asc');
        break;
      default:
        builder.orderBy('p.id', 'asc');
    }
    if (query.limit) builder.limit(query.limit);
    const rows: ProductRow[] = await builder;
    return rows.map(toProduct);
  }

  /** Buyable products by id, with what an order line snapshots; one query, unknown ids left out. */
  async lookup(ids: number[]): Promise<LookupProduct[]> {
    const rows: LookupProduct[] = await this.db('products as p')
      .join('brands as b', 'b.id', 'p.brand_id')
      .join('categories as c', 'c.id', 'p.category_id')
      .whereIn('p.id', [...new Set(ids)])
      .where('p.status', 'published')
      .whereNull('p.archived_at')
      .whereNull('b.archived_at')
      .whereNull('c.archived_at')
      .orderBy('p.id')
      .select(
        'p.id',
        'p.name',
        'p.slug',
        'p.unit',
        'p.image',
        'p.price_cents',
        'p.offer_price_cents',
        'p.min_quantity',
        'p.max_quantity',
        'p.brand_id',
        'b.name as brand_name',
        'p.category_id',
        'c.name as category_name',
      );
    return rows.map((row) => ({
      ...row,
      id: Number(row.id),
      price_cents: Number(row.price_cents),
      offer_price_cents: row.offer_price_cents === null ? null : Number(row.offer_price_cents),
      min_quantity: Number(row.min_quantity),
      max_quantity: Number(row.max_quantity),
      brand_id: Number(row.brand_id),
      category_id: Number(row.category_id),
    }));
  }

  /**
   * Every staff change to products, brands, categories and search synonyms writes an audit row in its own
   * transaction, so the audit log's row count and newest id change with the catalogue. The count
   * is part of it because a change committed late can carry a lower id than one already seen.
   */
  async revision(): Promise<string> {
    const [row] = (await this.db(audit.table).count({ rows: '*' }).max({ newest: 'id' })) as Array<{
      rows: number | string;
      newest: number | string | null;
    }>;
    return `${Number(row?.rows ?? 0)}:${Number(row?.newest ?? 0)}`;
  }

  async productBySlug(slug: string): Promise<Product | undefined> {
    const row: ProductRow | undefined = await this.visibleProducts().where('p.slug', slug).first();
    return row ? toProduct(row) : undefined;
  }

  async brands(): Promise<Brand[]> {
    return this.db('brands').whereNull('archived_at').orderBy('id').select('id', 'name', 'slug', 'image', 'company', 'color');
  }

  async brandBySlug(slug: string): Promise<Brand | undefined> {
    return this.db('brands').whereNull('archived_at').where({ slug }).first('id', 'name', 'slug', 'image', 'company', 'color');
  }

  async categories(): Promise<Category[]> {
    return this.db('categories').whereNull('archived_at').orderBy('id').select('id', 'name', 'slug');
  }

  async categoryBySlug(slug: string): Promise<Category | undefined> {
    return this.db('categories').whereNull('archived_at').where({ slug }).first('id', 'name', 'slug');
  }

  async skus(): Promise<Sku[]> {
    return this.db('skus').orderBy('id').select('id', 'name');
  }
}
