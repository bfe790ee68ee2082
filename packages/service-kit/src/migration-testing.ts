import type { Knex } from 'knex';
import { dialectOf, migrateLatest, migratorConfig, type Migration } from './database';
import type { TestDatabase } from './testing';

/**
 * Test helpers for migrations: a database migrated one migration at a time, as the releases left
 * it, and its schema as plain data, to compare with a database migrated in one go.
 */

export interface ColumnShape {
  type: string;
  nullable: boolean;
  default: string | null;
  /** SQLite: the column's place in the primary key (0 = none); MySQL: auto_increment and the like. */
  extra: string;
}

export interface IndexShape {
  unique: boolean;
  columns: string[];
}

export interface ForeignKeyShape {
  columns: string[];
  references: string;
  onDelete: string;
}

export interface TableShape {
  columns: Record<string, ColumnShape>;
  indexes: Record<string, IndexShape>;
  foreignKeys: ForeignKeyShape[];
}

export interface TriggerShape {
  table: string;
  /** e.g. 'AFTER INSERT'. */
  event: string;
  /** The trigger's statement with runs of white space made one space. */
  body: string;
}

export interface SchemaShape {
  tables: Record<string, TableShape>;
  triggers: Record<string, TriggerShape>;
}

const oneSpace = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The schema of every table except knex's own migration tables. */
export async function schemaOf(db: Knex): Promise<SchemaShape> {
  return dialectOf(db) === 'mysql' ? mysqlSchema(db) : sqliteSchema(db);
}

async function sqliteSchema(db: Knex): Promise<SchemaShape> {
  const tables: Record<string, TableShape> = {};
  const names: Array<{ name: string }> = await db.raw(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'knex_migrations%' ORDER BY name",
  );
  for (const { name } of names) {
    const columns: Array<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }> = await db.raw(
      `PRAGMA table_info(\`${name}\`)`,
    );
    const indexes: Array<{ name: string; unique: number }> = await db.raw(`PRAGMA index_list(\`${name}\`)`);
    const keys: Array<{ id: number; seq: number; table: string; from: string; to: string; on_delete: string }> = await db.raw(
      `PRAGMA foreign_key_list(\`${name}\`)`,
    );
    const table: TableShape = { columns: {}, indexes: {}, foreignKeys: [] };
    for (const c of columns)
      table.columns[c.name] = {
        type: c.type.toLowerCase(),
        nullable: c.notnull === 0,
        default: c.dflt_value,
        extra: c.pk ? `primary key ${c.pk}` : '',
      };
    for (const index of indexes) {
      const parts: Array<{ seqno: number; name: string }> = await db.raw(`PRAGMA index_info(\`${index.name}\`)`);
      table.indexes[index.name] = { unique: index.unique === 1, columns: [...parts].sort((a, b) => a.seqno - b.seqno).map((p) => p.name) };
    }
    const byId = new Map<number, ForeignKeyShape>();
    for (const key of [...keys].sort((a, b) => a.id - b.id || a.seq - b.seq)) {
      const shape = byId.get(key.id) ?? { columns: [], references: `${key.table}(${key.to})`, onDelete: key.on_delete };
      shape.columns.push(key.from);
      byId.set(key.id, shape);
    }
    table.foreignKeys = sortKeys([...byId.values()]);
    tables[name] = table;
  }
  const triggerRows: Array<{ name: string; tbl_name: string; sql: string }> = await db.raw(
    "SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name",
  );
  const triggers: Record<string, TriggerShape> = {};
  for (const t of triggerRows) {
    const event = /\b(BEFORE|AFTER|INSTEAD OF)\s+(INSERT|UPDATE|DELETE)\b/i.exec(t.sql);
    triggers[t.name] = {
      table: t.tbl_name,
      event: event ? `${event[1]!.toUpperCase()} ${event[2]!.toUpperCase()}` : '',
      body: oneSpace(t.sql),
    };
  }
  return { tables, triggers };
}

async function mysqlSchema(db: Knex): Promise<SchemaShape> {
  const rows = async <T>(sql: string): Promise<T[]> => ((await db.raw(sql)) as [T[]])[0];
  const tables: Record<string, TableShape> = {};
  const tableOf = (name: string): TableShape => (tables[name] ??= { columns: {}, indexes: {}, foreignKeys: [] });
  const names = await rows<{ TABLE_NAME: string }>(
    "SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' AND TABLE_NAME NOT LIKE 'knex\\_migrations%' ORDER BY TABLE_NAME",
  );
  for (const { TABLE_NAME } of names) tableOf(TABLE_NAME);
  const columns = await rows<{
    TABLE_NAME: string;
    COLUMN_NAME: string;
    COLUMN_TYPE: string;
    IS_NULLABLE: string;
    COLUMN_DEFAULT: string | null;
    EXTRA: string;
  }>(
    'SELECT TABLE_NAME, COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE, COLUMN_DEFAULT, EXTRA FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, ORDINAL_POSITION',
  );
  for (const c of columns) {
    if (!tables[c.TABLE_NAME]) continue;
    tableOf(c.TABLE_NAME).columns[c.COLUMN_NAME] = {
      type: c.COLUMN_TYPE.toLowerCase(),
      nullable: c.IS_NULLABLE === 'YES',
      default: c.COLUMN_DEFAULT,
      extra: c.EXTRA.toLowerCase(),
    };
  }
  const parts = await rows<{ TABLE_NAME: string; INDEX_NAME: string; NON_UNIQUE: number | string; COLUMN_NAME: string }>(
    'SELECT TABLE_NAME, INDEX_NAME, NON_UNIQUE, COLUMN_NAME FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX',
  );
  for (const p of parts) {
    if (!tables[p.TABLE_NAME]) continue;
    const indexes = tableOf(p.TABLE_NAME).indexes;
    const index = (indexes[p.INDEX_NAME] ??= { unique: Number(p.NON_UNIQUE) === 0, columns: [] });
    index.columns.push(p.COLUMN_NAME);
  }
  const keyParts = await rows<{
    TABLE_NAME: string;
    CONSTRAINT_NAME: string;
    COLUMN_NAME: string;
    REFERENCED_TABLE_NAME: string;
    REFERENCED_COLUMN_NAME: string;
    DELETE_RULE: string;
  }>(
    'SELECT k.TABLE_NAME, k.CONSTRAINT_NAME, k.COLUMN_NAME, k.REFERENCED_TABLE_NAME, k.REFERENCED_COLUMN_NAME, r.DELETE_RULE FROM information_schema.KEY_COLUMN_USAGE k ' +
      'JOIN information_schema.REFERENTIAL_CONSTRAINTS r ON r.CONSTRAINT_SCHEMA = k.CONSTRAINT_SCHEMA AND r.CONSTRAINT_NAME = k.CONSTRAINT_NAME AND r.TABLE_NAME = k.TABLE_NAME ' +
      'WHERE k.TABLE_SCHEMA = DATABASE() AND k.REFERENCED_TABLE_NAME IS NOT NULL ORDER BY k.TABLE_NAME, k.CONSTRAINT_NAME, k.ORDINAL_POSITION',
  );
  const keys = new Map<string, ForeignKeyShape & { table: string }>();
  for (const k of keyParts) {
    const id = `${k.TABLE_NAME}.${k.CONSTRAINT_NAME}`;
    const shape = keys.get(id) ?? {
      table: k.TABLE_NAME,
      columns: [],
      references: `${k.REFERENCED_TABLE_NAME}(${k.REFERENCED_COLUMN_NAME})`,
      onDelete: k.DELETE_RULE,
    };
    shape.columns.push(k.COLUMN_NAME);
    keys.set(id, shape);
  }
  for (const { table, ...key } of keys.values()) if (tables[table]) tableOf(table).foreignKeys.push(key);
  for (const table of Object.values(tables)) table.foreignKeys = sortKeys(table.foreignKeys);
  const triggerRows = await rows<{
    TRIGGER_NAME: string;
    EVENT_OBJECT_TABLE: string;
    ACTION_TIMING: string;
    EVENT_MANIPULATION: string;
    ACTION_STATEMENT: string;
  }>(
    'SELECT TRIGGER_NAME, EVENT_OBJECT_TABLE, ACTION_TIMING, EVENT_MANIPULATION, ACTION_STATEMENT FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() ORDER BY TRIGGER_NAME',
  );
  const triggers: Record<string, TriggerShape> = {};
  for (const t of triggerRows)
    triggers[t.TRIGGER_NAME] = {
      table: t.EVENT_OBJECT_TABLE,
      event: `${t.ACTION_TIMING} ${t.EVENT_MANIPULATION}`,
      body: oneSpace(t.ACTION_STATEMENT),
    };
  return { tables, triggers };
}

function sortKeys(keys: ForeignKeyShape[]): ForeignKeyShape[] {
  const id = (k: ForeignKeyShape) => `${k.columns.join(',')}>${k.references}`;
  return [...keys].sort((a, b) => id(a).localeCompare(id(b)));
}

/** The migration names a database has recorded as run, in the order they ran. */
export async function recordedMigrations(db: Knex, service: string): Promise<string[]> {
  const rows: Array<{ name: string }> = await db(`knex_migrations_${service}`).orderBy('id').select('name');
  return rows.map((row) => row.name);
}

/**
 * Runs the migrations one at a time (knex's migrate.up, each its own batch), as a database that
 * was migrated by one release after another; `after` runs after each one (to write the rows the
 * service of that release would have written). Answers the names in the order they ran.
 */
export async function migrateOneByOne(
  db: Knex,
  service: string,
  migrations: readonly Migration[],
  after?: (name: string) => Promise<void>,
): Promise<string[]> {
  const ran: string[] = [];
  for (;;) {
    const [, names] = (await db.migrate.up(migratorConfig(service, migrations))) as [number, string[]];
    if (names.length === 0) return ran;
    ran.push(...names);
    for (const name of names) await after?.(name);
  }
}

/** Runs the one migration named (it must not have run yet), as its own batch. */
export async function migrateOne(db: Knex, service: string, migrations: readonly Migration[], name: string): Promise<void> {
  const [, names] = (await db.migrate.up({ ...migratorConfig(service, migrations), name })) as [number, string[]];
  if (names.length !== 1 || names[0] !== name) throw new Error(`migration ${name} did not run (ran: ${names.join(', ') || 'nothing'})`);
}

/** The same test database, handed over already migrated one migration at a time. */
export function migratedOneByOne(
  database: TestDatabase,
  service: string,
  migrations: readonly Migration[],
): TestDatabase & { path: string } {
  return {
    dialect: database.dialect,
    path: 'migrated one by one',
    async create() {
      const created = await database.create();
      await migrateOneByOne(created.db, service, migrations);
      return created;
    },
  };
}

export interface ReleasedMigrations {
  /** The names knex_migrations_<service> records, in the order they run: released names never change. */
  names: readonly string[];
  /** Every table the migrations make, by name in alphabetical order. */
  tables: readonly string[];
}

/**
 * Asserts (with jest's expect) what every service's migrations must keep: on two new databases,
 * one migrated in one go and one a migration at a time (as releases left it), both record the
 * released names in order, end with the same schema, and have the expected tables. The databases
 * are dropped afterwards, whatever the outcome.
 */
export async function expectOneByOneLikeFresh(
  database: TestDatabase,
  service: string,
  migrations: readonly Migration[],
  released: ReleasedMigrations,
): Promise<void> {
  const fresh = await database.create();
  const stepped = await database.create();
  try {
    await migrateLatest(fresh.db, service, migrations);
    expect(await migrateOneByOne(stepped.db, service, migrations)).toEqual(released.names);
    expect(await recordedMigrations(fresh.db, service)).toEqual(released.names);
    const freshSchema = await schemaOf(fresh.db);
    expect(await schemaOf(stepped.db)).toEqual(freshSchema);
    expect(Object.keys(freshSchema.tables).sort()).toEqual(released.tables);
  } finally {
    await fresh.drop();
    await stepped.drop();
  }
}
