import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';
import { sqlTimestamp, toIso } from '@shop/service-kit';

export const RESET_CODE_TTL_MINUTES = 15;
export const RESET_CODE_MAX_ATTEMPTS = 5;
export const RESET_CODES_PER_HOUR = 3;

interface CodeRow {
  id: number;
  account_id: number;
  code_hash: string;
  expires_at: Date | string;
  attempts: number;
  created_at: Date | string;
}

const hashCode = (accountId: number, code: string): string => createHash('sha256').update(`${accountId}:${code}`).digest('hex');

export const newResetCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * One-time 6-digit codes for a password reset. Only a hash is stored; a code lives 15 minutes,
 * works once, and dies after 5 wrong tries. Only the account's newest live code counts.
 */
export class ResetCodes {
  constructor(private readonly db: Knex) {}

  /** When the codes made since `since` were made, oldest first (for the per-hour limit). */
  async createdSince(accountId: number, since: Date): Promise<Date[]> {
    const rows: Array<Pick<CodeRow, 'created_at'>> = await this.db('password_reset_codes')
      .where({ account_id: accountId })
      .where('created_at', '>', sqlTimestamp(since))
      .orderBy('created_at', 'asc')
      .select('created_at');
    return rows.map((row) => new Date(toIso(row.created_at) ?? 0));
  }

  async create(accountId: number, code: string, now = new Date()): Promise<number> {
    const [id] = await this.db('password_reset_codes').insert({
      account_id: accountId,
      code_hash: hashCode(accountId, code),
      expires_at: sqlTimestamp(new Date(now.getTime() + RESET_CODE_TTL_MINUTES * 60_000)),
      used_at: null,
      attempts: 0,
      created_at: sqlTimestamp(now),
    });
    // Both drivers answer a one-row insert with the new row's id.
    return id!;
  }

  async delete(id: number): Promise<void> {
    await this.db('password_reset_codes').where({ id }).delete();
  }

  /**
   * Checks a code against the newest unused, unexpired code. Each check first takes one of the
   * code's 5 tries with a conditional update, so parallel guesses cannot get more than 5 between them.
   * Answers the code's id when it matches.
   */
  async check(accountId: number, code: string, now = new Date()): Promise<number | null> {
    const row: CodeRow | undefined = await this.db('password_reset_codes')
      .where({ account_id: accountId })
      .whereNull('used_at')
      .where('expires_at', '>', sqlTimestamp(now))
      .orderBy('id', 'desc')
      .first('id', 'account_id', 'code_hash', 'expires_at', 'attempts', 'created_at');
    if (!row) return null;
    const claimed = await this.db('password_reset_codes')
      .where({ id: row.id })
      .whereNull('used_at')
      .where('attempts', '<', RESET_CODE_MAX_ATTEMPTS)
      .increment('attempts', 1);
    if (!claimed) return null;
    const matches = timingSafeEqual(Buffer.from(hashCode(accountId, code), 'hex'), Buffer.from(row.code_hash, 'hex'));
    return matches ? row.id : null;
  }

  /** Marks the code used; false when a parallel request used it first. */
  async markUsed(trx: Knex.Transaction, id: number, now = new Date()): Promise<boolean> {
    return (
      (await trx('password_reset_codes')
        .where({ id })
        .whereNull('used_at')
        .update({ used_at: sqlTimestamp(now) })) > 0
    );
  }
}
