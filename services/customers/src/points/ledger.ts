import type { Knex } from 'knex';
import { ACCOUNT_MESSAGES, type PointsEntry, type PointsHistory } from '@shop/api-types';
import { count, dialectOf, HttpError, notFound, sqlTimestamp, toIso, unprocessable, type NumericColumn } from '@shop/service-kit';
import { isUniqueViolation } from '../db/errors';

type Trx = Knex.Transaction;

/** Ledger reasons of a redemption and of its reversal. */
export const REDEEMED = 'redeemed';
export const REDEEM_REFUND = 'redeem_refund';
/** The reason another service credits a paid order's points with, and the reason of taking them back. */
export const ORDER_PAID = 'order_paid';
export const ORDER_PAID_REVERSED = 'order_paid_reversed';

/** A ledger row: its integer columns are numbers on both databases, only SUM() differs. */
interface LedgerRow {
  id: number;
  account_id: number;
  delta: number;
  balance_after: number;
  reason: string;
  reference: string | null;
  created_at: Date | string;
}

export interface EarnRequest {
  accountId: number;
  points: number;
  reason: string;
  reference: string;
}

export interface EarnResult {
  created: boolean;
  entry: PointsEntry;
  current_balance: number;
}

const toEntry = (row: LedgerRow): PointsEntry => ({
  id: row.id,
  delta: row.delta,
  balance_after: row.balance_after,
  reason: row.reason,
  reference: row.reference,
  created_at: toIso(row.created_at) ?? '',
});

/**
 * Shwari Points as an append-only ledger: the balance is always the sum of the account's rows, and
 * each row also records the balance after it. Every change runs in a transaction that first locks
 * the account (SELECT ... FOR UPDATE on MySQL; SQLite has one writer and the service one
 * connection), then reads the balance, then appends, so concurrent redemptions queue up and the
 * balance can never go below zero.
 */
export class PointsLedger {
  constructor(private readonly db: Knex) {}

  /** The current balance, outside any transaction (for reads). */
  async balance(accountId: number): Promise<number> {
    const [row] = await this.db('points_ledger')
      .where({ account_id: accountId })
      .sum<Array<{ total: NumericColumn | null }>>({ total: 'delta' });
    return count(row?.total);
  }

  async history(accountId: number): Promise<PointsHistory> {
    const rows: LedgerRow[] = await this.db('points_ledger').where({ account_id: accountId }).orderBy('id', 'desc').select('*');
    return { current_balance: await this.balance(accountId), entries: rows.map(toEntry) };
  }

  /**
   * Appends one row inside the caller's transaction. Must be the account's first points statement in
   * that transaction (it takes the lock). Refuses to go below zero.
   */
  async append(trx: Trx, accountId: number, delta: number, reason: string, reference: string | null, now = new Date()): Promise<LedgerRow> {
    if (!(await this.lockAccount(trx, accountId))) throw notFound('Account not found.');
    const balance = await this.lockedBalance(trx, accountId);
    if (balance + delta < 0) throw unprocessable({ points: [ACCOUNT_MESSAGES.notEnoughPoints] });
    const row = { account_id: accountId, delta, balance_after: balance + delta, reason, reference, created_at: sqlTimestamp(now) };
    const [id] = await trx('points_ledger').insert(row);
    // Both drivers answer a one-row insert with the new row's id.
    return { id: id!, ...row };
  }

  /** A customer spends points: a negative row, never more than the balance. */
  async redeem(accountId: number, points: number): Promise<number> {
    const row = await this.db.transaction((trx) => this.append(trx, accountId, -points, REDEEMED, null));
    return row.balance_after;
  }

  /**
   * Another service credits points (e.g. the orders service when an order is paid). Idempotent per
   * (reason, reference): a repeat answers the row already written; a repeat with other values is a
   * conflict. The unique index settles two reports arriving at once.
   */
  async earn(request: EarnRequest): Promise<EarnResult> {
    return this.appendOnce(
      request.accountId,
      request.points,
      request.reason,
      request.reference,
      'These points were already credited with other values for this reference.',
    );
  }

  /**
   * Another service spends points for something it sells (the orders service, reference = order
   * number): a negative row, never below zero, written once per reference however often it is asked.
   */
  async redeemOnce(request: { accountId: number; points: number; reference: string }): Promise<EarnResult> {
    return this.appendOnce(
      request.accountId,
      -request.points,
      REDEEMED,
      request.reference,
      'These points were already redeemed with other values for this reference.',
    );
  }

  /**
   * Gives back the points of a redemption (its order was cancelled or never placed): a positive row
   * of the same size, once per reference. Null when nothing was redeemed for the reference.
   */
  async refundRedemption(request: { accountId: number; reference: string }): Promise<EarnResult | null> {
    const redemption = await this.byReference(this.db, REDEEMED, request.reference);
    if (!redemption) return null;
    if (redemption.account_id !== request.accountId) throw new HttpError(409, 'These points were redeemed by another account.');
    return this.appendOnce(
      request.accountId,
      -redemption.delta,
      REDEEM_REFUND,
      request.reference,
      'These points were already refunded with other values for this reference.',
    );
  }

  /**
   * Takes back the points credited for a reference (its paid order was cancelled): a negative row,
   * once per reference. The balance never goes below zero, so when the customer has already spent
   * some of those points only what is left is taken (the row says how many). Null when nothing was
   * credited for the reference.
   */
  async reverseEarn(request: { accountId: number; reference: string }): Promise<EarnResult | null> {
    const credit = await this.byReference(this.db, ORDER_PAID, request.reference);
    if (!credit) return null;
    if (credit.account_id !== request.accountId) throw new HttpError(409, 'These points were credited to another account.');
    try {
      return await this.db.transaction(async (trx) => {
        if (!(await this.lockAccount(trx, request.accountId))) throw notFound('Account not found.');
        const existing = await this.byReference(trx, ORDER_PAID_REVERSED, request.reference);
        if (existing)
          return { created: false, entry: toEntry(existing), current_balance: await this.lockedBalance(trx, request.accountId) };
        const balance = await this.lockedBalance(trx, request.accountId);
        const row = await this.append(trx, request.accountId, -Math.min(credit.delta, balance), ORDER_PAID_REVERSED, request.reference);
        return { created: true, entry: toEntry(row), current_balance: row.balance_after };
      });
    } catch (error) {
      // Two reversals at once on SQLite's single writer cannot race; on MySQL the unique
      // (reason, reference) index settles it and the loser answers the winner's row.
      if (!isUniqueViolation(error)) throw error;
      const existing = await this.byReference(this.db, ORDER_PAID_REVERSED, request.reference);
      if (!existing) throw error;
      return { created: false, entry: toEntry(existing), current_balance: await this.balance(request.accountId) };
    }
  }

  /** One row per (reason, reference): the first call appends it, repeats answer it. */
  private async appendOnce(accountId: number, delta: number, reason: string, reference: string, conflict: string): Promise<EarnResult> {
    const replay = (existing: LedgerRow, balance: number): EarnResult => {
      if (existing.account_id !== accountId || existing.delta !== delta) throw new HttpError(409, conflict);
      return { created: false, entry: toEntry(existing), current_balance: balance };
    };
    try {
      return await this.db.transaction(async (trx) => {
        if (!(await this.lockAccount(trx, accountId))) throw notFound('Account not found.');
        const existing = await this.byReference(trx, reason, reference);
        if (existing) return replay(existing, await this.lockedBalance(trx, accountId));
        const row = await this.append(trx, accountId, delta, reason, reference);
        return { created: true, entry: toEntry(row), current_balance: row.balance_after };
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const existing = await this.byReference(this.db, reason, reference);
      if (!existing) throw error;
      return replay(existing, await this.balance(existing.account_id));
    }
  }

  private async byReference(db: Knex | Trx, reason: string, reference: string): Promise<LedgerRow | undefined> {
    return db('points_ledger').where({ reason, reference }).first('*');
  }

  private async lockAccount(trx: Trx, accountId: number): Promise<boolean> {
    const query = trx('accounts').where({ id: accountId }).first('id');
    if (dialectOf(this.db) === 'mysql') query.forUpdate();
    return (await query) !== undefined;
  }

  /** The balance read with a locking read on MySQL, so it is the latest committed, not a snapshot. */
  private async lockedBalance(trx: Trx, accountId: number): Promise<number> {
    const query = trx('points_ledger').where({ account_id: accountId }).sum<Array<{ total: NumericColumn | null }>>({ total: 'delta' });
    if (dialectOf(this.db) === 'mysql') query.forUpdate();
    const [row] = await query;
    return count(row?.total);
  }
}
