import { migrateLatest } from '@shop/service-kit';
import { expectOneByOneLikeFresh, migrateOne, recordedMigrations, schemaOf } from '@shop/service-kit/migration-testing';
import { testDatabases } from '@shop/service-kit/testing';
import { migrations } from './migrations';

/** The migrations each release brought, in the order a database kept up to date ran them. */
const RELEASES = [['0001_catalogue', '9001_catalog_audit_log'], ['0002_search_synonyms'], ['0003_catalog_media']];
/** The order knex runs them in on a fresh database. */
const FRESH = ['0001_catalogue', '0002_search_synonyms', '0003_catalog_media', '9001_catalog_audit_log'];
const TABLES = ['brands', 'catalog_audit_log', 'catalog_media', 'categories', 'products', 'search_synonyms', 'skus'];

describe.each(testDatabases('catalog-migrations'))('catalog migrations on $dialect', (database) => {
  it('keep the names earlier releases recorded, and migrated one at a time end with the schema of a fresh database', async () => {
    await expectOneByOneLikeFresh(database, 'catalog', migrations, { names: FRESH, tables: TABLES });
  }, 60_000);

  it('give a database of the first release the search synonyms and the media table, with the schema of a fresh one', async () => {
    const fresh = await database.create();
    const released = await database.create();
    try {
      for (const name of RELEASES[0]!) await migrateOne(released.db, 'catalog', migrations, name);
      await migrateLatest(released.db, 'catalog', migrations);
      await migrateLatest(fresh.db, 'catalog', migrations);
      expect(await recordedMigrations(released.db, 'catalog')).toEqual(RELEASES.flat());
      expect(await schemaOf(released.db)).toEqual(await schemaOf(fresh.db));
      const mchele = await released.db('search_synonyms').where({ phrase: 'mchele' }).first('terms');
      expect(JSON.parse(mchele.terms)).toEqual(['rice']);
      expect(await released.db('search_synonyms').count({ rows: '*' })).toEqual(await fresh.db('search_synonyms').count({ rows: '*' }));
    } finally {
      await fresh.drop();
      await released.drop();
    }
  }, 60_000);
});
