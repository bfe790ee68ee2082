import type { Knex } from 'knex';
import { migrateLatest } from '@shop/service-kit';
import { migrateOne } from '@shop/service-kit/migration-testing';
import type { TestDatabase } from '@shop/service-kit/testing';
import { migrations } from '../db/migrations';

/**
 * The migrations each release of the orders service brought, in the order a database that was
 * kept up to date ran them (the audit log's 9001 ran with the first release, before 0003). The
 * commit is the one that released them.
 */
export const RELEASES: ReadonlyArray<{ commit: string; migrations: readonly string[] }> = [
  { commit: 'd43b0e0', migrations: ['0001_orders', '0002_back_office', '9001_orders_audit_log'] },
  { commit: '9472164', migrations: ['0003_report_summaries'] },
  { commit: '28f8dbe', migrations: ['0004_points_reversal'] },
  { commit: '747bee7', migrations: ['0005_refund_due'] },
  { commit: '98c0753', migrations: ['0006_refund_made'] },
  { commit: '29331f5', migrations: ['0007_report_summaries_indexes'] },
  { commit: 'this one', migrations: ['0008_payment_key', '0009_coupon_redemption_identities', '202611271400_report_basket_months'] },
];

/**
 * Migrates the database one migration at a time in the order of the releases, calling `after`
 * after each one (to write what the service of that release wrote), then whatever is left.
 */
export async function migrateAsReleased(db: Knex, after?: (name: string) => Promise<void>): Promise<void> {
  for (const release of RELEASES) {
    for (const name of release.migrations) {
      await migrateOne(db, 'orders', migrations, name);
      await after?.(name);
    }
  }
  await migrateLatest(db, 'orders', migrations);
}

/** The same test database, handed over migrated one release after another. */
export function migratedAsReleased(database: TestDatabase): TestDatabase & { path: string } {
  return {
    dialect: database.dialect,
    path: 'migrated release by release',
    async create() {
      const created = await database.create();
      await migrateAsReleased(created.db);
      return created;
    },
  };
}
