import type { AdminOrder, AuditEntry, Page } from '@shop/api-types';
import { sqlTimestamp } from '@shop/service-kit';
import { testDatabases } from '@shop/service-kit/testing';
import { startOrdersHarness, type OrdersHarness } from '../testing/harness';

describe.each(testDatabases('orders-admin'))('back office orders on $dialect', (database) => {
  let h: OrdersHarness;
  let staff: string;

  beforeAll(async () => {
    h = await startOrdersHarness(database, { seedDemoAccounts: true });
    staff = await h.staffToken();
  });
  afterAll(async () => {
    await h?.close();
  });

  const get = (path: string, token = staff) => h.request('GET', path, { token });

  it('answers staff only: a customer token is 403, no token 401', async () => {
    const customer = await h.customer();
    for (const path of [
      '/api/admin/orders',
      '/api/admin/orders/1',
      '/api/admin/order-statuses',
      '/api/admin/orders/export.csv',
      '/api/admin/coupons',
      '/api/admin/dashboard/today',
      '/api/admin/audit/orders',
    ]) {
      expect((await get(path, customer.token)).status).toBe(403);
      expect((await h.request('GET', path)).status).toBe(401);
    }
    expect((await h.request('POST', '/api/admin/orders/1/status', { token: customer.token, body: { status_id: 3 } })).status).toBe(403);
  });

  it('lists the statuses', async () => {
    const answer = await get('/api/admin/order-statuses');
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(6);
    expect(answer.body[1]).toEqual({ id: 2, name: 'Paid', color: '#16a34a' });
  });

  it('pages orders newest first with one order serializer plus customer_id, and filters them', async () => {
    const customer = await h.customer();
    const placed = [];
    for (let i = 0; i < 17; i += 1)
      placed.push(
        await h.placeOrder(h.cart(2000, 2), {
          token: i === 0 ? customer.token : undefined,
          overrides: { first_name: `Pager${i}`, last_name: 'Listed', email: `pager${i}@example.com` },
        }),
      );
    const first = (await get('/api/admin/orders?page=1&per_page=15&q=Listed')).body.orders as Page<AdminOrder>;
    expect(first).toMatchObject({ current_page: 1, last_page: 2, per_page: 15, total: 17 });
    expect(first.data.map((o) => o.order_number)).toEqual(
      placed
        .slice(2)
        .reverse()
        .map((o) => o.order_number),
    );
    const second = (await get('/api/admin/orders?page=2&q=Listed')).body.orders as Page<AdminOrder>;
    expect(second.data.map((o) => o.order_number)).toEqual([placed[1]!.order_number, placed[0]!.order_number]);
    expect(second.data[1]).toMatchObject({
      customer_id: customer.accountId,
      customer: { first_name: 'Pager0', email: 'pager0@example.com' },
      status: { id: 1 },
      is_paid: 0,
    });
    expect(second.data[1]!.order_items.length).toBe(2);
    expect(second.data[1]!.status_history).toHaveLength(1);
    expect(second.data[0]!.customer_id).toBeNull();

    // Search: order number prefix, name words, email.
    expect((await get(`/api/admin/orders?q=${placed[3]!.order_number}`)).body.orders.data.map((o: AdminOrder) => o.id)).toEqual([
      placed[3]!.id,
    ]);
    expect((await get(`/api/admin/orders?q=${placed[3]!.order_number.toLowerCase()}`)).body.orders.total).toBe(1);
    expect((await get('/api/admin/orders?q=pager12%20listed')).body.orders.data.map((o: AdminOrder) => o.id)).toEqual([placed[12]!.id]);
    expect((await get('/api/admin/orders?q=pager16@example.com')).body.orders.data.map((o: AdminOrder) => o.id)).toEqual([placed[16]!.id]);
    expect((await get('/api/admin/orders?q=%25')).body.orders.total).toBe(0);

    // Status and Nairobi dates.
    await h.db('orders').where({ id: placed[5]!.id }).update({ status_id: 3 });
    const processing = (await get('/api/admin/orders?status_ids=3,4&q=Listed')).body.orders as Page<AdminOrder>;
    expect(processing.data.map((o) => o.id)).toEqual([placed[5]!.id]);
    await h.db('orders').where({ id: placed[6]!.id }).update({ created_at: '2025-01-31 21:30:00' }); // 1 Feb 00:30 in Nairobi
    const feb = (await get('/api/admin/orders?from=2025-02-01&to=2025-02-01')).body.orders as Page<AdminOrder>;
    expect(feb.data.map((o) => o.id)).toEqual([placed[6]!.id]);
    expect((await get('/api/admin/orders?from=2025-01-31&to=2025-01-31')).body.orders.total).toBe(0);

    for (const bad of ['page=0', 'page=x', 'per_page=1000', 'status_ids=a', 'from=2025-02-30', 'from=2025-03-01&to=2025-02-01']) {
      const answer = await get(`/api/admin/orders?${bad}`);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
  });

  it('pages with one count, one page query and one query per child table (no N+1)', async () => {
    const queries: string[] = [];
    const listener = (query: { sql: string }) => queries.push(query.sql);
    h.db.on('query', listener);
    try {
      expect((await get('/api/admin/orders?per_page=15')).status).toBe(200);
    } finally {
      h.db.removeListener('query', listener);
    }
    const tables = queries.filter((sql) => !/access_tokens|accounts/.test(sql));
    expect(tables.filter((sql) => /from [`"]orders[`"]/i.test(sql))).toHaveLength(2);
    expect(tables.filter((sql) => /from [`"]order_items[`"]/i.test(sql))).toHaveLength(1);
    expect(tables.filter((sql) => /from [`"]order_status_history[`"]/i.test(sql))).toHaveLength(1);
  });

  it('shows one order, 404 for an unknown id, 400 for a bad one', async () => {
    const placed = await h.placeOrder(h.cart(2000));
    const answer = await get(`/api/admin/orders/${placed.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({
      id: placed.id,
      order_number: placed.order_number,
      customer_id: null,
      total_amount: placed.total_amount,
    });
    expect((await get('/api/admin/orders/999999')).status).toBe(404);
    expect((await get('/api/admin/orders/abc')).status).toBe(400);
  });

  it('changes the status with a history row the customer sees, audited; never to Paid; 422 for an unknown status', async () => {
    const customer = await h.customer();
    const placed = await h.placeOrder(h.cart(2000), { token: customer.token });
    const post = (body: unknown, id = placed.id) => h.request('POST', `/api/admin/orders/${id}/status`, { token: staff, body });

    const paid = await post({ status_id: 2 });
    expect(paid.status).toBe(422);
    expect(paid.body.errors).toEqual({ status_id: ['Only a confirmed payment can mark an order paid.'] });
    expect((await post({ status_id: 9 })).body.errors).toEqual({ status_id: ['The selected status is invalid.'] });
    expect((await post({})).status).toBe(422);
    expect((await post({ status_id: 3 }, 999999)).status).toBe(404);

    // Processing follows Paid only (the lifecycle): the order is paid first, as a shopper does.
    expect(await post({ status_id: 3 })).toMatchObject({
      status: 422,
      body: { errors: { status_id: ['An order that is Pending cannot be marked Processing.'] } },
    });
    await h.follow((await h.payOnSimulatorPage(placed.id)).callback);
    const moved = await post({ status_id: 3, note: 'Packed at the depot' });
    expect(moved.status).toBe(200);
    expect(moved.body.order.status).toEqual({ id: 3, name: 'Processing', color: '#2563eb' });
    const mine = await h.request('GET', `/api/orders/view/${placed.order_number}`, { token: customer.token });
    expect(mine.body.status.id).toBe(3);
    expect(mine.body.status_history.map((change: { status: { id: number }; note: string }) => [change.status.id, change.note])).toEqual([
      [1, 'Order placed'],
      [2, expect.stringMatching(/^Paid by the payment simulator/)],
      [3, 'Packed at the depot'],
    ]);
    const log = (await get('/api/admin/audit/orders')).body as Page<AuditEntry>;
    expect(log.data[0]).toMatchObject({
      action: 'order.status_changed',
      entity: 'order',
      entity_id: placed.id,
      actor: { name: expect.any(String) },
    });
    expect(log.data[0]!.summary).toContain(placed.order_number);
  });

  it('cancelling gives back the coupon use and the redeemed points, once; a cancelled order stays cancelled', async () => {
    const customer = await h.customer();
    const cart = h.cart(2500);
    const subtotal = h.subtotalCents(cart);
    const placed = await h.placeOrder(cart, {
      token: customer.token,
      totalKsh: (subtotal - 20_000 - 1000) / 100,
      overrides: { coupon: 'UNGA200', redeemed_points: 10, email: 'cancel.me@example.com' },
    });
    expect(await h.pointsBalance(customer.accountId)).toBe(10);
    const usedBefore = Number((await h.db('coupons').where({ code: 'UNGA200' }).first('times_used')).times_used);
    expect(await h.count('coupon_redemptions', { order_id: placed.id })).toBe(1);

    const cancelled = await h.request('POST', `/api/admin/orders/${placed.id}/status`, {
      token: staff,
      body: { status_id: 6, note: 'Customer called' },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.order.status.id).toBe(6);
    expect(await h.count('coupon_redemptions', { order_id: placed.id })).toBe(0);
    expect(Number((await h.db('coupons').where({ code: 'UNGA200' }).first('times_used')).times_used)).toBe(usedBefore - 1);
    expect(await h.pointsBalance(customer.accountId)).toBe(20);

    const again = await h.request('POST', `/api/admin/orders/${placed.id}/status`, { token: staff, body: { status_id: 3 } });
    expect(again.status).toBe(422);
    expect(await h.pointsBalance(customer.accountId)).toBe(20);
  });

  describe('cancelling a paid order on which points were redeemed', () => {
    const cancel = (id: number) =>
      h.request('POST', `/api/admin/orders/${id}/status`, { token: staff, body: { status_id: 6, note: 'Out of stock' } });
    /** Pays on the simulator's page and follows its callback, as the shopper's browser does. */
    const payOnSimulator = async (orderId: number): Promise<void> => {
      const { token } = (await h.request('POST', '/api/site/v1/dpo/pay', { body: { order_id: orderId, payment_key: h.keyOf(orderId) } }))
        .body;
      const pressed = await h.request('POST', `/api/site/v1/simulator/${token}/pay`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        raw: '',
      });
      const callback = await h.request('GET', pressed.headers.get('location')!);
      expect(callback.headers.get('location')).toMatch(/^\/success/);
    };
    /** A customer (20 sign-up points) who redeemed 10 on a paid order: answers the order and the points it earned. */
    const paidOrderWithPoints = async () => {
      const customer = await h.customer();
      const cart = h.cart(2500);
      const placed = await h.placeOrder(cart, {
        token: customer.token,
        totalKsh: (h.subtotalCents(cart) - 1000) / 100,
        overrides: { redeemed_points: 10 },
      });
      const earned = Math.floor(placed.total_amount / 100);
      return { customer, placed, earned };
    };
    const ledger = async (reference: string) =>
      (await h.customers.db('points_ledger').where({ reference }).orderBy('id').select('reason', 'delta')).map(
        (row: { reason: string; delta: number }) => [row.reason, Number(row.delta)],
      );

    afterEach(() => jest.restoreAllMocks());

    it('gives back the redeemed points and takes back the earned ones as ledger rows, once; cancelling again changes nothing', async () => {
      const { customer, placed, earned } = await paidOrderWithPoints();
      await payOnSimulator(placed.id);
      expect(await h.pointsBalance(customer.accountId)).toBe(10 + earned);

      const cancelled = await cancel(placed.id);
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.order).toMatchObject({ status: { name: 'Cancelled' }, is_paid: 1 });
      expect(await h.pointsBalance(customer.accountId)).toBe(20);
      expect(await ledger(placed.order_number)).toEqual([
        ['redeemed', -10],
        ['order_paid', earned],
        ['redeem_refund', 10],
        ['order_paid_reversed', -earned],
      ]);
      const row = await h.db('orders').where({ id: placed.id }).first();
      expect(row.points_refunded_at).toBeTruthy();
      expect(row.points_reversed_at).toBeTruthy();
      // What the customer sees on their Shwari Points page.
      const history = await h.customers.request('GET', '/api/points', { token: customer.token });
      expect(history.body.current_balance).toBe(20);
      expect(history.body.entries.slice(0, 2).map((entry: { reason: string; delta: number }) => [entry.reason, entry.delta])).toEqual([
        ['order_paid_reversed', -earned],
        ['redeem_refund', 10],
      ]);

      const again = await cancel(placed.id);
      expect(again).toMatchObject({ status: 422, body: { errors: { status_id: ['The order already has this status.'] } } });
      await h.services.payments.refundRedeemedPoints(placed.id);
      await h.services.payments.reverseEarnedPoints(placed.id);
      await h.services.reconciler.runOnce();
      expect(await h.pointsBalance(customer.accountId)).toBe(20);
      expect(await ledger(placed.order_number)).toHaveLength(4);
    });

    it('writes one refund and one take-back when staff cancel it several times at once', async () => {
      const { customer, placed, earned } = await paidOrderWithPoints();
      await payOnSimulator(placed.id);
      const answers = await Promise.all(Array.from({ length: 6 }, () => cancel(placed.id)));
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422, 422, 422, 422, 422]);
      expect(await h.count('order_status_history', { order_id: placed.id, status_id: 6 })).toBe(1);
      expect(await ledger(placed.order_number)).toEqual([
        ['redeemed', -10],
        ['order_paid', earned],
        ['redeem_refund', 10],
        ['order_paid_reversed', -earned],
      ]);
      expect(await h.pointsBalance(customer.accountId)).toBe(20);
    });

    it('still cancels when the customers service is down; the reconciler settles the points later, once', async () => {
      const { customer, placed, earned } = await paidOrderWithPoints();
      await payOnSimulator(placed.id);
      jest.spyOn(h.services.customers, 'refundPoints').mockRejectedValueOnce(new Error('customers service down'));
      jest.spyOn(h.services.customers, 'reverseEarnedPoints').mockRejectedValueOnce(new Error('customers service down'));
      expect((await cancel(placed.id)).status).toBe(200);
      expect(await h.pointsBalance(customer.accountId)).toBe(10 + earned);
      expect(await h.db('orders').where({ id: placed.id }).first()).toMatchObject({ points_refunded_at: null, points_reversed_at: null });

      await h.services.reconciler.runOnce();
      await h.services.reconciler.runOnce();
      expect(await h.pointsBalance(customer.accountId)).toBe(20);
      expect(await ledger(placed.order_number)).toHaveLength(4);
    });

    it('never credits an order cancelled before its points arrived, even when the credit was already on its way', async () => {
      // The credit failed at payment: cancelled afterwards, the reconciler must not credit it.
      const first = await paidOrderWithPoints();
      jest.spyOn(h.services.customers, 'earnPoints').mockRejectedValueOnce(new Error('customers service down'));
      await payOnSimulator(first.placed.id);
      expect(await h.pointsBalance(first.customer.accountId)).toBe(10);
      expect((await cancel(first.placed.id)).status).toBe(200);
      await h
        .db('orders')
        .where({ id: first.placed.id })
        .update({ paid_at: sqlTimestamp(new Date(Date.now() - 5 * 60_000)) });
      await h.services.reconciler.runOnce();
      expect(await h.pointsBalance(first.customer.accountId)).toBe(20);
      expect(await ledger(first.placed.order_number)).toEqual([
        ['redeemed', -10],
        ['redeem_refund', 10],
      ]);

      // Staff cancel while the credit is in flight: it lands after the cancellation looked, and is taken back.
      const second = await paidOrderWithPoints();
      const customers = h.services.customers;
      const earn = customers.earnPoints.bind(customers);
      jest.spyOn(customers, 'earnPoints').mockImplementationOnce(async (request) => {
        expect((await cancel(second.placed.id)).status).toBe(200);
        return earn(request);
      });
      await payOnSimulator(second.placed.id);
      expect(await h.pointsBalance(second.customer.accountId)).toBe(20);
      expect(await ledger(second.placed.order_number)).toEqual([
        ['redeemed', -10],
        ['redeem_refund', 10],
        ['order_paid', second.earned],
        ['order_paid_reversed', -second.earned],
      ]);
    });
  });

  it('exports every filtered order as UTF-8 CSV with a BOM and proper quoting', async () => {
    const tricky = await h.placeOrder(h.cart(2000, 2), {
      overrides: { first_name: 'Amina "Mama"', last_name: 'Otieno, Jr', email: 'csv.export@example.com' },
    });
    const response = await fetch(`${h.url}/api/admin/orders/export.csv?q=csv.export@example.com`, {
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Order Number,Customer,Email,Products,Amount (KSh),Date,Status,Payment');
    expect(lines[1]).toMatch(
      new RegExp(
        `^${tricky.order_number},"Amina ""Mama"" Otieno, Jr",csv.export@example.com,.+ x \\d+; .+ x \\d+,${tricky.total_amount.toFixed(2)},\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d,Pending,Unpaid$`,
      ),
    );
    expect(lines.slice(2)).toEqual(['']);

    // All orders, past any batch size, same count as the list.
    const total = (await get('/api/admin/orders')).body.orders.total as number;
    const all = await fetch(`${h.url}/api/admin/orders/export.csv`, { headers: { authorization: `Bearer ${staff}` } });
    const rows = (await all.text()).split('\r\n').filter((line) => line !== '');
    expect(rows.length - 1).toBe(total);
    expect((await get('/api/admin/orders/export.csv?status_ids=x')).status).toBe(400);
  });
});
