import type { Order } from '@shop/api-types';
import { createLogger } from '@shop/service-kit';
import { testDatabases } from '@shop/service-kit/testing';
import { CatalogClient } from '../clients/catalog';
import { startOrdersHarness, type OrdersHarness } from '../testing/harness';
import { findDemoCustomer } from './seed/demo-customer';
import { seedOrderHistory } from './seed/history';
import { prepareOrdersDatabase } from './setup';

describe.each(testDatabases('orders'))('seed data on $dialect', (database) => {
  let h: OrdersHarness;

  beforeAll(async () => {
    h = await startOrdersHarness(database);
  });
  afterAll(async () => {
    await h?.close();
  });

  it('writes the four demo coupons once', async () => {
    await prepareOrdersDatabase(h.db);
    const coupons = await h
      .db('coupons')
      .orderBy('id')
      .select('code', 'discount_type', 'discount_percent_bp', 'discount_value_cents', 'usage_limit', 'per_customer_limit');
    expect(coupons).toEqual([
      {
        code: 'KARIBU10',
        discount_type: 'percent',
        discount_percent_bp: 1000,
        discount_value_cents: null,
        usage_limit: null,
        per_customer_limit: 1,
      },
      {
        code: 'UNGA200',
        discount_type: 'value',
        discount_percent_bp: null,
        discount_value_cents: 20000,
        usage_limit: null,
        per_customer_limit: null,
      },
      {
        code: 'ONCEONLY',
        discount_type: 'percent',
        discount_percent_bp: 500,
        discount_value_cents: null,
        usage_limit: 1,
        per_customer_limit: null,
      },
      {
        code: 'EXPIRED5',
        discount_type: 'percent',
        discount_percent_bp: 500,
        discount_value_cents: null,
        usage_limit: null,
        per_customer_limit: null,
      },
    ]);
  });

  it('skips the history (with a log line, no error) when the catalogue cannot be reached', async () => {
    const unreachable = new CatalogClient('http://127.0.0.1:9', h.config.internalSecret);
    expect(
      await seedOrderHistory(h.db, {
        catalog: unreachable,
        customers: h.services.customers,
        numbers: h.services.numbers,
        logger: createLogger('orders'),
      }),
    ).toBe(0);
    expect(await h.count('orders')).toBe(0);
  });

  it('finds the demo customer by its published development credentials, and nothing when there is none', async () => {
    expect(await findDemoCustomer(h.customers.url, h.config.internalSecret)).toBeNull();
    await h.customers.register({
      email: 'customer@example.com',
      password: 'Customer@123',
      first_name: 'Demo',
      last_name: 'Customer',
      phone: '0711000222',
    });
    expect(await findDemoCustomer(h.customers.url, h.config.internalSecret)).toEqual({
      id: expect.any(Number),
      first_name: 'Demo',
      last_name: 'Customer',
      email: 'customer@example.com',
      phone: '0711000222',
    });
    // CUSTOMERS_URL of several instances, the first one stopped: the next one answers.
    const stoppedFirst = `http://127.0.0.1:9,${h.customers.url}`;
    expect(await findDemoCustomer(stoppedFirst, h.config.internalSecret)).toMatchObject({ email: 'customer@example.com' });
  });

  it('seeds months of believable order history quickly, once, and live orders carry on after it', async () => {
    const customer = await h.customer();
    const profile = await h.customers.request('GET', '/api/get-profile', { token: customer.token });
    const started = Date.now();
    const seeded = await seedOrderHistory(
      h.db,
      { catalog: h.services.catalog, customers: h.services.customers, numbers: h.services.numbers, logger: createLogger('orders') },
      {
        demoCustomer: {
          id: customer.accountId,
          first_name: profile.body.first_name,
          last_name: profile.body.last_name,
          email: customer.email,
          phone: profile.body.phone,
        },
      },
    );
    const seconds = (Date.now() - started) / 1000;
    if (database.dialect === 'sqlite') expect(seconds).toBeLessThan(10);
    expect(seeded).toBeGreaterThan(1500);
    expect(await h.count('orders')).toBe(seeded);

    const byStatus = await h
      .db('orders')
      .select('status_id')
      .count<Array<{ status_id: number; count: number | string }>>({ count: '*' })
      .groupBy('status_id');
    const share = (id: number) => Number(byStatus.find((row) => Number(row.status_id) === id)?.count ?? 0) / seeded;
    expect(share(5) + share(2)).toBeGreaterThan(0.7);
    expect(share(6)).toBeGreaterThan(0);

    const [range] = await h.db('orders').min({ first: 'created_at' }).max({ last: 'created_at' }).min({ smallest: 'total_cents' });
    expect(Date.now() - new Date(range!.first).getTime()).toBeGreaterThan(200 * 86400_000);
    expect(Number(range!.smallest)).toBeGreaterThanOrEqual(193_000);
    const [numbers] = await h.db('orders').countDistinct({ count: 'order_number' });
    expect(Number(numbers!.count)).toBe(seeded);
    const [withoutItems] = await h
      .db('orders as o')
      .whereNotExists(h.db('order_items as i').whereRaw('i.order_id = o.id'))
      .count({ count: '*' });
    expect(Number(withoutItems!.count)).toBe(0);
    const paidWithoutPayment = await h
      .db('orders as o')
      .where('o.is_paid', true)
      .whereNotExists(h.db('payments as p').whereRaw('p.order_id = o.id').where('p.state', 'paid'))
      .count({ count: '*' });
    expect(Number(paidWithoutPayment[0]!.count)).toBe(0);

    // The demo customer sees its seeded orders; its points ledger is left alone.
    const mine = (await h.request('GET', '/api/orders', { token: customer.token })).body.orders as Order[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine[0]!.status_history[0]!.status.name).toBe('Pending');
    expect(await h.pointsBalance(customer.accountId)).toBe(20);

    // Seeded once; and a live order gets a number of its own.
    expect(
      await seedOrderHistory(h.db, {
        catalog: h.services.catalog,
        customers: h.services.customers,
        numbers: h.services.numbers,
        logger: createLogger('orders'),
      }),
    ).toBe(0);
    const live = await h.placeOrder(h.cart(2500));
    expect(await h.count('orders', { order_number: live.order_number })).toBe(1);
    await h.services.reconciler.runOnce();
    expect(await h.pointsBalance(customer.accountId)).toBe(20);
  });
});
