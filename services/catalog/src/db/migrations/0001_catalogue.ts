import type { Knex } from 'knex';
import type { Migration } from '@shop/service-kit';

/** The catalog service's tables. Money is integer cents; archived rows keep order history intact. */
const migration: Migration = {
  name: '0001_catalogue',
  async up(db: Knex) {
    await db.schema.createTable('brands', (table) => {
      table.increments('id');
      table.string('name', 120).notNullable();
      table.string('slug', 120).notNullable().unique();
      table.string('image', 255).notNullable();
      table.string('company', 120).notNullable();
      table.string('color', 7).notNullable();
      table.timestamp('archived_at').nullable();
      table.timestamp('created_at').notNullable().defaultTo(db.fn.now());
    });
    await db.schema.createTable('categories', (table) => {
      table.increments('id');
      table.string('name', 120).notNullable();
      table.string('slug', 120).notNullable().unique();
      table.timestamp('archived_at').nullable();
      table.timestamp('created_at').notNullable().defaultTo(db.fn.now());
    });
    await db.schema.createTable('skus', (table) => {
      table.increments('id');
      table.string('name', 60).notNullable().unique();
    });
    await db.schema.createTable('products', (table) => {
      table.increments('id');
      table.string('name', 200).notNullable();
      table.string('slug', 200).notNullable().unique();
      table.integer('brand_id').unsigned().notNullable().references('brands.id');
      table.integer('category_id').unsigned().notNullable().references('categories.id');
      table.integer('sku_id').unsigned().notNullable().references('skus.id');
      table.string('unit', 60).notNullable();
      table.integer('price_cents').unsigned().notNullable();
      table.integer('offer_price_cents').unsigned().nullable();
      table.integer('min_quantity').unsigned().notNullable().defaultTo(1);
      table.integer('max_quantity').unsigned().notNullable().defaultTo(10);
      table.text('short_description').notNullable();
      table.text('description').notNullable();
      table.string('image', 255).notNullable();
      table.boolean('is_featured').notNullable().defaultTo(false);
      table.boolean('is_favorite').notNullable().defaultTo(false);
      table.integer('popularity').unsigned().notNullable().defaultTo(0);
      /** 'published' or 'draft'; drafts never reach the storefront. */
      table.string('status', 16).notNullable().defaultTo('published');
      table.timestamp('archived_at').nullable();
      table.timestamp('created_at').notNullable().defaultTo(db.fn.now());
      table.timestamp('updated_at').notNullable().defaultTo(db.fn.now());
      table.index(['status', 'archived_at'], 'products_visible_idx');
      table.index(['brand_id']);
      table.index(['category_id']);
    });
  },
  async down(db: Knex) {
    await db.schema.dropTable('products');
    await db.schema.dropTable('skus');
    await db.schema.dropTable('categories');
    await db.schema.dropTable('brands');
  },
};

export default migration;
