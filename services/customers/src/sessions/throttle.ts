import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { HttpError, sqlTimestamp, toIso } from '@shop/service-kit';

export interface ThrottleRule {
  maxAttempts: number;
  windowMs: number;
}

export interface LoginThrottleRules {
  /** Failed logins per account (email), whatever address they come from. */
  perAccount: ThrottleRule;
  /** Failed logins per client address, whatever accounts they try. */
  perAddress: ThrottleRule;
}

export const DEFAULT_LOGIN_RULES: LoginThrottleRules = {
  perAccount: { maxAttempts: 5, windowMs: 15 * 60_000 },
  perAddress: { maxAttempts: 20, windowMs: 15 * 60_000 },
};

const keyOf = (scope: 'email' | 'ip', value: string): string => createHash('sha256').update(`${scope}:${value}`).digest('hex');

/** "in 1 minute", "in 14 minutes": whole minutes, rounded up. */
export function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** 429 with Retry-After (seconds). */
export function tooManyRequests(ctx: { set(field: string, value: string): void }, message: string, retryAfterSeconds: number): HttpError {
  ctx.set('Retry-After', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  return new HttpError(429, message);
}

/**
 * Failed logins in a sliding window, one row per failure and key, in the database so the limit
 * holds across restarts and across several instances of the service. Keys are hashed: the table
 * holds no email addresses.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Knex,
    private readonly rules: LoginThrottleRules = DEFAULT_LOGIN_RULES,
  ) {}

  /** Seconds until the next attempt is allowed, or null when it is allowed now. */
  async blockedFor(email: string, address: string, now = new Date()): Promise<number | null> {
    const waits = await Promise.all([
      this.waitFor(keyOf('email', email), this.rules.perAccount, now),
      this.waitFor(keyOf('ip', address), this.rules.perAddress, now),
    ]);
    const longest = Math.max(...waits);
    return longest > 0 ? longest : null;
  }

  async recordFailure(email: string, address: string, now = new Date()): Promise<void> {
    const created_at = sqlTimestamp(now);
    await this.db('login_attempts').insert([
      { throttle_key: keyOf('email', email), created_at },
      { throttle_key: keyOf('ip', address), created_at },
    ]);
    // Rows older than the longest window count for nothing any more.
    const longest = Math.max(this.rules.perAccount.windowMs, this.rules.perAddress.windowMs);
    await this.db('login_attempts')
      .where('created_at', '<', sqlTimestamp(new Date(now.getTime() - longest)))
      .delete();
  }

  /** A successful login (or a password reset) wipes the account's failures; the address keeps its own. */
  async clearAccount(email: string): Promise<void> {
    await this.db('login_attempts')
      .where({ throttle_key: keyOf('email', email) })
      .delete();
  }

  private async waitFor(key: string, rule: ThrottleRule, now: Date): Promise<number> {
    const since = sqlTimestamp(new Date(now.getTime() - rule.windowMs));
    const [counted] = await this.db('login_attempts')
      .where({ throttle_key: key })
      .where('created_at', '>', since)
      .count<Array<{ count: number | string }>>({ count: '*' });
    const count = Number(counted?.count ?? 0);
    if (count < rule.maxAttempts) return 0;
    // The attempt whose expiry brings the count back under the limit.
    const row: { created_at: Date | string } | undefined = await this.db('login_attempts')
      .where({ throttle_key: key })
      .where('created_at', '>', since)
      .orderBy('created_at', 'asc')
      .offset(count - rule.maxAttempts)
      .first('created_at');
    const at = Date.parse(toIso(row?.created_at) ?? now.toISOString());
    return Math.max(1, Math.ceil((at + rule.windowMs - now.getTime()) / 1000));
  }
}
