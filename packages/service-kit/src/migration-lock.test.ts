import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { createDatabase, migrateLatest, migrateThenSeed, type Migration } from './database';

/**
 * Two replicas of a service started at once on a new database (compose starts both together):
 * each migration must run exactly once, and both replicas must start. Knex alone lets the second
 * fail ("Migration table is already locked") or even leave two lock rows behind, which locks every
 * later start out; migrateLatest waits its turn instead (see database.ts).
 */
const mysqlUrl = process.env.MYSQL_URL;
const describeOnMysql = mysqlUrl ? describe : describe.skip;
if (!mysqlUrl) console.warn('migration-lock.test.ts: MYSQL_URL is not set, so the two-replica migration test is skipped (CI sets it).');

/** Migrations that record each run and take a moment, so the two replicas overlap. */
function countingMigrations(): Migration[] {
  const pause = () => new Promise((resolve) => setTimeout(resolve, 150));
  return [
    {
      name: '0001_runs',
      async up(db) {
        await db.schema.createTable('migration_runs', (table) => {
          table.increments('id');
          table.string('migration', 64).notNullable();
        });
        await pause();
        await db('migration_runs').insert({ migration: '0001_runs' });
      },
      down: async (db) => db.schema.dropTable('migration_runs'),
    },
    ...['0002_second', '0003_third'].map((name): Migration => ({
      name,
      async up(db) {
        await db.schema.createTable(`table_${name}`, (table) => table.increments('id'));
        await pause();
        await db('migration_runs').insert({ migration: name });
      },
      down: async (db) => db.schema.dropTable(`table_${name}`),
    })),
  ];
}

describeOnMysql('two replicas migrating one new MySQL database at once', () => {
  let admin: Knex;
  const created: string[] = [];
  beforeAll(() => {
    admin = knexFactory({ client: 'mysql2', connection: { uri: mysqlUrl } as Knex.MySqlConnectionConfig & { uri: string } });
  });
  afterAll(async () => {
    for (const name of created) await admin.raw(`DROP DATABASE IF EXISTS \`${name}\``);
    await admin.destroy();
  });

  const newDatabaseUrl = async (): Promise<string> => {
    const name = `shop_test_migration_lock_${randomBytes(4).toString('hex')}`;
    await admin.raw(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    created.push(name);
    const url = new URL(mysqlUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  };

  it.each([2, 3])('runs each migration once with %i replicas, and every replica finishes', async (replicas) => {
    const url = await newDatabaseUrl();
    const migrations = countingMigrations();
    const databases = Array.from({ length: replicas }, () => createDatabase({ service: 'lockprobe', url }));
    try {
      const outcomes = await Promise.allSettled(databases.map((db) => migrateLatest(db, 'lockprobe', migrations)));
      expect(outcomes.map((outcome) => (outcome.status === 'rejected' ? String(outcome.reason) : 'finished'))).toEqual(
        databases.map(() => 'finished'),
      );
      const db = databases[0]!;
      const runs = (await db('migration_runs').orderBy('id').pluck('migration')) as string[];
      expect(runs).toEqual(['0001_runs', '0002_second', '0003_third']);
      expect(await db('knex_migrations_lockprobe').orderBy('id').pluck('name')).toEqual(['0001_runs', '0002_second', '0003_third']);
      // One lock row, free again: the next start (a restart, a third replica) migrates as usual.
      expect(await db('knex_migrations_lockprobe_lock').select('is_locked')).toEqual([{ is_locked: 0 }]);
      await expect(migrateLatest(db, 'lockprobe', migrations)).resolves.toBeUndefined();
      // A replica killed mid-migration leaves knex's lock taken; the next start is not locked out.
      await db('knex_migrations_lockprobe_lock').update({ is_locked: 1 });
      await expect(migrateLatest(db, 'lockprobe', migrations)).resolves.toBeUndefined();
      expect(await db('migration_runs').count({ runs: '*' })).toEqual([{ runs: 3 }]);
    } finally {
      await Promise.all(databases.map((db) => db.destroy()));
    }
  });

  it.each([2, 3])('seeds an empty table once with %i replicas starting at once', async (replicas) => {
    const url = await newDatabaseUrl();
    const migrations = countingMigrations();
    const databases = Array.from({ length: replicas }, () => createDatabase({ service: 'lockprobe', url }));
    // As the services' seeds do: write the demo rows only when the table is still empty. The pause
    // between looking and writing is where two replicas outside the lock would both find it empty.
    const seedWhenEmpty = (db: Knex) => async (): Promise<boolean> => {
      const [{ rows }] = (await db('migration_runs').where({ migration: 'seed' }).count({ rows: '*' })) as [{ rows: number }];
      if (Number(rows) > 0) return false;
      await new Promise((resolve) => setTimeout(resolve, 150));
      await db('migration_runs').insert({ migration: 'seed' });
      return true;
    };
    try {
      const seeded = await Promise.all(databases.map((db) => migrateThenSeed(db, 'lockprobe', migrations, seedWhenEmpty(db))));
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const db = databases[0]!;
      expect(await db('migration_runs').orderBy('id').pluck('migration')).toEqual(['0001_runs', '0002_second', '0003_third', 'seed']);
      // The lock is free again: a later start finds the rows and seeds nothing.
      await expect(migrateThenSeed(db, 'lockprobe', migrations, seedWhenEmpty(db))).resolves.toBe(false);
    } finally {
      await Promise.all(databases.map((db) => db.destroy()));
    }
  });
});
