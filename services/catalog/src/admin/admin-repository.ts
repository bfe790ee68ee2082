import type { Knex } from 'knex';
import type { AdminBrand, AdminCategory, AdminProduct, AdminProductForm, AdminProductSort } from '@shop/api-types';
import { fromCents, productOffer } from '@shop/money';
import { sqlTimestamp, toIso } from '@shop/service-kit';
import { payablePriceSql } from '../products/payable-price';
import { sanitizeRichText } from '../products/sanitize';
import { uniqueSlug } from './slug';

interface AdminProductRow {
  id: number;
  name: string;
  slug: string;
  brand_id: number;
  brand_name: string;
  category_id: number;
  category_name: string;
  sku_id: number;
  sku_name: string;
  unit: string;
  price_cents: number;
  offer_price_cents: number | null;
  min_quantity: number;
  max_quantity: number;
  short_description: string;
  description: string;
  image: string;
  status: 'published' | 'draft';
  is_featured: number | boolean;
  archived_at: Date | string | null;
  created_at: Date | string;
}

export function toAdminProduct(row: AdminProductRow): AdminProduct {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    brand_id: row.brand_id,
    category_id: row.category_id,
    sku_id: row.sku_id,
    unit: row.unit,
    price: fromCents(row.price_cents),
    offer: productOffer(row.price_cents, row.offer_price_cents),
    minimum_quantity: row.min_quantity,
    maximum_quantity: row.max_quantity,
    short_description: row.short_description,
    description: row.description,
    image: row.image,
    status: row.status,
    is_featured: Boolean(row.is_featured),
    archived_at: toIso(row.archived_at),
    brand: { id: row.brand_id, name: row.brand_name },
    category: { id: row.category_id, name: row.category_name },
    sku: { id: row.sku_id, name: row.sku_name },
    created_at: toIso(row.created_at) ?? '',
  };
}

export interface AdminProductFilter {
  q?: string;
  brandId?: number;
  categoryId?: number;
  sort?: AdminProductSort;
  includeArchived?: boolean;
}

/** The back office's view of the catalogue: drafts and archived rows too, and every write. */
export class AdminCatalogRepository {
  constructor(private readonly db: Knex) {}

  private products(db: Knex | Knex.Transaction = this.db): Knex.QueryBuilder {
    return db('products as p')
      .join('brands as b', 'b.id', 'p.brand_id')
      .join('categories as c', 'c.id', 'p.category_id')
      .join('skus as s', 's.id', 'p.sku_id')
      .select(
        'p.id',
        'p.name',
        'p.slug',
        'p.brand_id',
        'b.name as brand_name',
        'p.category_id',
        'c.name as category_name',
        'p.sku_id',
        's.name as sku_name',
        'p.unit',
        'p.price_cents',
        'p.offer_price_cents',
        'p.min_quantity',
        'p.max_quantity',
        'p.short_description',
        'p.description',
        'p.image',
        'p.status',
        'p.is_featured',
        'p.archived_at',
        'p.created_at',
      );
  }

  async list(filter: AdminProductFilter = {}): Promise<AdminProduct[]> {
    const query = this.products();
    if (!filter.includeArchived) query.whereNull('p.archived_at');
    if (filter.brandId) query.where('p.brand_id', filter.brandId);
    if (filter.categoryId) query.where('p.category_id', filter.categoryId);
    if (filter.q) query.whereRaw("lower(p.name) like ? escape '!'", [`%${filter.q.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`]);
    const effective = payablePriceSql(this.db) as unknown as string;
    switch (filter.sort ?? 'default') {
      case 'price-low-high':
        query.orderBy(effective, 'asc');
        break;
      case 'price-high-low':
        query.orderBy(effective, 'desc');
        break;
      case 'newest':
      case 'default':
        // Staff look for what they just added: newest first, so it is on the first page.
        query.orderBy('p.created_at', 'desc');
        break;
      case 'most-popular':
        query.orderBy('p.popularity', 'desc');
        break;
      case 'top-rated':
        // The shop has no ratings: staff's own picks (featured) first, then what sells.
        query.orderBy('p.is_featured', 'desc').orderBy('p.popularity', 'desc');
        break;
    }
    // A unique last key gives one total order, so the table's pages neither repeat nor skip a row;
    // descending, so products added within the same second still show the latest first.
    query.orderBy('p.id', 'desc');
    return (await query).map(toAdminProduct);
  }

  async byId(id: number, db: Knex | Knex.Transaction = this.db): Promise<AdminProduct | undefined> {
    const row: AdminProductRow | undefined = await this.products(db).where('p.id', id).first();
    return row ? toAdminProduct(row) : undefined;
  }

  /** Which of the form's brand, category and SKU do not exist (or are archived): field → message. */
  async missingReferences(form: Pick<AdminProductForm, 'brand_id' | 'category_id' | 'sku_id'>): Promise<Record<string, string[]>> {
    const errors: Record<string, string[]> = {};
    if (!(await this.db('brands').where({ id: form.brand_id }).whereNull('archived_at').first('id')))
      errors.brand_id = ['The selected brand is invalid.'];
    if (!(await this.db('categories').where({ id: form.category_id }).whereNull('archived_at').first('id')))
      errors.category_id = ['The selected category is invalid.'];
    if (!(await this.db('skus').where({ id: form.sku_id }).first('id'))) errors.sku_id = ['The selected sku is invalid.'];
    return errors;
  }

  private columns(form: AdminProductForm) {
    return {
      name: form.name,
      brand_id: form.brand_id,
      category_id: form.category_id,
      sku_id: form.sku_id,
      unit: form.unit,
      price_cents: form.price,
      offer_price_cents: form.offer_price ?? null,
      min_quantity: form.minimum_quantity,
      max_quantity: form.maximum_quantity,
      short_description: sanitizeRichText(form.short_description),
      description: sanitizeRichText(form.description),
      status: form.status,
      is_featured: form.is_featured ?? false,
      updated_at: sqlTimestamp(),
    };
  }

  async create(trx: Knex.Transaction, form: AdminProductForm, image: string): Promise<number> {
    const slug = await uniqueSlug(trx, 'products', form.name);
    const now = sqlTimestamp();
    // Both drivers answer an insert with [last insert id].
    const [id] = await trx('products').insert({ ...this.columns(form), slug, image, created_at: now });
    return Number(id);
  }

  async update(trx: Knex.Transaction, id: number, form: AdminProductForm, image: string | null): Promise<void> {
    const slug = await uniqueSlug(trx, 'products', form.name, id);
    await trx('products')
      .where({ id })
      .update({ ...this.columns(form), slug, ...(image ? { image } : {}) });
  }

  async setArchived(trx: Knex.Transaction, table: 'products' | 'categories' | 'brands', id: number, archived: boolean): Promise<boolean> {
    const changed = await trx(table)
      .where({ id })
      .update({ archived_at: archived ? sqlTimestamp() : null });
    return changed > 0;
  }

  async categories(includeArchived = false): Promise<AdminCategory[]> {
    const query = this.db('categories as c')
      .leftJoin('products as p', (join) => join.on('p.category_id', 'c.id').andOnNull('p.archived_at'))
      .groupBy('c.id', 'c.name', 'c.slug', 'c.archived_at')
      .orderBy('c.id')
      .select('c.id', 'c.name', 'c.slug', 'c.archived_at')
      .count({ products_count: 'p.id' });
    if (!includeArchived) query.whereNull('c.archived_at');
    const rows = (await query) as unknown as Array<{
      id: number;
      name: string;
      slug: string;
      archived_at: Date | string | null;
      products_count: number | string;
    }>;
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      products_count: Number(row.products_count),
      archived_at: toIso(row.archived_at),
    }));
  }

  async brands(includeArchived = false): Promise<AdminBrand[]> {
    const query = this.db('brands as b')
      .leftJoin('products as p', (join) => join.on('p.brand_id', 'b.id').andOnNull('p.archived_at'))
      .groupBy('b.id', 'b.name', 'b.slug', 'b.image', 'b.company', 'b.color', 'b.archived_at')
      .orderBy('b.id')
      .select('b.id', 'b.name', 'b.slug', 'b.image', 'b.company', 'b.color', 'b.archived_at')
      .count({ products_count: 'p.id' });
    if (!includeArchived) query.whereNull('b.archived_at');
    const rows = (await query) as unknown as Array<
      Omit<AdminBrand, 'products_count' | 'archived_at'> & { archived_at: Date | string | null; products_count: number | string }
    >;
    return rows.map((row) => ({ ...row, products_count: Number(row.products_count), archived_at: toIso(row.archived_at) }));
  }

  async saveCategory(trx: Knex.Transaction, name: string, id?: number): Promise<number> {
    const slug = await uniqueSlug(trx, 'categories', name, id);
    if (id) {
      await trx('categories').where({ id }).update({ name, slug });
      return id;
    }
    const [created] = await trx('categories').insert({ name, slug, created_at: sqlTimestamp() });
    return Number(created);
  }

  async saveBrand(trx: Knex.Transaction, form: { name: string; company: string; color: string }, id?: number): Promise<number> {
    const slug = await uniqueSlug(trx, 'brands', form.name, id);
    if (id) {
      await trx('brands')
        .where({ id })
        .update({ ...form, slug });
      return id;
    }
    const [created] = await trx('brands').insert({ ...form, slug, image: '/media/brands/generic.svg', created_at: sqlTimestamp() });
    return Number(created);
  }
}
