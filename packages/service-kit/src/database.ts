import fs from 'node:fs';
import path from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { envPositiveInteger, REPO_ROOT } from './env';

/**
 * One code base, two dialects: SQLite (better-sqlite3) in a file under data/ by default, so a
 * fresh machine needs nothing installed; MySQL/MariaDB when DATABASE_URL=mysql://... is set.
 * In production DATABASE_URL is required: the silent SQLite default would put real orders in a
 * file inside the container. DATABASE_URL=sqlite:<file> still chooses SQLite there on purpose.
 * Each service owns its tables and its own migration table, so services can share one MySQL
 * database (or have one each) without touching each other's schema.
 */
export interface DatabaseOptions {
  service: string;
  /** mysql://user:pass@host:port/db; default from DATABASE_URL. */
  url?: string;
  /** SQLite file; default <SHOP_DATA_DIR or data/>/<service>.sqlite under the repository. */
  sqliteFile?: string;
  /** Where DATABASE_URL, NODE_ENV and SHOP_DATA_DIR are read; process.env unless a test passes its own. */
  env?: NodeJS.ProcessEnv;
}

export type Dialect = 'sqlite' | 'mysql';

export function dialectOf(db: Knex): Dialect {
  return db.client.config.client === 'mysql2' ? 'mysql' : 'sqlite';
}

export function createDatabase(options: DatabaseOptions): Knex {
  const env = options.env ?? process.env;
  const url = options.url ?? env.DATABASE_URL;
  if (!url && options.sqliteFile === undefined && env.NODE_ENV === 'production') {
    throw new Error(
      `DATABASE_URL must be set in production: the ${options.service} service keeps its data there (mysql://user:password@host:3306/database, or sqlite:<file> to choose SQLite on purpose).`,
    );
  }
  if (url && /^mysql2?:\/\//.test(url)) {
    return knexFactory({
      client: 'mysql2',
      connection: {
        uri: url.replace(/^mysql2:/, 'mysql:'),
        timezone: 'Z',
        dateStrings: false,
        supportBigNumbers: true,
        bigNumberStrings: false,
      } as Knex.MySqlConnectionConfig & { uri: string },
      pool: { min: 0, max: envPositiveInteger('DATABASE_POOL_MAX', 10, env) },
    });
  }
  if (url && !url.startsWith('sqlite:')) throw new Error(`DATABASE_URL must start with mysql:// or sqlite:, got "${url.split(':')[0]}:"`);
  const filename = url?.startsWith('sqlite:')
    ? url.slice('sqlite:'.length)
    : (options.sqliteFile ?? path.join(env.SHOP_DATA_DIR || path.join(REPO_ROOT, 'data'), `${options.service}.sqlite`));
  if (filename !== ':memory:') fs.mkdirSync(path.dirname(filename), { recursive: true });
  return knexFactory({
    client: 'better-sqlite3',
    connection: { filename },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate: (connection: { pragma(sql: string): unknown }, done: (error: Error | null, connection: unknown) => void) => {
        connection.pragma('journal_mode = WAL');
        connection.pragma('foreign_keys = ON');
        connection.pragma('busy_timeout = 5000');
        done(null, connection);
      },
    },
  });
}

/**
 * One schema change. A migration is released with the service and never edited afterwards: the
 * databases it already ran on would never see the edit. It carries its own SQL and table
 * definitions (no calls into the service's live code, which keeps changing); a later change is a
 * new migration. `name` is the key recorded in knex_migrations_<service>: it never changes either.
 */
export interface Migration {
  name: string;
  up(db: Knex): Promise<void>;
  down(db: Knex): Promise<void>;
}

/**
 * Knex's migrator settings for a service: its own migration table and the migrations as plain
 * imported modules (no directory scanning, so they work under tsx, jest and bundlers alike), run
 * in the order listed.
 */
export function migratorConfig(service: string, migrations: readonly Migration[]): Knex.MigratorConfig {
  const names = new Set<string>();
  for (const { name } of migrations) {
    if (names.has(name)) throw new Error(`The ${service} service lists migration ${name} twice`);
    names.add(name);
  }
  return {
    tableName: `knex_migrations_${service}`,
    migrationSource: {
      getMigrations: async () => [...migrations],
      getMigrationName: (migration: Migration) => migration.name,
      getMigration: async (migration: Migration) => ({ up: migration.up, down: migration.down }),
    },
  };
}

/**
 * Brings the service's schema up to date; safe when several replicas of a service start at once on
 * one database. Knex's own lock (the knex_migrations_<service>_lock table) is not enough there: the
 * replicas race to create the migration tables (one fails with "already exists", or two lock rows
 * are left behind and every later start is refused), and a replica that finds the lock taken fails
 * at once instead of waiting. So on MySQL the replicas first take turns on a named lock of the
 * database server (GET_LOCK, held by one connection and dropped by the server if that replica dies):
 * the first migrates, the others wait, then find nothing left to run. Knex's lock is still taken
 * inside; one found taken while this replica holds the named lock was left by a replica that died
 * mid-migration (every migration of the service takes the named lock first), and is freed.
 * On SQLite (one process per file) a taken knex lock is waited for, up to `lockWaitMs`.
 */
export async function migrateLatest(
  db: Knex,
  service: string,
  migrations: readonly Migration[],
  options: { lockWaitMs?: number } = {},
): Promise<void> {
  await migrateThenSeed(db, service, migrations, async () => undefined, options);
}

/**
 * migrateLatest, then `seed` while the replicas still take turns: a seed that writes only into an
 * empty table ("no products yet, so write the demo catalogue") would otherwise run in two replicas
 * started at once, both finding the table empty, and write everything twice. On MySQL the seed
 * runs holding the same named lock as the migrations, so the second replica finds the first's rows;
 * on SQLite (one process per file) it simply runs after them.
 */
export async function migrateThenSeed<T>(
  db: Knex,
  service: string,
  migrations: readonly Migration[],
  seed: () => Promise<T>,
  options: { lockWaitMs?: number } = {},
): Promise<T> {
  const config = migratorConfig(service, migrations);
  const lockWaitMs = options.lockWaitMs ?? 120_000;
  if (dialectOf(db) !== 'mysql') {
    await latestWaitingForKnexLock(db, config, lockWaitMs);
    return seed();
  }
  return withServerLock(db, `${config.tableName}`, lockWaitMs, async () => {
    if (await db.schema.hasTable(`${config.tableName}_lock`)) await db(`${config.tableName}_lock`).update({ is_locked: 0 });
    await db.migrate.latest(config);
    return seed();
  });
}

/** Runs `work` holding a MySQL named lock (per database and name), waiting up to `waitMs` for it. */
async function withServerLock<T>(db: Knex, name: string, waitMs: number, work: () => Promise<T>): Promise<T> {
  // Named locks are server-wide and at most 64 characters: the database's name keeps two shops on
  // one server apart, the hash keeps it short.
  const lockName = db.raw('SHA1(CONCAT(DATABASE(), ?))', [`/${name}`]);
  // The lock belongs to one connection: it is held on one taken from the pool for the whole run.
  const connection: unknown = await db.client.acquireConnection();
  try {
    const [rows] = (await db.raw('SELECT GET_LOCK(?, ?) AS got', [lockName, Math.ceil(waitMs / 1000)]).connection(connection)) as [
      Array<{ got: number | null }>,
    ];
    if (rows[0]?.got !== 1)
      throw new Error(
        `Another replica has been migrating ${name} for ${Math.ceil(waitMs / 1000)} s; not starting on a schema it is changing.`,
      );
    try {
      return await work();
    } finally {
      await db.raw('SELECT RELEASE_LOCK(?)', [lockName]).connection(connection);
    }
  } finally {
    await db.client.releaseConnection(connection);
  }
}

/** knex's migrate.latest, waiting while another run holds knex's lock (knex fails at once). */
async function latestWaitingForKnexLock(db: Knex, config: Knex.MigratorConfig, waitMs: number): Promise<void> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      await db.migrate.latest(config);
      return;
    } catch (error) {
      const locked = error instanceof Error && (error.name === 'MigrationLocked' || /already locked/.test(error.message));
      if (!locked || Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Whether `table` has an index named `index`: for a migration that must also be right where an earlier one already made it. */
export async function hasIndex(db: Knex, table: string, index: string): Promise<boolean> {
  if (dialectOf(db) === 'mysql') {
    const [rows] = (await db.raw(
      'SELECT 1 FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND INDEX_NAME = ? LIMIT 1',
      [table, index],
    )) as [unknown[]];
    return rows.length > 0;
  }
  const rows = (await db.raw("SELECT 1 FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND name = ?", [
    table,
    index,
  ])) as unknown[];
  return rows.length > 0;
}
