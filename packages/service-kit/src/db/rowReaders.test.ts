import type { Knex } from 'knex';
import { testDatabases } from '../testing';
import { cents, count, dateOf, decimal, flag, nullableCents } from './rowReaders';

describe('row readers on the shapes each driver answers', () => {
  it('reads cents from a number, a numeric string and a bigint, and refuses fractions and text', () => {
    expect(cents(193000)).toBe(193000);
    expect(cents('193000')).toBe(193000);
    expect(cents(193000n)).toBe(193000);
    expect(cents(-250)).toBe(-250);
    expect(() => cents('12.5')).toThrow('Expected whole cents, got "12.5"');
    expect(() => cents('')).toThrow(TypeError);
    expect(() => cents('abc')).toThrow(TypeError);
  });

  it('keeps a NULL amount null and reads any other', () => {
    expect(nullableCents(null)).toBeNull();
    expect(nullableCents(undefined)).toBeNull();
    expect(nullableCents('0')).toBe(0);
    expect(nullableCents(500n)).toBe(500);
  });

  it('reads counts and sums, a NULL sum being zero', () => {
    expect(count(3)).toBe(3);
    expect(count('42')).toBe(42);
    expect(count(7n)).toBe(7);
    expect(count(null)).toBe(0);
    expect(count(undefined)).toBe(0);
    expect(() => count('1.5')).toThrow('Expected a whole number, got "1.5"');
  });

  it('reads decimals from numbers and strings', () => {
    expect(decimal('12.50')).toBe(12.5);
    expect(decimal(0.25)).toBe(0.25);
    expect(() => decimal('NaN')).toThrow(TypeError);
  });

  it('reads flags from booleans, 0/1 numbers and 0/1 strings', () => {
    expect(flag(true)).toBe(true);
    expect(flag(false)).toBe(false);
    expect(flag(1)).toBe(true);
    expect(flag(0)).toBe(false);
    // Boolean('0') would be true: the string a driver may answer for TINYINT must read as false.
    expect(flag('0')).toBe(false);
    expect(flag('1')).toBe(true);
    expect(flag(1n)).toBe(true);
    expect(flag(null)).toBe(false);
  });

  it('reads dates from a Date, SQLite UTC text and epoch milliseconds', () => {
    const at = '2026-03-04T05:06:07.000Z';
    expect(dateOf(new Date(at)).toISOString()).toBe(at);
    expect(dateOf('2026-03-04 05:06:07').toISOString()).toBe(at);
    expect(dateOf(Date.parse(at)).toISOString()).toBe(at);
    expect(() => dateOf('not a date')).toThrow(TypeError);
    expect(() => dateOf(new Date(Number.NaN))).toThrow(TypeError);
  });
});

/** What the drivers may answer for the table below: the readers take every one of these. */
interface ShapeRow {
  price_cents: number | string;
  cap_cents: number | string | null;
  rate: number | string;
  active: boolean | number;
  created_at: Date | string;
}

describe.each(testDatabases('service-kit-rows').map((database) => [database.dialect, database] as const))(
  'the readers on real %s rows',
  (_dialect, database) => {
    let db: Knex;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ db, drop } = await database.create());
      await db.schema.createTable('row_shapes', (table) => {
        table.increments('id');
        table.integer('price_cents').notNullable();
        table.integer('cap_cents').nullable();
        table.decimal('rate', 5, 2).notNullable();
        table.boolean('active').notNullable();
        table.dateTime('created_at').notNullable();
      });
      await db('row_shapes').insert([
        { price_cents: 193000, cap_cents: null, rate: '12.50', active: true, created_at: '2026-03-04 05:06:07' },
        { price_cents: 7000, cap_cents: 500, rate: '0.25', active: false, created_at: '2026-03-05 00:00:00' },
      ]);
    });
    afterAll(async () => drop());

    it('reads each column as the domain type whatever the driver answered', async () => {
      const rows: ShapeRow[] = await db('row_shapes').orderBy('id').select('*');
      expect(
        rows.map((row) => ({
          price: cents(row.price_cents),
          cap: nullableCents(row.cap_cents),
          rate: decimal(row.rate),
          active: flag(row.active),
          at: dateOf(row.created_at).toISOString(),
        })),
      ).toEqual([
        { price: 193000, cap: null, rate: 12.5, active: true, at: '2026-03-04T05:06:07.000Z' },
        { price: 7000, cap: 500, rate: 0.25, active: false, at: '2026-03-05T00:00:00.000Z' },
      ]);
    });

    it('reads aggregates: a count, a sum (a string on MySQL) and the NULL sum of no rows', async () => {
      const [totals] = await db('row_shapes').select<Array<{ n: number | string; total: number | string }>>(
        db.raw('count(*) as n'),
        db.raw('sum(price_cents) as total'),
      );
      const [none] = await db('row_shapes').where('id', '<', 0).sum<Array<{ total: number | string | null }>>({ total: 'price_cents' });
      expect(totals).toBeDefined();
      expect([count(totals!.n), cents(totals!.total), count(none?.total)]).toEqual([2, 200000, 0]);
    });
  },
);
