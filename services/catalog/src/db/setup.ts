import type { Knex } from 'knex';
import { migrateLatest } from '@shop/service-kit';
import { migrations } from './migrations';
import { seedCatalog } from './seed/seed';

/** Migrate, then seed the catalogue when it is empty (unless CATALOG_SEED=false). */
export async function prepareCatalogDatabase(db: Knex): Promise<{ seeded: boolean }> {
  await migrateLatest(db, 'catalog', migrations);
  const seeded = process.env.CATALOG_SEED === 'false' ? false : await seedCatalog(db);
  return { seeded };
}
