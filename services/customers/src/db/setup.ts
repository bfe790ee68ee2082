import type { Knex } from 'knex';
import { migrateLatest } from '@shop/service-kit';
import type { PasswordHasher } from '../accounts/passwords';
import { syncPlaces } from '../places/seed';
import { migrations } from './migrations';
import { seedDemoAccounts } from './seed/demo-accounts';

/**
 * Migrate, write the counties and sub-counties (reference data, always), then the demo accounts
 * when asked (development only, and only on an empty accounts table).
 */
export async function prepareCustomersDatabase(
  db: Knex,
  options: { seedDemoAccounts: boolean; hasher: PasswordHasher },
): Promise<{ seeded: boolean }> {
  await migrateLatest(db, 'customers', migrations);
  await syncPlaces(db);
  const seeded = options.seedDemoAccounts ? await seedDemoAccounts(db, options.hasher) : false;
  return { seeded };
}
