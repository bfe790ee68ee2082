import { migrateLatest } from '@shop/service-kit';
import { migrateOneByOne, recordedMigrations, schemaOf } from '@shop/service-kit/src/migration-testing';
import { testDatabases } from '@shop/service-kit/src/testing';
import { migrations } from './migrations';

/** The names in knex_migrations_catalog of databases migrated before this layout: they never change. */
const RELEASED = ['0001_catalogue', '9001_catalog_audit_log'];
const TABLES = ['brands', 'catalog_audit_log', 'categories', 'products', 'skus'];

describe.each(testDatabases('catalog-migrations'))('catalog migrations on $dialect', (database) => {
  it('keep the names earlier releases recorded, and migrated one at a time end with the schema of a fresh database', async () => {
    const fresh = await database.create();
    const stepped = await database.create();
    try {
      await migrateLatest(fresh.db, 'catalog', migrations);
      expect(await migrateOneByOne(stepped.db, 'catalog', migrations)).toEqual(RELEASED);
      expect(await recordedMigrations(fresh.db, 'catalog')).toEqual(RELEASED);
      expect(await schemaOf(stepped.db)).toEqual(await schemaOf(fresh.db));
      expect(Object.keys((await schemaOf(fresh.db)).tables).sort()).toEqual(TABLES);
    } finally {
      await fresh.drop();
      await stepped.drop();
    }
  }, 60_000);
});
