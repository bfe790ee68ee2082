import type { Knex } from 'knex';
import { migrateThenSeed } from '@shop/service-kit';
import type { PasswordHasher } from '../accounts/passwords';
import { syncPlaces } from '../places/seed';
import { migrations } from './migrations';
import { seedDemoAccounts } from './seed/demo-accounts';

/**
 * Migrate, write the counties and sub-counties (reference data, always), then the demo accounts
 * when asked (development only, and only on an empty accounts table), under the migrations' lock:
 * two replicas starting on an empty database write them once.
 */
export async function prepareCustomersDatabase(
  db: Knex,
  options: { seedDemoAccounts: boolean; hasher: PasswordHasher },
): Promise<{ seeded: boolean }> {
  const seeded = await migrateThenSeed(db, 'customers', migrations, async () => {
    await syncPlaces(db);
    return options.seedDemoAccounts ? seedDemoAccounts(db, options.hasher) : false;
  });
  return { seeded };
}
