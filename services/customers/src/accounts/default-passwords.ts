import type { Knex } from 'knex';
import { DEMO_STAFF } from '../db/seed/demo-accounts';
import type { PasswordHasher } from './passwords';

/** Passwords anyone can read (the README's demo logins): no staff account may keep one in production. */
export const PUBLISHED_STAFF_PASSWORDS: readonly string[] = [DEMO_STAFF.password];

/** Emails of active staff accounts whose password is a published one. */
export async function staffWithPublishedPasswords(db: Knex, hasher: PasswordHasher): Promise<string[]> {
  const staff: Array<{ email: string; password_hash: string }> = await db('accounts')
    .where({ role: 'staff', active: true })
    .select('email', 'password_hash');
  const found: string[] = [];
  for (const account of staff) {
    for (const password of PUBLISHED_STAFF_PASSWORDS) {
      if (await hasher.verify(account.password_hash, password)) {
        found.push(account.email);
        break;
      }
    }
  }
  return found;
}

/**
 * A production start is refused while a staff account still signs in with a published password
 * (a development database copied to production, or the demo account created by hand).
 */
export async function refusePublishedStaffPasswords(db: Knex, hasher: PasswordHasher): Promise<void> {
  const emails = await staffWithPublishedPasswords(db, hasher);
  if (emails.length === 0) return;
  throw new Error(
    `Refusing to start in production: the staff account${emails.length > 1 ? 's' : ''} ${emails.join(', ')} still use${emails.length > 1 ? '' : 's'} the published demo password. ` +
      'Deactivate it (accounts.active = 0) or give it a new password, then create real staff with `npm run create-admin`.',
  );
}
