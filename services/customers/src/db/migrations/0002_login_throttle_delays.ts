import type { Knex } from 'knex';
import type { Migration } from '@shop/service-kit';

/**
 * Login throttling with growing delays instead of a lock (src/sessions/throttle.ts):
 * - login_attempts.account_key (sha256 hex of 'account:<email>') on the rows of one account, so a
 *   password reset can forget that account's failures from every address at once;
 * - login_known_addresses: the account+address pairs that signed in successfully, which the
 *   account-wide and address-wide delays never slow down.
 */
const migration: Migration = {
  name: '0002_login_throttle_delays',
  async up(db: Knex) {
    await db.schema.alterTable('login_attempts', (table) => {
      table.string('account_key', 64).nullable();
      table.index(['account_key'], 'login_attempts_account_key_idx');
    });
    await db.schema.createTable('login_known_addresses', (table) => {
      table.increments('id');
      /** sha256 hex of 'known:<email>|<address>'. */
      table.string('throttle_key', 64).notNullable().unique('login_known_addresses_key_unique');
      table.datetime('last_success_at').notNullable();
      table.index(['last_success_at'], 'login_known_addresses_success_idx');
    });
  },
  async down(db: Knex) {
    await db.schema.dropTable('login_known_addresses');
    await db.schema.alterTable('login_attempts', (table) => {
      table.dropIndex(['account_key'], 'login_attempts_account_key_idx');
      table.dropColumn('account_key');
    });
  },
};

export default migration;
