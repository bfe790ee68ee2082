import { testDatabases } from '@shop/service-kit/testing';
import { prepareOrdersDatabase } from '../db/setup';
import { OrderGroupCommit, type NewOrderRows } from './group-commit';
import { OneTripWriter } from './one-trip-writer';
import { couponCustomer, CouponsRepository, type CouponRow } from '../coupons/repository';
import { couponRow } from '../testing/coupons';

const mysql = testDatabases('orders').filter((database) => database.dialect === 'mysql');

/** An order of `lines` lines whose product ids say which order they belong to (order n: n*10+1, n*10+2...). */
function orderRows(n: number, lines: number, orderNumber = `GC-${n}`): NewOrderRows {
  const at = '2026-11-27 10:00:00';
  return {
    order: {
      order_number: orderNumber,
      customer_id: null,
      first_name: 'Wanjiku',
      last_name: 'Kamau',
      email: `shopper${n}@example.com`,
      phone: '0712345678',
      street: '12 Moi Avenue',
      town: 'Westlands',
      county_id: 47,
      county_name: 'Nairobi',
      sub_county_id: 274,
      sub_county_name: 'Westlands',
      depot_id: 1,
      subtotal_cents: 250_000,
      total_cents: 250_000,
      status_id: 1,
      payment_method: 'hosted',
      created_at: at,
      updated_at: at,
    },
    items: (orderId) =>
      Array.from({ length: lines }, (_, i) => ({
        order_id: orderId,
        product_id: n * 10 + i + 1,
        product_name: 'Mlima Gold Sifted Maize Meal 2kg',
        brand_name: 'Mlima Gold',
        category_id: 1,
        category_name: 'Maize Meal',
        unit: '2kg',
        image: '/media/products/mlima-gold.svg',
        unit_price_cents: 20_000,
        quantity: 2,
        line_total_cents: 40_000,
      })),
    firstStatus: (orderId) => ({ order_id: orderId, status_id: 1, note: 'Order placed', created_at: at }),
    releaseHold: null,
    coupon: null,
  };
}

// Only with MYSQL_URL (describe.each refuses an empty table, so without it the case shows as skipped).
const onMysql =
  mysql.length > 0
    ? describe.each(mysql)
    : describe.skip.each([{ dialect: 'mysql (MYSQL_URL not set)', create: testDatabases('orders')[0]!.create }]);

onMysql('OrderGroupCommit on $dialect', ({ create }) => {
  it('writes orders placed together in one transaction, each answered its own id, items and status', async () => {
    const { db, drop } = await create();
    await prepareOrdersDatabase(db);
    const writer = OneTripWriter.for(db)!;
    const transactions = jest.spyOn(writer, 'transaction');
    const group = new OrderGroupCommit(writer, { batch: 16, inFlight: 1 });
    try {
      const ids = await Promise.all(Array.from({ length: 10 }, (_, n) => group.insert(orderRows(n, 1 + (n % 4)))));
      // The first goes alone at once; the nine that came while it was under way go together.
      expect(transactions).toHaveBeenCalledTimes(2);
      expect(new Set(ids).size).toBe(10);
      for (const [n, id] of ids.entries()) {
        const order = (await db('orders').where({ id }).first('order_number')) as { order_number: string };
        expect(order.order_number).toBe(`GC-${n}`);
        const products = (await db('order_items').where({ order_id: id }).orderBy('product_id').pluck('product_id')) as number[];
        expect(products.map(Number)).toEqual(Array.from({ length: 1 + (n % 4) }, (_, i) => n * 10 + i + 1));
        expect(await db('order_status_history').where({ order_id: id }).count({ n: '*' })).toEqual([{ n: 1 }]);
      }
    } finally {
      await writer.close();
      await drop();
    }
  });

  it('refuses only the order that fails: the others of its group are written, it leaves nothing behind', async () => {
    const { db, drop } = await create();
    await prepareOrdersDatabase(db);
    await db('points_holds').insert({ order_number: 'GC-2', account_id: 7, points: 100, created_at: '2026-11-27 10:00:00' });
    const writer = OneTripWriter.for(db)!;
    const group = new OrderGroupCommit(writer, { batch: 16, inFlight: 1 });
    try {
      const answers = await Promise.allSettled([
        group.insert(orderRows(0, 1)),
        group.insert(orderRows(1, 2)),
        group.insert({ ...orderRows(2, 3), releaseHold: 'GC-2' }),
        // Longer than the column: the database refuses this one.
        group.insert(orderRows(3, 2, 'GC-'.padEnd(40, '9'))),
        group.insert(orderRows(4, 1)),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
      expect(((await db('orders').orderBy('id').pluck('order_number')) as string[]).sort()).toEqual(['GC-0', 'GC-1', 'GC-2', 'GC-4']);
      expect(await db('order_items').count({ n: '*' })).toEqual([{ n: 1 + 2 + 3 + 1 }]);
      expect(await db('order_items').where('product_id', '>', 30).andWhere('product_id', '<', 40).count({ n: '*' })).toEqual([{ n: 0 }]);
      expect(await db('order_status_history').count({ n: '*' })).toEqual([{ n: 4 }]);
      // The hold went with its order's commit.
      expect(await db('points_holds').count({ n: '*' })).toEqual([{ n: 0 }]);
    } finally {
      await writer.close();
      await drop();
    }
  });

  it('takes coupon uses inside the group: a single-use coupon goes to the first of two, the second alone leaves nothing', async () => {
    const { db, drop } = await create();
    await prepareOrdersDatabase(db);
    const now = new Date('2026-11-27T07:00:00Z');
    await db('coupons').insert(couponRow({ code: 'GCONCE', usage_limit: 1 }, now.getTime()));
    const coupon = (await db('coupons').where({ code: 'GCONCE' }).first()) as CouponRow;
    const coupons = new CouponsRepository(db);
    const withCoupon = (n: number): NewOrderRows => {
      const who = couponCustomer({ email: `shopper${n}@example.com`, phone: '0712345678' });
      return {
        ...orderRows(n, 2),
        coupon: {
          take: (taken) => coupons.takeStatements(coupon, now, who, taken),
          redemption: (orderId) =>
            coupons.redemptionRow(coupon, { orderId, who, phone: '0712345678', mpesaNo: null, discountCents: 10_000, now }),
        },
      };
    };
    const writer = OneTripWriter.for(db)!;
    const transactions = jest.spyOn(writer, 'transaction');
    const group = new OrderGroupCommit(writer, { batch: 16, inFlight: 1 });
    try {
      const answers = await Promise.all([
        group.insert(orderRows(0, 1)),
        // These four go together, once the first is committed.
        group.insert(withCoupon(1)),
        group.insert(orderRows(2, 3)),
        group.insert(withCoupon(3)),
        group.insert(orderRows(4, 1)),
      ]);
      expect(transactions).toHaveBeenCalledTimes(2);
      expect(answers.map((answer) => answer === null)).toEqual([false, false, false, true, false]);
      expect(((await db('orders').pluck('order_number')) as string[]).sort()).toEqual(['GC-0', 'GC-1', 'GC-2', 'GC-4']);
      const items = async (id: number | null) =>
        Number(((await db('order_items').where({ order_id: id }).count({ n: '*' })) as Array<{ n: number }>)[0]!.n);
      expect(await Promise.all(answers.map(items))).toEqual([1, 2, 3, 0, 1]);
      expect(await db('order_status_history').count({ n: '*' })).toEqual([{ n: 4 }]);
      expect(await db('coupon_redemptions').pluck('order_id')).toEqual([answers[1]]);
      expect(Number(((await db('coupons').where({ code: 'GCONCE' }).first()) as CouponRow).times_used)).toBe(1);
    } finally {
      await writer.close();
      await drop();
    }
  });
});
