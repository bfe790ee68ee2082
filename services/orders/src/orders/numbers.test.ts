import { testDatabases } from '@shop/service-kit/testing';
import { prepareOrdersDatabase } from '../db/setup';
import { OrderNumbers } from './numbers';

const AT = new Date('2026-06-01T09:00:00Z');

describe.each(testDatabases('orders'))('OrderNumbers on $dialect', ({ create }) => {
  it('never hands out a number twice, from two instances taking blocks at the same time', async () => {
    const { db, drop } = await create();
    try {
      await prepareOrdersDatabase(db);
      const one = new OrderNumbers(db, 20);
      const other = new OrderNumbers(db, 20);
      const numbers = await Promise.all(Array.from({ length: 150 }, (_, i) => (i % 3 === 0 ? other : one).next(AT)));
      expect(new Set(numbers).size).toBe(150);
      expect(numbers.every((number) => /^SH-26\d{4,}$/.test(number))).toBe(true);
    } finally {
      await drop();
    }
  });

  it('reserves the next block while a quarter of the current one is left, so no order waits for it', async () => {
    const { db, drop } = await create();
    try {
      await prepareOrdersDatabase(db);
      const reserved = async () => Number((await db('order_number_sequences').where({ year: 2026 }).first('next_value'))!.next_value) - 1;
      const numbers = new OrderNumbers(db, 100);
      const first = await numbers.next(AT);
      for (let i = 1; i < 75; i++) await numbers.next(AT);
      expect(await reserved()).toBe(100);
      await numbers.next(AT); // the 76th: a quarter left
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await reserved()).toBe(200);
      const rest = [];
      for (let i = 76; i < 130; i++) rest.push(await numbers.next(AT));
      // Straight on into the spare block, and only then one more reserved.
      expect(rest.at(-1)).toBe(`SH-26${String(Number(first.slice(5)) + 129).padStart(4, '0')}`);
      expect(await reserved()).toBe(200);
    } finally {
      await drop();
    }
  });
});
