import { count, type NumericColumn } from '@shop/service-kit';
import { insertStatement, SqlVariable, type OneTripWriter, type Statement } from './one-trip-writer';

/** A new order's rows; the items and first status name the order's id, which only the database knows. */
export interface NewOrderRows {
  order: Record<string, unknown>;
  items: (orderId: SqlVariable) => Array<Record<string, unknown>>;
  firstStatus: (orderId: SqlVariable) => Record<string, unknown>;
  /** The order number whose points hold is removed in the order's commit, when the order redeems points. */
  releaseHold: string | null;
  /**
   * An order with a coupon: the statements that take its use and set the variable they are given
   * (CouponsRepository.takeStatements), and its redemption row. Its rows are written only when
   * the use was taken; when it was not, the order is answered null and nothing of it is written.
   */
  coupon: { take: (taken: `@${string}`) => Statement[]; redemption: (orderId: SqlVariable) => Record<string, unknown> } | null;
}

export interface GroupCommitLimits {
  /** Most orders one transaction takes. */
  batch: number;
  /** Most transactions under way at once; orders arriving meanwhile wait for the next one. */
  inFlight: number;
}

/** The order's id, or null when its coupon could not be used (nothing of it was written). */
export type GroupAnswer = number | null;

interface Waiting {
  rows: NewOrderRows;
  resolve: (id: GroupAnswer) => void;
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
 * An order with a coupon takes its use inside the group's batch (the coupon row locked until the
 * group commits, so two uses of a coupon in one group are taken one after the other, the second
 * seeing the first's redemption), and its rows are written only when the use was taken: a coupon
 * used up refuses only its own order.
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

  /** Writes the order; answers its id once its transaction is committed (null: its coupon could not be used). */
  insert(rows: NewOrderRows): Promise<GroupAnswer> {
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
      group.forEach((entry, i) => entry.resolve(ids[i] ?? null));
    } catch (error) {
      if (group.length === 1) {
        group[0]!.reject(error);
        return;
      }
      await Promise.all(group.map((entry) => this.write([entry.rows]).then(([id]) => entry.resolve(id ?? null), entry.reject)));
    }
  }

  /**
   * One transaction, one round trip: each order (a coupon order's take first, and its own rows
   * written only if taken) and its id, then every other order's items and first statuses in one
   * INSERT each, the holds, the ids.
   */
  private async write(orders: NewOrderRows[]): Promise<GroupAnswer[]> {
    const ids = orders.map((_, i) => new SqlVariable(`@order_id_${i}`));
    const taken = orders.map((rows, i) => (rows.coupon ? new SqlVariable(`@coupon_taken_${i}`) : null));
    const statements: Statement[] = [];
    orders.forEach((rows, i) => {
      const id = ids[i]!;
      const guard = taken[i] ?? undefined;
      if (rows.coupon && guard) statements.push(...rows.coupon.take(guard.name));
      statements.push(insertStatement('orders', [rows.order], guard), { sql: `SET ${id.name} = LAST_INSERT_ID()`, bindings: [] });
      if (rows.coupon && guard)
        statements.push(
          insertStatement('order_items', rows.items(id), guard),
          insertStatement('order_status_history', [rows.firstStatus(id)], guard),
          insertStatement('coupon_redemptions', [rows.coupon.redemption(id)], guard),
        );
    });
    const plain = orders.flatMap((rows, i) => (rows.coupon ? [] : [{ rows, id: ids[i]! }]));
    if (plain.length > 0)
      statements.push(
        insertStatement(
          'order_items',
          plain.flatMap(({ rows, id }) => rows.items(id)),
        ),
        insertStatement(
          'order_status_history',
          plain.map(({ rows, id }) => rows.firstStatus(id)),
        ),
      );
    orders.forEach((rows, i) => {
      if (rows.releaseHold === null) return;
      const guard = taken[i];
      statements.push({
        sql: `delete from \`points_holds\` where \`order_number\` = ?${guard ? ` and ${guard.name}` : ''}`,
        bindings: [rows.releaseHold],
      });
    });
    const answers = ids.map((id, i) => `${id.name} AS id${i}${taken[i] ? `, ${taken[i].name} AS taken${i}` : ''}`);
    statements.push({ sql: `SELECT ${answers.join(', ')}`, bindings: [] });
    const [row] = (await this.writer.transaction((send) => send(statements, { commit: true }))) as Array<Record<string, NumericColumn>>;
    return ids.map((_, i) => (taken[i] && count(row?.[`taken${i}`]) !== 1 ? null : count(row?.[`id${i}`])));
  }
}
