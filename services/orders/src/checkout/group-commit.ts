import { count, type NumericColumn } from '@shop/service-kit';
import { insertStatement, SqlVariable, type OneTripWriter, type Statement } from './one-trip-writer';

/** A new order's rows; the items and first status name the order's id, which only the database knows. */
export interface NewOrderRows {
  order: Record<string, unknown>;
  items: (orderId: SqlVariable) => Array<Record<string, unknown>>;
  firstStatus: (orderId: SqlVariable) => Record<string, unknown>;
  /** The order number whose points hold is removed in the order's commit, when the order redeems points. */
  releaseHold: string | null;
}

export interface GroupCommitLimits {
  /** Most orders one transaction takes. */
  batch: number;
  /** Most transactions under way at once; orders arriving meanwhile wait for the next one. */
  inFlight: number;
}

interface Waiting {
  rows: NewOrderRows;
  resolve: (id: number) => void;
  reject: (error: unknown) => void;
}

/**
 * MySQL only: orders placed at the same moment are written together, in one transaction of one
 * round trip (group commit). An order that arrives while `inFlight` transactions are under way
 * waits for the first of them to end and then goes with every other order that waited, so a quiet
 * shop writes each order at once and a busy one pays the transaction, its commit and the round
 * trip once per handful of orders, with fewer statements (one INSERT of all their items, one of
 * all their first statuses).
 *
 * Each caller still gets its own answer: its own id, or its own error. When a group's transaction
 * fails, nothing of it was written (the writer rolls it back), and each of its orders is tried
 * again alone, so only the order that fails is refused, and a refused order leaves nothing behind.
 * Only orders without a coupon come here: a coupon's use is a decision taken between round trips
 * under the coupon's row lock (see CheckoutService.write).
 */
export class OrderGroupCommit {
  private readonly waiting: Waiting[] = [];
  private underWay = 0;

  constructor(
    private readonly writer: OneTripWriter,
    // One group under way at a time: the orders arriving meanwhile make the next group as large as
    // the moment allows, and each round trip (a write to the database's socket, a sixth of the
    // service's CPU when each order had its own) is paid once for all of them.
    private readonly limits: GroupCommitLimits = { batch: 16, inFlight: 1 },
  ) {}

  /** Writes the order; answers its id once its transaction is committed. */
  insert(rows: NewOrderRows): Promise<number> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ rows, resolve, reject });
      this.startGroups();
    });
  }

  private startGroups(): void {
    while (this.underWay < this.limits.inFlight && this.waiting.length > 0) {
      const group = this.waiting.splice(0, this.limits.batch);
      this.underWay += 1;
      void this.commit(group).finally(() => {
        this.underWay -= 1;
        this.startGroups();
      });
    }
  }

  private async commit(group: Waiting[]): Promise<void> {
    try {
      const ids = await this.write(group.map((entry) => entry.rows));
      group.forEach((entry, i) => entry.resolve(ids[i]!));
    } catch (error) {
      if (group.length === 1) {
        group[0]!.reject(error);
        return;
      }
      await Promise.all(group.map((entry) => this.write([entry.rows]).then(([id]) => entry.resolve(id!), entry.reject)));
    }
  }

  /** One transaction, one round trip: each order and its id, then every item, every first status, the holds, the ids. */
  private async write(orders: NewOrderRows[]): Promise<number[]> {
    const ids = orders.map((_, i) => new SqlVariable(`@order_id_${i}`));
    const statements: Statement[] = [];
    orders.forEach((rows, i) => {
      statements.push(insertStatement('orders', [rows.order]), { sql: `SET ${ids[i]!.name} = LAST_INSERT_ID()`, bindings: [] });
    });
    statements.push(
      insertStatement(
        'order_items',
        orders.flatMap((rows, i) => rows.items(ids[i]!)),
      ),
      insertStatement(
        'order_status_history',
        orders.map((rows, i) => rows.firstStatus(ids[i]!)),
      ),
    );
    const holds = orders.flatMap((rows) => (rows.releaseHold === null ? [] : [rows.releaseHold]));
    if (holds.length > 0)
      statements.push({
        sql: `delete from \`points_holds\` where \`order_number\` in (${holds.map(() => '?').join(', ')})`,
        bindings: holds,
      });
    statements.push({ sql: `SELECT ${ids.map((id, i) => `${id.name} AS id${i}`).join(', ')}`, bindings: [] });
    const [row] = (await this.writer.transaction((send) => send(statements, { commit: true }))) as Array<Record<string, NumericColumn>>;
    return ids.map((_, i) => count(row?.[`id${i}`]));
  }
}
