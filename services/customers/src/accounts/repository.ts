import type { Knex } from 'knex';
import type { AccountRole } from '@shop/api-types';
import { sqlTimestamp } from '@shop/service-kit';

export interface AccountRow {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  password_hash: string;
  role: AccountRole;
  photo: string | null;
  active: boolean;
}

export interface NewAccount {
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  password_hash: string;
  role: AccountRole;
}

type Db = Knex | Knex.Transaction;

const COLUMNS = ['id', 'first_name', 'last_name', 'email', 'phone', 'password_hash', 'role', 'photo', 'active'];

function toAccount(row: AccountRow | undefined): AccountRow | undefined {
  // MySQL answers booleans as 1/0 and ids may come back as strings from some drivers: normalise once.
  return row && { ...row, id: Number(row.id), active: Boolean(row.active) };
}

export class AccountsRepository {
  constructor(private readonly db: Knex) {}

  async byEmail(email: string, trx: Db = this.db): Promise<AccountRow | undefined> {
    return toAccount(await trx('accounts').where({ email: email.toLowerCase() }).first(COLUMNS));
  }

  async byId(id: number, trx: Db = this.db): Promise<AccountRow | undefined> {
    return toAccount(await trx('accounts').where({ id }).first(COLUMNS));
  }

  /** Whether another account (not `exceptId`) already has the email. */
  async emailTaken(email: string, exceptId?: number): Promise<boolean> {
    const query = this.db('accounts').where({ email: email.toLowerCase() });
    if (exceptId !== undefined) query.whereNot('id', exceptId);
    return (await query.first('id')) !== undefined;
  }

  /** Inserts the account; a duplicate email fails on the unique index (see isUniqueViolation). */
  async insert(trx: Db, account: NewAccount, now = new Date()): Promise<number> {
    const [id] = await trx('accounts').insert({
      ...account,
      email: account.email.toLowerCase(),
      photo: null,
      active: true,
      created_at: sqlTimestamp(now),
      updated_at: sqlTimestamp(now),
    });
    return Number(id);
  }

  async update(
    id: number,
    changes: Partial<Omit<NewAccount, 'role'>> & { active?: boolean },
    trx: Db = this.db,
    now = new Date(),
  ): Promise<void> {
    const row: Record<string, unknown> = { ...changes, updated_at: sqlTimestamp(now) };
    if (changes.email !== undefined) row.email = changes.email.toLowerCase();
    await trx('accounts').where({ id }).update(row);
  }

  async count(): Promise<number> {
    const [row] = await this.db('accounts').count<Array<{ count: number | string }>>({ count: '*' });
    return Number(row?.count ?? 0);
  }
}
