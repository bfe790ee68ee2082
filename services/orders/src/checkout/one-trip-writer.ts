import knexFactory, { type Knex } from 'knex';
import { dialectOf, envPositiveInteger } from '@shop/service-kit';

/** A statement as knex compiles it for MySQL: SQL with `?` placeholders and its values. */
export interface Statement {
  sql: string;
  bindings: readonly unknown[];
}

export type Rows = Array<Record<string, unknown>>;

/**
 * Sends statements inside the open transaction; `commit` ends it in the same round trip. Answers the
 * last statement's result.
 */
export type Send = (statements: Statement[], options?: { commit?: boolean }) => Promise<unknown>;

interface MysqlConnection {
  query(sql: string, values: readonly unknown[], callback: (error: Error | null, results: unknown) => void): void;
}

/**
 * MySQL only: a transaction whose statements travel in batches, several per round trip, on a small
 * pool of its own whose connections allow multiple statements (the service's main pool does not).
 * Statements are compiled by knex with bound values (the same builders as the knex path), never
 * concatenated from input. The first batch starts the transaction; the last one may commit it;
 * when a statement fails, or the work throws between batches, the transaction is rolled back on
 * that connection before the connection goes back to the pool.
 *
 * The checkout's hot path uses it: an order in one round trip instead of five (BEGIN, three inserts,
 * COMMIT), which costs the service, the database and the network about a quarter as much; and a
 * coupon order holds the coupon's row lock for one round trip instead of the whole transaction.
 */
export class OneTripWriter {
  private constructor(readonly sql: Knex) {}

  /** Null on SQLite, where the knex transaction is used (one writer, no network). */
  static for(db: Knex): OneTripWriter | null {
    if (dialectOf(db) !== 'mysql') return null;
    const config = db.client.config as Knex.Config;
    const connection = { ...(config.connection as Knex.MySqlConnectionConfig), multipleStatements: true };
    return new OneTripWriter(
      knexFactory({ client: 'mysql2', connection, pool: { min: 0, max: envPositiveInteger('DATABASE_POOL_MAX', 10) } }),
    );
  }

  async transaction<T>(work: (send: Send) => Promise<T>): Promise<T> {
    const client = this.sql.client as {
      acquireConnection(): Promise<MysqlConnection>;
      releaseConnection(connection: MysqlConnection): Promise<unknown>;
    };
    const connection = await client.acquireConnection();
    const query = (text: string, values: readonly unknown[]) =>
      new Promise<unknown>((resolve, reject) =>
        connection.query(text, values, (error, results) => (error ? reject(error) : resolve(results))),
      );
    let open = false;
    let committed = false;
    const send: Send = async (statements, { commit = false } = {}) => {
      if (committed) throw new Error('The transaction is already committed.');
      const first = open ? [] : ['START TRANSACTION'];
      const parts = [...first, ...statements.map((statement) => statement.sql), ...(commit ? ['COMMIT'] : [])];
      open = true;
      const results = await query(
        parts.join(';\n'),
        statements.flatMap((statement) => statement.bindings),
      );
      if (commit) committed = true;
      // mysql2 answers one result per statement when there are several, the result itself when
      // there is one: the caller gets the last of its own statements' (not START TRANSACTION's or COMMIT's).
      return parts.length === 1 ? results : (results as unknown[])[first.length + statements.length - 1];
    };
    try {
      const value = await work(send);
      if (open && !committed) await query('COMMIT', []);
      return value;
    } catch (error) {
      if (open && !committed) await query('ROLLBACK', []).catch(() => undefined);
      throw error;
    } finally {
      await client.releaseConnection(connection);
    }
  }

  close(): Promise<void> {
    return this.sql.destroy();
  }
}

/** A MySQL user variable in a statement's values, set by an earlier statement of the batch (`@order_id`). */
export class SqlVariable {
  constructor(readonly name: `@${string}`) {}
}

const quoted = (identifier: string) => `\`${identifier.replace(/`/g, '``')}\``;
/**
 * Statement texts by table, columns and where the variables and defaults stand: a checkout alone
 * has a handful, but a group commit's items name each order's id in place, so their shapes are many:
 * past this many, a text is built and not kept.
 */
const insertTexts = new Map<string, string>();
const INSERT_TEXTS_KEPT = 512;

/**
 * One INSERT of `rows` (every row with the first row's columns), exactly as knex would build it:
 * values bound (`?`), a SqlVariable named in place, `undefined` as DEFAULT. The text is made once per
 * shape and reused, since building it with knex cost the checkout about a tenth of a millisecond
 * of CPU per statement, as much as the rest of pricing an order.
 *
 * `onlyIf`: the rows are written only when that variable, set by an earlier statement of the same
 * batch, is true (`insert … select … where @ok`): how a decision the database takes mid-batch (a
 * coupon's use taken or not) decides what the rest of the batch writes, without a round trip back.
 */
export function insertStatement(table: string, rows: ReadonlyArray<Record<string, unknown>>, onlyIf?: SqlVariable): Statement {
  // Sorted as knex sorts them, so the statement is the very one knex would have built.
  const columns = Object.keys(rows[0] ?? {}).sort();
  const bindings: unknown[] = [];
  let shape = '';
  for (const row of rows) {
    for (const column of columns) {
      const value = row[column];
      if (value instanceof SqlVariable) shape += `${value.name},`;
      else if (value === undefined) {
        // A SELECT has no DEFAULT to give: a guarded row names every value.
        if (onlyIf) throw new Error(`insertStatement: ${table}.${column} has no value in a guarded insert.`);
        shape += 'DEFAULT,';
      } else {
        shape += '?,';
        bindings.push(value);
      }
    }
    shape += ';';
  }
  const key = `${table}(${columns.join(',')})${onlyIf?.name ?? ''}${shape}`;
  let sql = insertTexts.get(key);
  if (sql === undefined) {
    const values = shape
      .slice(0, -1)
      .split(';')
      .map((row) => row.slice(0, -1).split(',').join(', '));
    const head = `insert into ${quoted(table)} (${columns.map(quoted).join(', ')})`;
    sql = onlyIf
      ? `${head} ${values.map((row) => `select ${row} from dual where ${onlyIf.name}`).join(' union all ')}`
      : `${head} values ${values.map((row) => `(${row})`).join(', ')}`;
    if (insertTexts.size < INSERT_TEXTS_KEPT) insertTexts.set(key, sql);
  }
  return { sql, bindings };
}
