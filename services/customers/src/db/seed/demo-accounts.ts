import type { Knex } from 'knex';
import { SIGN_UP_POINTS } from '@shop/api-types';
import { count, sqlTimestamp, type NumericColumn } from '@shop/service-kit';
import type { PasswordHasher } from '../../accounts/passwords';

/** Development only; the README lists these credentials. Production never gets a default account. */
export const DEMO_STAFF = { email: 'admin@shwarimills.co.ke', password: 'Admin@12345', first_name: 'Amina', last_name: 'Wanjiru' } as const;
export const DEMO_CUSTOMER = {
  email: 'customer@example.com',
  password: 'Customer@123',
  first_name: 'Juma',
  last_name: 'Otieno',
  phone: '0712345678',
} as const;
export const DEMO_WELCOME_BONUS = 130;

const NAIROBI = 47;
const WESTLANDS = 274;

/** Seeds the demo staff and customer once, when there is no account at all, in one transaction. */
export async function seedDemoAccounts(db: Knex, hasher: PasswordHasher, now = new Date()): Promise<boolean> {
  const [existing] = await db('accounts').count<Array<{ count: NumericColumn }>>({ count: '*' });
  if (count(existing?.count) > 0) return false;
  const [staffHash, customerHash] = await Promise.all([hasher.hash(DEMO_STAFF.password), hasher.hash(DEMO_CUSTOMER.password)]);
  const at = sqlTimestamp(now);
  await db.transaction(async (trx) => {
    await trx('accounts').insert({
      first_name: DEMO_STAFF.first_name,
      last_name: DEMO_STAFF.last_name,
      email: DEMO_STAFF.email,
      phone: null,
      password_hash: staffHash,
      role: 'staff',
      photo: null,
      active: true,
      created_at: at,
      updated_at: at,
    });
    const [customerId] = await trx('accounts').insert({
      first_name: DEMO_CUSTOMER.first_name,
      last_name: DEMO_CUSTOMER.last_name,
      email: DEMO_CUSTOMER.email,
      phone: DEMO_CUSTOMER.phone,
      password_hash: customerHash,
      role: 'customer',
      photo: null,
      active: true,
      created_at: at,
      updated_at: at,
    });
    await trx('points_ledger').insert([
      { account_id: customerId, delta: SIGN_UP_POINTS, balance_after: SIGN_UP_POINTS, reason: 'sign_up', reference: null, created_at: at },
      {
        account_id: customerId,
        delta: DEMO_WELCOME_BONUS,
        balance_after: SIGN_UP_POINTS + DEMO_WELCOME_BONUS,
        reason: 'welcome_bonus',
        reference: null,
        created_at: at,
      },
    ]);
    await trx('addresses').insert({
      account_id: customerId,
      name: `${DEMO_CUSTOMER.first_name} ${DEMO_CUSTOMER.last_name}`,
      email: DEMO_CUSTOMER.email,
      phone: DEMO_CUSTOMER.phone,
      street_address: 'Mpaka Road, Parklands',
      apartment: 'Sunrise Court, Apt 4B',
      town: 'Nairobi',
      county_id: NAIROBI,
      sub_county_id: WESTLANDS,
      created_at: at,
      updated_at: at,
    });
  });
  return true;
}
