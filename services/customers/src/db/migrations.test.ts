import { expectOneByOneLikeFresh } from '@shop/service-kit/migration-testing';
import { testDatabases } from '@shop/service-kit/testing';
import { migrations } from './migrations';

/** The names in knex_migrations_customers of databases migrated before this layout: they never change. */
const RELEASED = ['0001_customers', '0002_login_throttle_delays', '9001_customers_audit_log'];
const TABLES = [
  'access_tokens',
  'accounts',
  'addresses',
  'counties',
  'customers_audit_log',
  'login_attempts',
  'login_known_addresses',
  'password_reset_codes',
  'points_ledger',
  'sub_counties',
];

describe.each(testDatabases('customers-migrations'))('customers migrations on $dialect', (database) => {
  it('keep the names earlier releases recorded, and migrated one at a time end with the schema of a fresh database', async () => {
    await expectOneByOneLikeFresh(database, 'customers', migrations, { names: RELEASED, tables: TABLES });
  }, 60_000);
});
