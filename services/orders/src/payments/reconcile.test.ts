import { sqlTimestamp } from '@shop/service-kit';
import { testDatabases } from '@shop/service-kit/testing';
import { startFakeDpo, type FakeDpo } from '../testing/fake-dpo';
import { startOrdersHarness, type OrdersHarness } from '../testing/harness';

const ago = (ms: number) => sqlTimestamp(new Date(Date.now() - ms));
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(testDatabases('orders'))('the reconciliation job on $dialect', (database) => {
  let h: OrdersHarness;
  let dpo: FakeDpo;

  beforeAll(async () => {
    dpo = await startFakeDpo();
    h = await startOrdersHarness(database, {
      payments: { hosted: 'dpo', dpo: { companyToken: dpo.companyToken, serviceType: '5525', baseUrl: dpo.url, ptlHours: 24 } },
    });
  });
  afterAll(async () => {
    await h?.close();
    await dpo?.close();
  });

  const pay = async (orderId: number): Promise<string> =>
    (await h.request('POST', '/api/site/v1/dpo/pay', { body: { order_id: orderId, payment_key: h.keyOf(orderId) } })).body.token;
  const run = () => h.services.reconciler.runOnce();
  const orderRow = (id: number) => h.db('orders').where({ id }).first();

  it('re-checks pending payments older than a minute and applies what the provider says, once', async () => {
    const customer = await h.customer();
    const placed = await h.placeOrder(h.cart(2500), { token: customer.token });
    const token = await pay(placed.id);
    dpo.paid(token);
    // A fresh payment is left to its callback.
    const calls = dpo.verifyCalls;
    await run();
    expect(dpo.verifyCalls).toBe(calls);
    expect(Number((await orderRow(placed.id)).is_paid)).toBe(0);

    await h
      .db('payments')
      .where({ reference: token })
      .update({ created_at: ago(2 * MINUTE) });
    const report = await run();
    expect(report.paid).toBeGreaterThanOrEqual(1);
    expect(await orderRow(placed.id)).toMatchObject({ status_id: 2, points_awarded: Math.floor(placed.total_amount / 100) });
    expect(await h.pointsBalance(customer.accountId)).toBe(20 + Math.floor(placed.total_amount / 100));
    // The callback arriving afterwards changes nothing.
    const late = await h.request('GET', `/api/site/v1/dpo/callback?TransactionToken=${token}`);
    expect(late.headers.get('location')).toMatch(/^\/success/);
    expect(await h.count('order_status_history', { order_id: placed.id, status_id: 2 })).toBe(1);
    expect(await h.pointsBalance(customer.accountId)).toBe(20 + Math.floor(placed.total_amount / 100));
  });

  it('fails payments still pending after 24 hours; the unpaid order was cancelled after its hour, its coupon and points given back', async () => {
    const customer = await h.customer();
    const cart = h.cart(3000);
    const subtotal = h.subtotalCents(cart);
    const total = (subtotal - 20_000 - 1000) / 100;
    const placed = await h.placeOrder(cart, {
      token: customer.token,
      overrides: { coupon: 'UNGA200', redeemed_points: 10, email: 'abandoned@example.com' },
      totalKsh: total,
    });
    expect(await h.pointsBalance(customer.accountId)).toBe(10);
    const couponUses = Number((await h.db('coupons').where({ code: 'UNGA200' }).first()).times_used);
    const token = await pay(placed.id);
    await h
      .db('payments')
      .where({ reference: token })
      .update({ created_at: ago(25 * HOUR) });
    await h
      .db('orders')
      .where({ id: placed.id })
      .update({ created_at: ago(25 * HOUR) });

    const report = await run();
    expect(report.expired).toBeGreaterThanOrEqual(1);
    expect(report.cancelled).toBeGreaterThanOrEqual(1);
    expect(await h.db('payments').where({ reference: token }).first()).toMatchObject({ state: 'failed' });
    const order = await orderRow(placed.id);
    expect(order.status_id).toBe(6);
    expect(Number(order.is_paid)).toBe(0);
    expect(order.points_refunded_at).toBeTruthy();
    expect(await h.db('order_status_history').where({ order_id: placed.id }).orderBy('id').select('status_id', 'note')).toEqual([
      { status_id: 1, note: 'Order placed' },
      { status_id: 6, note: 'Not paid within 60 minutes' },
    ]);
    expect(Number((await h.db('coupons').where({ code: 'UNGA200' }).first()).times_used)).toBe(couponUses - 1);
    expect(await h.count('coupon_redemptions', { order_id: placed.id })).toBe(0);
    expect(await h.pointsBalance(customer.accountId)).toBe(20);
    // Running again changes nothing more.
    await run();
    expect(await h.pointsBalance(customer.accountId)).toBe(20);
    expect(await h.count('order_status_history', { order_id: placed.id })).toBe(2);
  });

  it('leaves young orders and orders with a payment still being checked alone', async () => {
    const young = await h.placeOrder(h.cart(2500));
    const waiting = await h.placeOrder(h.cart(2500));
    await h
      .db('orders')
      .where({ id: waiting.id })
      .update({ created_at: ago(25 * HOUR) });
    await pay(waiting.id);
    await run();
    expect((await orderRow(young.id)).status_id).toBe(1);
    expect((await orderRow(waiting.id)).status_id).toBe(1);
  });

  it('credits the points of a paid order whose credit failed', async () => {
    const customer = await h.customer();
    const placed = await h.placeOrder(h.cart(2500), { token: customer.token });
    // Paid, but the customers service was down when it happened.
    await h
      .db('orders')
      .where({ id: placed.id })
      .update({ is_paid: true, status_id: 2, paid_at: ago(5 * MINUTE) });
    await run();
    expect(await h.pointsBalance(customer.accountId)).toBe(20 + Math.floor(placed.total_amount / 100));
    expect((await orderRow(placed.id)).points_awarded_at).toBeTruthy();
    await run();
    expect(await h.customers.db('points_ledger').where({ reason: 'order_paid', reference: placed.order_number })).toHaveLength(1);
  });

  it('refunds points taken by a checkout that died before writing its order', async () => {
    const customer = await h.customer();
    const orderNumber = 'SH-990001';
    await h.customers.request('POST', '/internal/points/redeem', {
      body: { account_id: customer.accountId, points: 7, reason: 'redeemed', reference: orderNumber },
      headers: { 'x-internal-secret': h.config.internalSecret },
    });
    expect(await h.pointsBalance(customer.accountId)).toBe(13);
    await h.db('points_holds').insert({ order_number: orderNumber, account_id: customer.accountId, points: 7, created_at: ago(MINUTE) });
    await run();
    expect(await h.pointsBalance(customer.accountId)).toBe(13);
    await h
      .db('points_holds')
      .where({ order_number: orderNumber })
      .update({ created_at: ago(10 * MINUTE) });
    const report = await run();
    expect(report.holdsRefunded).toBe(1);
    expect(await h.pointsBalance(customer.accountId)).toBe(20);
    expect(await h.count('points_holds')).toBe(0);
  });

  it('runs one pass at a time', async () => {
    const [a, b] = await Promise.all([run(), run()]);
    expect(a).toBe(b);
  });
});
