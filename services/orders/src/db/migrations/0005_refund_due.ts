import type { Knex } from 'knex';
import type { Migration } from '@shop/service-kit';

const migration: Migration = {
  name: '0005_refund_due',
  /**
   * A payment the provider confirmed after its unpaid order was cancelled: the money was taken but
   * the order stays Cancelled and unpaid, so the payment is marked refund due (payments) and the
   * order carries when the first such payment arrived (orders), for staff to refund.
   */
  async up(db: Knex) {
    await db.schema.alterTable('orders', (table) => {
      table.datetime('refund_due_at').nullable();
    });
    await db.schema.alterTable('payments', (table) => {
      table.datetime('refund_due_at').nullable();
    });
  },
  async down(db: Knex) {
    await db.schema.alterTable('payments', (table) => {
      table.dropColumn('refund_due_at');
    });
    await db.schema.alterTable('orders', (table) => {
      table.dropColumn('refund_due_at');
    });
  },
};

export default migration;
