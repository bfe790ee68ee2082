import type { Knex } from 'knex';
import { hasIndex, type Migration } from '@shop/service-kit';

/**
 * What 0003_report_summaries gained after its release (commits 28f8dbe and bd721c5 edited it in
 * place): the order report's line counts and quantities read (order_id, quantity) without reading
 * the lines themselves, which also serves the foreign key, so the index on order_id alone goes;
 * a filtered report reads only the baskets it needs (or only the others), each over its days.
 *
 * A database migrated with 0003 as released lacks these; one migrated with the edited 0003
 * already has them (the same name was recorded for both). So each step looks first, and the
 * migration is right on both and on a fresh database. The triggers of the edited 0003 were the
 * released ones, statement for statement: nothing to redo there.
 */
const migration: Migration = {
  name: '0007_report_summaries_indexes',
  async up(db: Knex) {
    // The replacement first: MySQL keeps an index on order_id for the foreign key.
    if (!(await hasIndex(db, 'order_items', 'order_items_order_quantity_idx'))) {
      await db.schema.alterTable('order_items', (table) => {
        table.index(['order_id', 'quantity'], 'order_items_order_quantity_idx');
      });
    }
    if (await hasIndex(db, 'order_items', 'order_items_order_idx')) {
      await db.schema.alterTable('order_items', (table) => {
        table.dropIndex(['order_id'], 'order_items_order_idx');
      });
    }
    if (!(await hasIndex(db, 'report_basket_days', 'report_basket_days_basket_idx'))) {
      await db.schema.alterTable('report_basket_days', (table) => {
        table.index(['basket_id', 'day', 'orders'], 'report_basket_days_basket_idx');
      });
    }
  },
  /** Back to 0003 as released. */
  async down(db: Knex) {
    await db.schema.alterTable('report_basket_days', (table) => {
      table.dropIndex(['basket_id', 'day', 'orders'], 'report_basket_days_basket_idx');
    });
    await db.schema.alterTable('order_items', (table) => {
      table.index(['order_id'], 'order_items_order_idx');
    });
    await db.schema.alterTable('order_items', (table) => {
      table.dropIndex(['order_id', 'quantity'], 'order_items_order_quantity_idx');
    });
  },
};

export default migration;
