import type { Knex } from 'knex';
import type { Migration } from '@shop/service-kit';

const migration: Migration = {
  name: '0006_refund_made',
  /**
   * Staff marking a refund due as made: each refunded payment keeps when and by whom (id and name,
   * as the audit log does), and the order when its last refund was made; the order's refund_due_at
   * is cleared then, so it holds only what is still owed.
   */
  async up(db: Knex) {
    await db.schema.alterTable('payments', (table) => {
      table.datetime('refunded_at').nullable();
      table.integer('refunded_by_id').nullable();
      table.string('refunded_by_name', 130).nullable();
    });
    await db.schema.alterTable('orders', (table) => {
      table.datetime('refunded_at').nullable();
    });
  },
  async down(db: Knex) {
    await db.schema.alterTable('orders', (table) => {
      table.dropColumn('refunded_at');
    });
    await db.schema.alterTable('payments', (table) => {
      table.dropColumn('refunded_by_name');
      table.dropColumn('refunded_by_id');
      table.dropColumn('refunded_at');
    });
  },
};

export default migration;
