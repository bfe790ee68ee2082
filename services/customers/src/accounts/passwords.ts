import argon2 from 'argon2';
import type { PasswordHashCost } from '../config';

/**
 * argon2id password hashes. The cost comes from the configuration (OWASP's 19 MiB / 2 passes /
 * 1 lane by default; tests lower it through PASSWORD_HASH_MEMORY_KIB and PASSWORD_HASH_TIME_COST).
 */
export class PasswordHasher {
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly cost: PasswordHashCost) {}

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id, ...this.cost });
  }

  /**
   * True when the password matches. With no hash (unknown email) a dummy hash is still checked, so
   * the answer takes as long as for a real account and does not tell which emails exist.
   */
  async verify(hash: string | null, password: string): Promise<boolean> {
    const digest = hash ?? (await (this.dummyHash ??= this.hash('not-a-real-password-0000')));
    try {
      const matches = await argon2.verify(digest, password);
      return hash !== null && matches;
    } catch {
      // A malformed stored hash never lets anyone in.
      return false;
    }
  }

  /** An older hash made with other costs is upgraded at the next successful login. */
  needsRehash(hash: string): boolean {
    try {
      return argon2.needsRehash(hash, this.cost);
    } catch {
      return false;
    }
  }
}
