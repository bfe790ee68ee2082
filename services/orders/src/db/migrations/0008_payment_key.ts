import type { Knex } from 'knex';
import type { Migration } from '@shop/service-kit';

const migration: Migration = {
  name: '0008_payment_key',
  /**
   * Who may pay, check or cancel an order without signing in: the SHA-256 (hex) of the secret that
   * orders/store answered once. The secret itself is never stored. Orders placed before this have
   * none, so only their signed-in owner can pay them (guest orders of that age expire unpaid).
   */
  async up(db: Knex) {
    await db.schema.alterTable('orders', (table) => {
      table.string('payment_key_hash', 64).nullable();
    });
  },
  async down(db: Knex) {
    await db.schema.alterTable('orders', (table) => {
      table.dropColumn('payment_key_hash');
    });
  },
};

export default migration;
