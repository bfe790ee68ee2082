import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { count, HttpError, sqlTimestamp, toIso, type NumericColumn } from '@shop/service-kit';

/**
 * Failures beyond `freeFailures` (within `windowMs`) make the next attempt wait `firstDelayMs`
 * after the latest failure, doubling with each further failure up to `maxDelayMs`. A delay, never a
 * lock: once it has passed, the right password works.
 */
export interface DelayRule {
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  windowMs: number;
}

export interface LoginThrottleRules {
  /** One account from one client address: what an attacker guessing from their own address meets. */
  perAccountAddress: DelayRule;
  /** One client address over any accounts (password spraying); not for the account's known addresses. */
  perAddress: DelayRule;
  /** One account over every address (guessing from many addresses); not for the account's known addresses. */
  perAccount: DelayRule;
  /** How long a successful sign-in keeps an address known for the account. */
  knownAddressMs: number;
}

const DAY_MS = 24 * 3600_000;

export const DEFAULT_LOGIN_RULES: LoginThrottleRules = {
  perAccountAddress: { freeFailures: 5, firstDelayMs: 1000, maxDelayMs: 15 * 60_000, windowMs: DAY_MS },
  perAddress: { freeFailures: 20, firstDelayMs: 1000, maxDelayMs: 15 * 60_000, windowMs: DAY_MS },
  perAccount: { freeFailures: 20, firstDelayMs: 1000, maxDelayMs: 60_000, windowMs: DAY_MS },
  knownAddressMs: 90 * DAY_MS,
};

const hashed = (value: string): string => createHash('sha256').update(value).digest('hex');
const pairKey = (email: string, address: string): string => hashed(`pair:${email}|${address}`);
const addressKey = (address: string): string => hashed(`ip:${address}`);
const accountKey = (email: string): string => hashed(`account:${email}`);
const knownKey = (email: string, address: string): string => hashed(`known:${email}|${address}`);

/** "in 1 minute", "in 14 minutes": whole minutes, rounded up. */
export function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** "1 second", "8 seconds", "2 minutes" (whole minutes from a minute on, rounded up). */
export function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return whole === 1 ? '1 second' : `${whole} seconds`;
  return minutesText(whole);
}

/** 429 with Retry-After (seconds). */
export function tooManyRequests(ctx: { set(field: string, value: string): void }, message: string, retryAfterSeconds: number): HttpError {
  ctx.set('Retry-After', String(Math.max(1, Math.ceil(retryAfterSeconds))));
  return new HttpError(429, message);
}

export const tooManyLoginAttempts = (ctx: { set(field: string, value: string): void }, seconds: number): HttpError =>
  tooManyRequests(ctx, `Too many login attempts. Please try again in ${waitText(seconds)}.`, seconds);

/**
 * Password checks (login, and the current password of a profile change) slowed by growing delays
 * per account+address, per address and per account, in the database so they hold across restarts
 * and instances. Keys are hashed: the tables hold no email or client address.
 */
export class LoginThrottle {
  constructor(
    private readonly db: Knex,
    private readonly rules: LoginThrottleRules = DEFAULT_LOGIN_RULES,
  ) {}

  /** Seconds until the next password check of `email` from `address` is allowed, or null when it is allowed now. */
  async blockedFor(email: string, address: string, now = new Date()): Promise<number | null> {
    const checks = [this.waitFor(pairKey(email, address), this.rules.perAccountAddress, now)];
    // The owner's usual address is only slowed by its own failures: no one elsewhere can hold them up.
    if (!(await this.isKnown(email, address, now))) {
      checks.push(
        this.waitFor(addressKey(address), this.rules.perAddress, now),
        this.waitFor(accountKey(email), this.rules.perAccount, now),
      );
    }
    const longest = Math.max(...(await Promise.all(checks)));
    return longest > 0 ? longest : null;
  }

  async recordFailure(email: string, address: string, now = new Date()): Promise<void> {
    const created_at = sqlTimestamp(now);
    const account_key = accountKey(email);
    await this.db('login_attempts').insert([
      { throttle_key: pairKey(email, address), account_key, created_at },
      { throttle_key: accountKey(email), account_key, created_at },
      { throttle_key: addressKey(address), account_key: null, created_at },
    ]);
    const longest = Math.max(this.rules.perAccountAddress.windowMs, this.rules.perAddress.windowMs, this.rules.perAccount.windowMs);
    await this.db('login_attempts')
      .where('created_at', '<', sqlTimestamp(new Date(now.getTime() - longest)))
      .delete();
  }

  /**
   * A right password: that account+address starts again from nothing and the address becomes
   * known for the account. The account-wide failures stay: someone elsewhere may still be guessing.
   */
  async recordSuccess(email: string, address: string, now = new Date()): Promise<void> {
    await this.db('login_attempts')
      .where({ throttle_key: pairKey(email, address) })
      .delete();
    const throttle_key = knownKey(email, address);
    const last_success_at = sqlTimestamp(now);
    const updated = await this.db('login_known_addresses').where({ throttle_key }).update({ last_success_at });
    if (updated === 0) {
      try {
        await this.db('login_known_addresses').insert({ throttle_key, last_success_at });
      } catch {
        // Two sign-ins at once: the other one recorded it.
      }
    }
    await this.db('login_known_addresses')
      .where('last_success_at', '<', sqlTimestamp(new Date(now.getTime() - this.rules.knownAddressMs)))
      .delete();
  }

  /** A password reset proves the mailbox: the account's failures from every address are forgotten. */
  async clearAccount(email: string): Promise<void> {
    await this.db('login_attempts')
      .where({ account_key: accountKey(email) })
      .delete();
  }

  private async isKnown(email: string, address: string, now: Date): Promise<boolean> {
    const row: unknown = await this.db('login_known_addresses')
      .where({ throttle_key: knownKey(email, address) })
      .where('last_success_at', '>', sqlTimestamp(new Date(now.getTime() - this.rules.knownAddressMs)))
      .first('id');
    return row !== undefined;
  }

  private async waitFor(key: string, rule: DelayRule, now: Date): Promise<number> {
    const since = sqlTimestamp(new Date(now.getTime() - rule.windowMs));
    const [counted] = await this.db('login_attempts')
      .where({ throttle_key: key })
      .where('created_at', '>', since)
      .select<Array<{ count: NumericColumn; latest: Date | string | null }>>(
        this.db.raw('count(*) as ??', ['count']),
        this.db.raw('max(created_at) as ??', ['latest']),
      );
    const failures = count(counted?.count);
    if (failures < rule.freeFailures) return 0;
    const delay = Math.min(rule.firstDelayMs * 2 ** (failures - rule.freeFailures), rule.maxDelayMs);
    // Times are stored to the second: counting from the end of that second never shortens a delay.
    const latest = Date.parse(toIso(counted?.latest ?? null) ?? now.toISOString()) + 999;
    const waitMs = latest + delay - now.getTime();
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
  }
}
