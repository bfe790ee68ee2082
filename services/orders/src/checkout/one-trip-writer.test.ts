import { testDatabases } from '@shop/service-kit/testing';
import knexFactory from 'knex';
import { insertStatement, OneTripWriter, SqlVariable, type Rows } from './one-trip-writer';

const mysql = testDatabases('orders').filter((database) => database.dialect === 'mysql');

describe('OneTripWriter', () => {
  it('is only for MySQL', async () => {
    const sqlite = await testDatabases('orders')[0]!.create();
    expect(OneTripWriter.for(sqlite.db)).toBeNull();
    await sqlite.drop();
  });

  it('builds the very INSERT knex builds, values bound, a variable named in place', () => {
    const knex = knexFactory({ client: 'mysql2' });
    const rows = [
      { order_id: 7, name: "O'Neil", note: null, paid: false, position: undefined },
      { order_id: 7, name: 'Wanjiku', note: 'x', paid: true, position: undefined },
    ];
    expect(insertStatement('order_items', rows)).toEqual(knex('order_items').insert(rows).toSQL().toNative());
    // Asked again with other values, the same text and the new values.
    expect(insertStatement('order_items', [{ ...rows[0], name: 'Kamau' }, rows[1]!]).bindings).toEqual([
      'Kamau',
      null,
      7,
      false,
      'Wanjiku',
      'x',
      7,
      true,
    ]);
    const withVariable = insertStatement('order_status_history', [{ status_id: 1, order_id: new SqlVariable('@order_id') }]);
    expect(withVariable).toEqual(
      knex('order_status_history')
        .insert({ status_id: 1, order_id: knex.raw('@order_id') })
        .toSQL()
        .toNative(),
    );
    expect(withVariable.sql).toBe('insert into `order_status_history` (`order_id`, `status_id`) values (@order_id, ?)');
  });

  it('builds a guarded INSERT that writes its rows only when a variable of the batch is true', () => {
    const taken = new SqlVariable('@taken');
    const rows = [
      { order_id: new SqlVariable('@order_id'), name: "O'Neil", note: null },
      { order_id: new SqlVariable('@order_id'), name: 'Wanjiku', note: 'x' },
    ];
    expect(insertStatement('order_items', rows, taken)).toEqual({
      sql:
        'insert into `order_items` (`name`, `note`, `order_id`) select ?, ?, @order_id from dual where @taken' +
        ' union all select ?, ?, @order_id from dual where @taken',
      bindings: ["O'Neil", null, 'Wanjiku', 'x'],
    });
    // The same shape unguarded is still the plain INSERT (the texts are kept apart).
    expect(insertStatement('order_items', rows).sql).toBe(
      'insert into `order_items` (`name`, `note`, `order_id`) values (?, ?, @order_id), (?, ?, @order_id)',
    );
    // A SELECT has no DEFAULT: a guarded row must name every value.
    expect(() => insertStatement('order_items', [{ name: 'x', note: undefined }], taken)).toThrow('has no value');
  });

  // Only with MYSQL_URL (describe.each refuses an empty table, so without it the case shows as skipped).
  const onMysql =
    mysql.length > 0
      ? describe.each(mysql)
      : describe.skip.each([{ dialect: 'mysql (MYSQL_URL not set)', create: testDatabases('orders')[0]!.create }]);
  onMysql('on $dialect', ({ create }) => {
    it('commits the batches together or not at all, and leaves no transaction open on a connection', async () => {
      const { db, drop } = await create();
      await db.schema.createTable('notes', (table) => {
        table.increments('id');
        table.string('text', 40).notNullable();
      });
      const writer = OneTripWriter.for(db)!;
      const insert = (text: string) => writer.sql('notes').insert({ text }).toSQL().toNative();
      const count = { sql: 'SELECT COUNT(*) AS n FROM notes', bindings: [] };
      const texts = async () => (await db('notes').orderBy('id').pluck('text')) as string[];
      try {
        // One round trip: values are bound, never spliced into the SQL.
        const rows = (await writer.transaction((send) =>
          send([insert('one'), insert("two'; DROP TABLE notes; --"), count], { commit: true }),
        )) as Rows;
        expect(Number(rows[0]!.n)).toBe(2);

        // A failing statement rolls back the whole transaction, earlier batches included.
        await expect(
          writer.transaction(async (send) => {
            await send([insert('three')]);
            await send([insert('four'), insert('x'.repeat(50))], { commit: true });
          }),
        ).rejects.toThrow();
        // So does the work throwing between batches (a decision, like a coupon used up).
        await expect(
          writer.transaction(async (send) => {
            const [row] = (await send([insert('five'), count])) as Rows;
            if (Number(row!.n) > 0) throw new Error('changed my mind');
          }),
        ).rejects.toThrow('changed my mind');
        // A transaction the work did not commit is committed at the end.
        await writer.transaction(async (send) => {
          await send([insert('six')]);
        });
        expect(await texts()).toEqual(['one', "two'; DROP TABLE notes; --", 'six']);

        // A guarded insert writes nothing when its variable is false, and its rows when true.
        const guarded = (ok: boolean, text: string) => [
          { sql: `SET @ok = ${ok ? 'TRUE' : 'FALSE'}`, bindings: [] },
          insertStatement('notes', [{ text }], new SqlVariable('@ok')),
        ];
        await writer.transaction((send) => send([...guarded(false, 'never'), ...guarded(true, 'seven')], { commit: true }));
        expect(await texts()).toEqual(['one', "two'; DROP TABLE notes; --", 'six', 'seven']);

        // Every pooled connection is clean afterwards.
        await Promise.all(Array.from({ length: 12 }, (_, i) => writer.transaction((send) => send([insert(`ok${i}`)], { commit: true }))));
        expect((await texts()).length).toBe(16);
      } finally {
        await writer.close();
        await drop();
      }
    });
  });
});
