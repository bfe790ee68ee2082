import type { Knex } from 'knex';
import { migrateThenSeed } from '@shop/service-kit';
import { migrations } from './migrations';
import { seedCatalog } from './seed/seed';

/**
 * Migrate, then seed the catalogue when it is empty (unless CATALOG_SEED=false), under the
 * migrations' lock: two replicas starting on an empty database seed it once.
 */
export async function prepareCatalogDatabase(db: Knex): Promise<{ seeded: boolean }> {
  const seeded = await migrateThenSeed(db, 'catalog', migrations, async () =>
    process.env.CATALOG_SEED === 'false' ? false : seedCatalog(db),
  );
  return { seeded };
}
