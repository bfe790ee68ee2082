import type { Knex } from 'knex';
import type { Address, AddressBody } from '@shop/api-types';
import { sqlTimestamp } from '@shop/service-kit';

interface AddressRow {
  id: number;
  name: string;
  email: string;
  phone: string;
  street_address: string;
  apartment: string | null;
  town: string;
  county_id: number;
  county_name: string;
  sub_county_id: number;
  sub_county_name: string;
}

const toAddress = (row: AddressRow): Address => ({
  id: Number(row.id),
  name: row.name,
  email: row.email,
  phone: row.phone,
  street_address: row.street_address,
  apartment: row.apartment,
  town: row.town,
  county: { id: Number(row.county_id), name: row.county_name },
  sub_county: { id: Number(row.sub_county_id), name: row.sub_county_name },
});

type Db = Knex | Knex.Transaction;

/** A customer's saved addresses. Every read and write is scoped to the owner's account id. */
export class AddressesRepository {
  constructor(private readonly db: Knex) {}

  private select(db: Db, accountId: number): Knex.QueryBuilder {
    return db('addresses as ad')
      .join('counties as c', 'c.id', 'ad.county_id')
      .join('sub_counties as s', 's.id', 'ad.sub_county_id')
      .where('ad.account_id', accountId)
      .select(
        'ad.id',
        'ad.name',
        'ad.email',
        'ad.phone',
        'ad.street_address',
        'ad.apartment',
        'ad.town',
        'ad.county_id',
        'c.name as county_name',
        'ad.sub_county_id',
        's.name as sub_county_name',
      );
  }

  async list(accountId: number): Promise<Address[]> {
    const rows: AddressRow[] = await this.select(this.db, accountId).orderBy('ad.id', 'asc');
    return rows.map(toAddress);
  }

  async find(accountId: number, id: number, db: Db = this.db): Promise<Address | undefined> {
    const row: AddressRow | undefined = await this.select(db, accountId).where('ad.id', id).first();
    return row && toAddress(row);
  }

  async count(accountId: number, db: Db = this.db): Promise<number> {
    const [row] = await db('addresses').where({ account_id: accountId }).count<Array<{ count: number | string }>>({ count: '*' });
    return Number(row?.count ?? 0);
  }

  async insert(accountId: number, body: AddressBody, db: Db = this.db, now = new Date()): Promise<number> {
    const [id] = await db('addresses').insert({
      account_id: accountId,
      ...columns(body),
      created_at: sqlTimestamp(now),
      updated_at: sqlTimestamp(now),
    });
    return Number(id);
  }

  /** Only ever touches the owner's row (check ownership with find() first for a 404). */
  async update(accountId: number, id: number, body: AddressBody, now = new Date()): Promise<void> {
    await this.db('addresses')
      .where({ id, account_id: accountId })
      .update({ ...columns(body), updated_at: sqlTimestamp(now) });
  }

  async delete(accountId: number, id: number): Promise<boolean> {
    return (await this.db('addresses').where({ id, account_id: accountId }).delete()) > 0;
  }
}

function columns(body: AddressBody) {
  return {
    name: body.name,
    email: body.email,
    phone: body.phone,
    street_address: body.street_address,
    apartment: body.apartment ?? null,
    town: body.town,
    county_id: body.county_id,
    sub_county_id: body.sub_county_id,
  };
}
