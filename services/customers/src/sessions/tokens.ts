import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { AccountRole } from '@shop/api-types';
import { sqlTimestamp, toIso, type AuthContext } from '@shop/service-kit';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** last_used_at is refreshed at most once a minute per token, not on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

interface TokenRow {
  id: number;
  account_id: number;
  kind: AccountRole;
  expires_at: Date | string;
  last_used_at: Date | string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
}

/** Login tokens: 32 random bytes (base64url) handed out once; only their sha256 is stored. */
export class TokenStore {
  constructor(private readonly db: Knex) {}

  async issue(
    accountId: number,
    kind: AccountRole,
    lifetimeMs: number,
    now = new Date(),
    trx: Knex | Knex.Transaction = this.db,
  ): Promise<{ token: string; expiresAt: string }> {
    const token = randomBytes(32).toString('base64url');
    const expires = new Date(now.getTime() + lifetimeMs);
    await trx('access_tokens').insert({
      account_id: accountId,
      token_hash: hashToken(token),
      kind,
      expires_at: sqlTimestamp(expires),
      revoked_at: null,
      created_at: sqlTimestamp(now),
      last_used_at: null,
    });
    return { token, expiresAt: toIso(sqlTimestamp(expires)) ?? expires.toISOString() };
  }

  /** The live token's caller, or null when it is unknown, expired, revoked or its account is deactivated. */
  async resolve(token: string, now = new Date()): Promise<AuthContext | null> {
    const row: TokenRow | undefined = await this.db('access_tokens as t')
      .join('accounts as a', 'a.id', 't.account_id')
      .where('t.token_hash', hashToken(token))
      .whereNull('t.revoked_at')
      .where('t.expires_at', '>', sqlTimestamp(now))
      .where('a.active', true)
      .first('t.id', 't.account_id', 't.kind', 't.expires_at', 't.last_used_at', 'a.first_name', 'a.last_name', 'a.email', 'a.phone');
    if (!row) return null;
    const lastUsed = toIso(row.last_used_at);
    if (!lastUsed || now.getTime() - Date.parse(lastUsed) >= LAST_USED_RESOLUTION_MS) {
      await this.db('access_tokens')
        .where({ id: row.id })
        .update({ last_used_at: sqlTimestamp(now) });
    }
    return {
      tokenId: row.id,
      accountId: row.account_id,
      kind: row.kind,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      phone: row.phone,
      expiresAt: toIso(row.expires_at) ?? '',
    };
  }

  async revoke(tokenId: number, now = new Date()): Promise<void> {
    await this.db('access_tokens')
      .where({ id: tokenId })
      .whereNull('revoked_at')
      .update({ revoked_at: sqlTimestamp(now) });
  }

  /** Every live token of the account (but `exceptTokenId`, the caller's own, when given). */
  async revokeAll(
    accountId: number,
    trx: Knex | Knex.Transaction = this.db,
    options: { exceptTokenId?: number | null; now?: Date } = {},
  ): Promise<number> {
    const query = trx('access_tokens').where({ account_id: accountId }).whereNull('revoked_at');
    if (options.exceptTokenId) query.whereNot('id', options.exceptTokenId);
    return query.update({ revoked_at: sqlTimestamp(options.now ?? new Date()) });
  }
}
