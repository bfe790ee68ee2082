import type { Knex } from 'knex';
import type { Migration } from '@shop/service-kit';

const migration: Migration = {
  name: '0002_back_office',
  /**
   * The back office: the brand id on order lines (the product report filters by it; lines written
   * before this migration have none and match no brand filter), and the indexes the reports and the
   * dashboard read by: paid orders by paid date, lines by category, orders per county.
   */
  async up(db: Knex) {
    await db.schema.alterTable('order_items', (table) => {
      table.integer('brand_id').unsigned().nullable();
      table.index(['category_id'], 'order_items_category_idx');
      table.index(['brand_id'], 'order_items_brand_idx');
    });
    await db.schema.alterTable('orders', (table) => {
      table.index(['is_paid', 'paid_at'], 'orders_paid_idx');
      table.index(['status_id', 'is_paid'], 'orders_status_paid_idx');
    });
  },
  async down(db: Knex) {
    await db.schema.alterTable('orders', (table) => {
      table.dropIndex(['status_id', 'is_paid'], 'orders_status_paid_idx');
      table.dropIndex(['is_paid', 'paid_at'], 'orders_paid_idx');
    });
    await db.schema.alterTable('order_items', (table) => {
      table.dropIndex(['brand_id'], 'order_items_brand_idx');
      table.dropIndex(['category_id'], 'order_items_category_idx');
      table.dropColumn('brand_id');
    });
  },
};

export default migration;
