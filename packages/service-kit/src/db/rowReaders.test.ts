import { testDatabases } from '../testing';
import { cents, count, dateOf, decimal, flag, nullableCents } from './rowReaders';

describe('row readers', () => {
  it('read whole numbers as either driver answers them: number, DECIMAL string, bigint; an empty SUM (null) as 0', () => {
    for (const read of [cents, count]) {
      expect(read(193_000)).toBe(193_000);
      expect(read('193000')).toBe(193_000);
      expect(read('-2500')).toBe(-2_500);
      expect(read(193_000n)).toBe(193_000);
      expect(read(null)).toBe(0);
      expect(read(undefined)).toBe(0);
    }
  });

  it('refuse what is no whole number instead of passing NaN or a fraction on', () => {
    expect(() => cents('abc')).toThrow(TypeError);
    expect(() => cents('')).toThrow(TypeError);
    expect(() => cents(10.5)).toThrow(TypeError);
    expect(() => count('1.25')).toThrow(TypeError);
    expect(() => cents(2n ** 60n)).toThrow(TypeError);
  });

  it('keep an absent amount absent', () => {
    expect(nullableCents(null)).toBeNull();
    expect(nullableCents(undefined)).toBeNull();
    expect(nullableCents('0')).toBe(0);
    expect(nullableCents(5_000)).toBe(5_000);
  });

  it('read fractions (unrounded net cents) from a double or a DECIMAL string', () => {
    expect(decimal(1234.5678)).toBe(1234.5678);
    expect(decimal('1234.5678')).toBe(1234.5678);
    expect(decimal(null)).toBe(0);
    expect(() => decimal('x')).toThrow(TypeError);
  });

  it('read a boolean column from 0/1 in any form, or a boolean', () => {
    expect([flag(1), flag('1'), flag(1n), flag(true)]).toEqual([true, true, true, true]);
    expect([flag(0), flag('0'), flag(0n), flag(false), flag(null)]).toEqual([false, false, false, false, false]);
  });

  it('read a timestamp from a Date (MySQL) or UTC text (SQLite); null stays null', () => {
    expect(dateOf('2026-03-01 07:05:00')?.toISOString()).toBe('2026-03-01T07:05:00.000Z');
    expect(dateOf(new Date('2026-03-01T07:05:00Z'))?.toISOString()).toBe('2026-03-01T07:05:00.000Z');
    expect(dateOf(null)).toBeNull();
    expect(() => dateOf('not a date')).toThrow(TypeError);
  });
});

describe.each(testDatabases('row-readers'))('row readers on $dialect', (database) => {
  it('read what the database answers for columns and aggregates the same on both dialects', async () => {
    const { db, drop } = await database.create();
    try {
      await db.schema.createTable('sample', (table) => {
        table.increments('id');
        table.bigInteger('amount_cents').notNullable();
        table.double('net_cents').notNullable();
        table.boolean('is_paid').notNullable();
        table.dateTime('paid_at').nullable();
      });
      await db('sample').insert([
        { amount_cents: 150_000, net_cents: 1000.25, is_paid: true, paid_at: '2026-03-01 07:05:00' },
        { amount_cents: 43_000, net_cents: 0.5, is_paid: false, paid_at: null },
      ]);
      const rows = await db('sample').orderBy('id').select('*');
      expect(
        rows.map((row) => [count(row.id), cents(row.amount_cents), flag(row.is_paid), dateOf(row.paid_at)?.toISOString() ?? null]),
      ).toEqual([
        [1, 150_000, true, '2026-03-01T07:05:00.000Z'],
        [2, 43_000, false, null],
      ]);
      const [sums] = await db('sample').select(
        db.raw('SUM(amount_cents) as total'),
        db.raw('SUM(net_cents) as net'),
        db.raw('COUNT(*) as n'),
      );
      expect([cents(sums.total), decimal(sums.net), count(sums.n)]).toEqual([193_000, 1000.75, 2]);
      const [none] = await db('sample').where('id', 0).select(db.raw('SUM(amount_cents) as total'));
      expect(nullableCents(none.total)).toBeNull();
      expect(cents(none.total)).toBe(0);
    } finally {
      await drop();
    }
  });
});
