import type { Knex } from 'knex';
import type { Migration } from '@shop/service-kit';

/**
 * The customers service's tables. Times are DATETIME written by the service in UTC
 * ('YYYY-MM-DD HH:MM:SS', see sqlTimestamp), never the database's clock, so SQLite and MySQL
 * compare them the same way and MySQL never applies a session time zone or an auto-update.
 */
const migration: Migration = {
  name: '0001_customers',
  async up(db: Knex) {
    await db.schema.createTable('counties', (table) => {
      /** The official county code (1 Mombasa ... 47 Nairobi). */
      table.integer('id').unsigned().primary();
      table.string('name', 60).notNullable();
    });
    await db.schema.createTable('sub_counties', (table) => {
      /** The IEBC constituency code (1 Changamwe ... 290 Mathare). */
      table.integer('id').unsigned().primary();
      table.integer('county_id').unsigned().notNullable().references('counties.id');
      table.string('name', 60).notNullable();
      table.index(['county_id']);
    });
    await db.schema.createTable('accounts', (table) => {
      table.increments('id');
      table.string('first_name', 60).notNullable();
      table.string('last_name', 60).notNullable();
      /** Always stored lower-cased; the unique index is what settles a double submit. */
      table.string('email', 255).notNullable().unique('accounts_email_unique');
      table.string('phone', 20).nullable();
      table.string('password_hash', 255).notNullable();
      /** 'customer' or 'staff'. */
      table.string('role', 16).notNullable().defaultTo('customer');
      table.string('photo', 255).nullable();
      table.boolean('active').notNullable().defaultTo(true);
      table.datetime('created_at').notNullable();
      table.datetime('updated_at').notNullable();
    });
    await db.schema.createTable('access_tokens', (table) => {
      table.increments('id');
      table.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE');
      /** sha256 hex of the token; the token itself is never stored. */
      table.string('token_hash', 64).notNullable().unique('access_tokens_hash_unique');
      /** 'customer' or 'staff', from the account's role when the token was made. */
      table.string('kind', 16).notNullable();
      table.datetime('expires_at').notNullable();
      table.datetime('revoked_at').nullable();
      table.datetime('created_at').notNullable();
      table.datetime('last_used_at').nullable();
      table.index(['account_id']);
    });
    await db.schema.createTable('points_ledger', (table) => {
      table.increments('id');
      table.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE');
      /** Positive earns, negative redeems; the balance is always the sum. */
      table.integer('delta').notNullable();
      table.integer('balance_after').notNullable();
      table.string('reason', 40).notNullable();
      table.string('reference', 100).nullable();
      table.datetime('created_at').notNullable();
      table.index(['account_id', 'id']);
      /** An order (or any other reference) earns once per reason, however often it is reported. */
      table.unique(['reason', 'reference'], { indexName: 'points_ledger_reason_reference_unique' });
    });
    await db.schema.createTable('addresses', (table) => {
      table.increments('id');
      table.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE');
      table.string('name', 120).notNullable();
      table.string('email', 255).notNullable();
      table.string('phone', 20).notNullable();
      table.string('street_address', 191).notNullable();
      table.string('apartment', 120).nullable();
      table.string('town', 120).notNullable();
      table.integer('county_id').unsigned().notNullable().references('counties.id');
      table.integer('sub_county_id').unsigned().notNullable().references('sub_counties.id');
      table.datetime('created_at').notNullable();
      table.datetime('updated_at').notNullable();
      table.index(['account_id']);
    });
    await db.schema.createTable('password_reset_codes', (table) => {
      table.increments('id');
      table.integer('account_id').unsigned().notNullable().references('accounts.id').onDelete('CASCADE');
      /** sha256 hex of account id and code; the code itself is only in the mail. */
      table.string('code_hash', 64).notNullable();
      table.datetime('expires_at').notNullable();
      table.datetime('used_at').nullable();
      table.integer('attempts').unsigned().notNullable().defaultTo(0);
      table.datetime('created_at').notNullable();
      table.index(['account_id', 'created_at']);
    });
    await db.schema.createTable('login_attempts', (table) => {
      table.increments('id');
      /** sha256 hex of 'email:<address>' or 'ip:<address>': one row per failed login per key. */
      table.string('throttle_key', 64).notNullable();
      table.datetime('created_at').notNullable();
      table.index(['throttle_key', 'created_at']);
      table.index(['created_at']);
    });
  },
  async down(db: Knex) {
    for (const name of [
      'login_attempts',
      'password_reset_codes',
      'addresses',
      'points_ledger',
      'access_tokens',
      'accounts',
      'sub_counties',
      'counties',
    ]) {
      await db.schema.dropTableIfExists(name);
    }
  },
};

export default migration;
