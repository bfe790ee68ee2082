import type { AdminOrder } from '@shop/api-types';
import { sqlTimestamp } from '@shop/service-kit';
import { testDatabases } from '@shop/service-kit/testing';
import { startOrdersHarness, type OrdersHarness } from '../testing/harness';

const CANCELLED = 6;
const PAID = 2;

describe.each(testDatabases('orders-refund'))('a payment confirmed after the order was cancelled, on $dialect', (database) => {
  let h: OrdersHarness;
  let staff: string;

  beforeAll(async () => {
    h = await startOrdersHarness(database, { seedDemoAccounts: true });
    staff = await h.staffToken();
  });
  afterAll(async () => {
    await h?.close();
  });

  const orderRow = (id: number) => h.orderRow(id);
  const history = (id: number) => h.statusHistory(id);
  const couponUses = async () => Number((await h.db('coupons').where({ code: 'UNGA200' }).first('times_used')).times_used);
  const cancel = (id: number) =>
    h.request('POST', `/api/admin/orders/${id}/status`, { token: staff, body: { status_id: CANCELLED, note: 'Customer called' } });
  const adminOrder = async (id: number): Promise<AdminOrder> =>
    (await h.request('GET', `/api/admin/orders/${id}`, { token: staff })).body.order;
  const refundDone = (id: number) => h.request('POST', `/api/admin/orders/${id}/refund-done`, { token: staff });
  const payOnPage = (orderId: number) => h.payOnSimulatorPage(orderId);
  const follow = (location: string) => h.follow(location);
  /** A signed-in customer's order with the UNGA200 coupon and 10 redeemed points. */
  const couponOrder = async () => {
    const customer = await h.customer();
    const cart = h.cart(2500);
    const placed = await h.placeOrder(cart, {
      token: customer.token,
      totalKsh: (h.subtotalCents(cart) - 20_000 - 1000) / 100,
      overrides: { coupon: 'UNGA200', redeemed_points: 10, email: `late.${customer.accountId}@example.com` },
    });
    return { customer, placed };
  };

  it('keeps the order Cancelled, records the payment as refund due, and re-applies neither coupon nor points; repeated callbacks add nothing', async () => {
    const { customer, placed } = await couponOrder();
    // The shopper opened the payment page, then staff cancelled the order before the money came in.
    const { token, callback } = await payOnPage(placed.id);
    expect((await cancel(placed.id)).status).toBe(200);
    const usesAfterCancel = await couponUses();
    expect(await h.pointsBalance(customer.accountId)).toBe(20);

    expect(await follow(callback)).toBe(`/failed?order_id=${placed.order_number}&refund=1`);

    const row = await orderRow(placed.id);
    expect(row.status_id).toBe(CANCELLED);
    expect(Number(row.is_paid)).toBe(0);
    expect(row.paid_at).toBeNull();
    expect(row.refund_due_at).toBeTruthy();
    expect(Number(row.points_awarded)).toBe(0);
    const payment = await h.db('payments').where({ reference: token }).first();
    expect(payment).toMatchObject({ state: 'paid', provider_ref: expect.stringMatching(/^SIM/) });
    expect(payment.refund_due_at).toBeTruthy();
    expect(await history(placed.id)).toEqual([
      { status_id: 1, note: 'Order placed' },
      { status_id: CANCELLED, note: 'Customer called' },
      {
        status_id: CANCELLED,
        note: expect.stringMatching(/^Payment received after cancellation — refund due: KSh [\d,.]+ by the payment simulator \(SIM\w+\)$/),
      },
    ]);
    expect(await couponUses()).toBe(usesAfterCancel);
    expect(await h.count('coupon_redemptions', { order_id: placed.id })).toBe(0);
    expect(await h.pointsBalance(customer.accountId)).toBe(20);

    // What staff see: the order detail and the list carry the refund due, with the amount taken.
    const detail = await adminOrder(placed.id);
    expect(detail).toMatchObject({
      status: { name: 'Cancelled' },
      is_paid: 0,
      refund_due: { since: expect.stringMatching(/Z$/), amount: Number(payment.amount_cents) / 100 },
    });
    const listed = (await h.request('GET', `/api/admin/orders?q=${placed.order_number}`, { token: staff })).body.orders
      .data as AdminOrder[];
    expect(listed.map((o) => [o.id, o.refund_due?.amount])).toEqual([[placed.id, Number(payment.amount_cents) / 100]]);
    // The customer's order page shows the status history with the refund note.
    const mine = await h.request('GET', '/api/orders', { token: customer.token });
    const seen = (
      mine.body.orders as Array<{ id: number; status: { name: string }; is_paid: number; status_history: Array<{ note: string | null }> }>
    ).find((o) => o.id === placed.id)!;
    expect(seen).toMatchObject({ status: { name: 'Cancelled' }, is_paid: 0 });
    expect(seen.status_history.at(-1)!.note).toMatch(/refund due/);

    // The same confirmation again, at once and later, and the reconciler: nothing more is written.
    const again = await Promise.all(Array.from({ length: 4 }, () => follow(callback)));
    expect(new Set(again)).toEqual(new Set([`/failed?order_id=${placed.order_number}&refund=1`]));
    await h.services.reconciler.runOnce();
    expect(await history(placed.id)).toHaveLength(3);
    expect((await orderRow(placed.id)).refund_due_at).toEqual(row.refund_due_at);
    expect(await couponUses()).toBe(usesAfterCancel);
    expect(await h.pointsBalance(customer.accountId)).toBe(20);
    expect(await h.customers.db('points_ledger').where({ reference: placed.order_number, reason: 'order_paid' })).toHaveLength(0);
  });

  it('the reconciler finding the payment confirmed also flags the refund instead of marking the order paid', async () => {
    const { customer, placed } = await couponOrder();
    const { token } = await payOnPage(placed.id);
    // The callback never arrives; the order is cancelled meanwhile.
    expect((await cancel(placed.id)).status).toBe(200);
    await h
      .db('payments')
      .where({ reference: token })
      .update({ created_at: sqlTimestamp(new Date(Date.now() - 2 * 60_000)) });
    const report = await h.services.reconciler.runOnce();
    expect(report.paid).toBeGreaterThanOrEqual(1);
    const row = await orderRow(placed.id);
    expect(row).toMatchObject({ status_id: CANCELLED });
    expect(Number(row.is_paid)).toBe(0);
    expect(row.refund_due_at).toBeTruthy();
    expect((await adminOrder(placed.id)).refund_due).toEqual({ since: expect.any(String), amount: placed.total_amount });
    expect(await h.pointsBalance(customer.accountId)).toBe(20);
    await h.services.reconciler.runOnce();
    expect((await history(placed.id)).filter((change) => /refund due/.test(change.note ?? ''))).toHaveLength(1);
  });

  it('pay, then cancel: paid, then Cancelled with the points settled and the payment owed back', async () => {
    const customer = await h.customer();
    const placed = await h.placeOrder(h.cart(2500), { token: customer.token });
    const { token, callback } = await payOnPage(placed.id);
    expect(await follow(callback)).toBe(`/success?order_id=${placed.order_number}&name=Wanjiku`);
    const earned = Math.floor(placed.total_amount / 100);
    expect(await h.pointsBalance(customer.accountId)).toBe(20 + earned);

    const cancelled = await cancel(placed.id);
    expect(cancelled.status).toBe(200);
    // Cancelling a paid order owes the money back (the lifecycle): the refund-due flag staff clear.
    expect(cancelled.body.order).toMatchObject({
      status: { name: 'Cancelled' },
      is_paid: 1,
      refund_due: { since: expect.any(String), amount: placed.total_amount },
    });
    expect(await h.pointsBalance(customer.accountId)).toBe(20);
    // A late duplicate of the paid callback still lands on /success and changes nothing.
    expect(await follow(callback)).toMatch(/^\/success/);
    expect((await h.db('payments').where({ reference: token }).first()).refund_due_at).toBeTruthy();
    expect((await orderRow(placed.id)).refund_due_at).toBeTruthy();
    expect((await history(placed.id)).map((change) => change.status_id)).toEqual([1, PAID, CANCELLED]);
    expect((await history(placed.id))[2]!.note).toMatch(/refund due: KSh/);
    // Staff send the money back with the existing flow, once.
    expect((await refundDone(placed.id)).status).toBe(200);
    expect((await adminOrder(placed.id)).refund_due).toBeNull();
    expect((await refundDone(placed.id)).status).toBe(409);
  });

  it('cancel and confirmation at the same moment end in one consistent state', async () => {
    for (let round = 0; round < 4; round += 1) {
      const customer = await h.customer();
      const placed = await h.placeOrder(h.cart(2500), { token: customer.token });
      const { callback } = await payOnPage(placed.id);
      const [cancelled, landed] = await Promise.all([cancel(placed.id), follow(callback)]);
      const row = await orderRow(placed.id);
      const statuses = (await history(placed.id)).map((change) => change.status_id);
      if (Number(row.is_paid) === 0) {
        // Cancelled first: the order stays Cancelled and the money is owed back; nothing was earned.
        expect(cancelled.status).toBe(200);
        expect(landed).toBe(`/failed?order_id=${placed.order_number}&refund=1`);
        expect(row.status_id).toBe(CANCELLED);
        expect(row.refund_due_at).toBeTruthy();
        expect(statuses).toEqual([1, CANCELLED, CANCELLED]);
        expect(await h.pointsBalance(customer.accountId)).toBe(20);
      } else {
        // Paid first: the staff change was either refused (the order moved under it) or cancelled a paid order, whose money is then owed back.
        expect(landed).toMatch(/^\/success/);
        if (cancelled.status === 200) {
          expect(row.refund_due_at).toBeTruthy();
          expect(row.status_id).toBe(CANCELLED);
          expect(statuses).toEqual([1, PAID, CANCELLED]);
        } else {
          expect(cancelled.status).toBe(422);
          expect(row.refund_due_at).toBeNull();
          expect(row.status_id).toBe(PAID);
          expect(statuses).toEqual([1, PAID]);
        }
      }
    }
  });
});
