import type { Knex } from 'knex';
import type { Migration } from '@shop/service-kit';

const migration: Migration = {
  name: '0008_payment_key',
  /**
   * Who may pay, check or cancel an order without signing in: the SHA-256 (hex) of the secret that
   * orders/store answered once. The secret itself is never stored. Orders placed before this have
   * none, so only their signed-in owner can pay them (guest orders of that age expire unpaid).
   *
   * And orders (status_id, is_paid, created_at): the order report filtered by an unpaid status
   * (Pending, Cancelled) lists the newest unpaid orders of that status placed in its range.
   */
  async up(db: Knex) {
    await db.schema.alterTable('orders', (table) => {
      table.string('payment_key_hash', 64).nullable();
      table.index(['status_id', 'is_paid', 'created_at'], 'orders_status_paid_created_idx');
    });
  },
  async down(db: Knex) {
    await db.schema.alterTable('orders', (table) => {
      table.dropIndex(['status_id', 'is_paid', 'created_at'], 'orders_status_paid_created_idx');
      table.dropColumn('payment_key_hash');
    });
  },
};

export default migration;
