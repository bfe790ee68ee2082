import type { Knex } from 'knex';
import type { AdminCustomer, StaffMember } from '@shop/api-types';
import { count, flag, toIso, type NumericColumn } from '@shop/service-kit';

/** A customer as the back office lists one, before the orders service adds the order count. */
export type CustomerListing = Omit<AdminCustomer, 'orders_count'>;

/** The columns as the API names them, plus the two the drivers answer differently. */
type CustomerRow = Omit<CustomerListing, 'loyalty_points' | 'created_at'> & {
  created_at: Date | string;
  /** SUM() of the ledger: a string on MySQL. */
  balance: NumericColumn | null;
};

type StaffRow = Omit<StaffMember, 'active' | 'created_at'> & {
  /** 0/1 on both databases. */
  active: number | boolean;
  created_at: Date | string;
};

const CUSTOMER_COLUMNS = ['a.id', 'a.first_name', 'a.last_name', 'a.email', 'a.phone', 'a.photo', 'a.created_at'];
const STAFF_COLUMNS = ['id', 'first_name', 'last_name', 'email', 'active', 'created_at'];

const escapeLike = (text: string): string => `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

const toListing = (row: CustomerRow): CustomerListing => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  email: row.email,
  phone: row.phone,
  photo: row.photo,
  loyalty_points: { current_balance: count(row.balance) },
  created_at: toIso(row.created_at) ?? '',
});

const toStaff = (row: StaffRow): StaffMember => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  email: row.email,
  active: flag(row.active),
  created_at: toIso(row.created_at) ?? '',
});

/** The back office's reads of customers and staff: rows become the admin API's objects here. */
export class AdminAccountsRepository {
  constructor(private readonly db: Knex) {}

  private customers(q?: string) {
    const query = this.db('accounts as a').where('a.role', 'customer');
    if (q) {
      const pattern = escapeLike(q);
      query.where((any) =>
        any
          .whereRaw("lower(a.first_name) like ? escape '!'", [pattern])
          .orWhereRaw("lower(a.last_name) like ? escape '!'", [pattern])
          .orWhereRaw("lower(a.email) like ? escape '!'", [pattern])
          .orWhereRaw("a.phone like ? escape '!'", [pattern]),
      );
    }
    return query;
  }

  /** The balance is the sum of the ledger (see points/ledger.ts), read in the same query. */
  private balance() {
    return this.db.raw('(select coalesce(sum(l.delta), 0) from points_ledger l where l.account_id = a.id) as balance');
  }

  /** One page of customers, newest first, matching `q` in a name, the email or the phone. */
  async customerPage(q: string | undefined, page: number, perPage: number): Promise<{ total: number; customers: CustomerListing[] }> {
    const [counted] = await this.customers(q).count<Array<{ total: NumericColumn }>>({ total: '*' });
    const rows: CustomerRow[] = await this.customers(q)
      .select(...CUSTOMER_COLUMNS, this.balance())
      .orderBy('a.id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage);
    return { total: count(counted?.total), customers: rows.map(toListing) };
  }

  async customer(id: number): Promise<CustomerListing | undefined> {
    const row: CustomerRow | undefined = await this.customers()
      .where('a.id', id)
      .first(...CUSTOMER_COLUMNS, this.balance());
    return row && toListing(row);
  }

  async isCustomer(id: number): Promise<boolean> {
    return (await this.customers().where('a.id', id).first('a.id')) !== undefined;
  }

  async staff(): Promise<StaffMember[]> {
    const rows: StaffRow[] = await this.db('accounts').where('role', 'staff').orderBy('id').select(STAFF_COLUMNS);
    return rows.map(toStaff);
  }

  async staffMember(id: number): Promise<StaffMember | undefined> {
    const row: StaffRow | undefined = await this.db('accounts').where({ id }).first(STAFF_COLUMNS);
    return row && toStaff(row);
  }
}
