import type { AdminOrder, AuditEntry, Page } from '@shop/api-types';
import { sqlTimestamp } from '@shop/service-kit';
import { testDatabases } from '@shop/service-kit/testing';
import { SIMULATED_PUSH_MS, startOrdersHarness, type OrdersHarness } from '../testing/harness';

const PENDING = 1;
const PAID = 2;
const CANCELLED = 6;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SECOND_PAYMENT_NOTE = /^Order already paid; second payment received — refund due: KSh [\d,.]+ by the payment simulator \(SIM\w+\)$/;

describe.each(testDatabases('orders-double'))(
  'a second payment for a paid order, and staff marking a refund as made, on $dialect',
  (database) => {
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
    const adminOrder = async (id: number): Promise<AdminOrder> =>
      (await h.request('GET', `/api/admin/orders/${id}`, { token: staff })).body.order;
    const refundDone = (id: number, token: string | null = staff) =>
      h.request('POST', `/api/admin/orders/${id}/refund-done`, token === null ? {} : { token });
    const push = async (orderId: number): Promise<string> => {
      const answer = await h.request('POST', '/api/site/v1/push', {
        body: { mobile: '0712345678', amount: 1, email: 'x@example.com', order_id: orderId, payment_key: h.keyOf(orderId) },
      });
      expect(answer.status).toBe(200);
      return answer.body.CheckoutRequestID as string;
    };
    /** Daraja's success callback for the push (re-queried by the service, as a real one is). */
    const mpesaCallback = (checkoutRequestId: string, shillings: number) =>
      h.request('POST', '/api/site/v1/mpesa/callback', {
        body: {
          Body: {
            stkCallback: {
              MerchantRequestID: 'x',
              CheckoutRequestID: checkoutRequestId,
              ResultCode: 0,
              ResultDesc: 'ok',
              CallbackMetadata: {
                Item: [
                  { Name: 'Amount', Value: shillings },
                  { Name: 'MpesaReceiptNumber', Value: 'QK12ABC' },
                ],
              },
            },
          },
        },
      });
    const check = (checkoutRequestId: string, orderId: number) =>
      h.request('GET', `/api/site/v1/check/transaction/${checkoutRequestId}/${orderId}`, {
        headers: { 'x-payment-key': h.keyOf(orderId) ?? '' },
      });
    const payOnPage = (orderId: number) => h.payOnSimulatorPage(orderId);
    const follow = (location: string) => h.follow(location);

    /**
     * The shopper starts an M-Pesa prompt, then pays by card on the hosted page before answering it,
     * then answers the prompt too: the card pays the order, the M-Pesa money is the second payment.
     */
    const doublePaid = async () => {
      const customer = await h.customer();
      const placed = await h.placeOrder(h.cart(2500), { token: customer.token });
      const checkoutRequestId = await push(placed.id);
      const card = await payOnPage(placed.id);
      expect(await follow(card.callback)).toBe(`/success?order_id=${placed.order_number}&name=Wanjiku`);
      await sleep(SIMULATED_PUSH_MS + 100);
      const shillings = Math.ceil(placed.total_amount);
      expect((await mpesaCallback(checkoutRequestId, shillings)).body).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
      return { customer, placed, checkoutRequestId, card, shillings };
    };

    it('flags the second payment refund due for its own amount; the order stays Paid and earns once; repeated confirmations add nothing', async () => {
      const { customer, placed, checkoutRequestId, card, shillings } = await doublePaid();

      const row = await orderRow(placed.id);
      expect(row.status_id).toBe(PAID);
      expect(Number(row.is_paid)).toBe(1);
      expect(row.refund_due_at).toBeTruthy();
      const second = await h.db('payments').where({ reference: checkoutRequestId }).first();
      expect(second).toMatchObject({ state: 'paid', amount_cents: shillings * 100 });
      expect(second.refund_due_at).toBeTruthy();
      expect((await h.db('payments').where({ reference: card.token }).first()).refund_due_at).toBeNull();
      expect(await history(placed.id)).toEqual([
        { status_id: PENDING, note: 'Order placed' },
        { status_id: PAID, note: expect.stringMatching(/^Paid by the payment simulator/) },
        { status_id: PAID, note: expect.stringMatching(SECOND_PAYMENT_NOTE) },
      ]);
      const earned = Math.floor(placed.total_amount / 100);
      expect(await h.pointsBalance(customer.accountId)).toBe(20 + earned);

      // What staff see on the detail and the list; what the shopper's M-Pesa check says.
      const detail = await adminOrder(placed.id);
      expect(detail).toMatchObject({
        status: { name: 'Paid' },
        is_paid: 1,
        refund_due: { since: expect.stringMatching(/Z$/), amount: shillings },
        refunded: null,
      });
      const listed = (await h.request('GET', `/api/admin/orders?q=${placed.order_number}`, { token: staff })).body.orders
        .data as AdminOrder[];
      expect(listed.map((o) => [o.id, o.refund_due?.amount])).toEqual([[placed.id, shillings]]);
      expect((await check(checkoutRequestId, placed.id)).body).toMatchObject({
        status: 'paid',
        message: 'This order had already been paid. This second payment will be refunded to you.',
      });

      // The same confirmations again, at once and later, and the reconciler: nothing more is written.
      await Promise.all([
        ...Array.from({ length: 3 }, () => mpesaCallback(checkoutRequestId, shillings)),
        check(checkoutRequestId, placed.id),
        follow(card.callback),
      ]);
      await h.services.reconciler.runOnce();
      expect(await history(placed.id)).toHaveLength(3);
      expect((await orderRow(placed.id)).refund_due_at).toEqual(row.refund_due_at);
      expect((await adminOrder(placed.id)).refund_due).toEqual(detail.refund_due);
      expect(await h.pointsBalance(customer.accountId)).toBe(20 + earned);
    });

    it('the reconciler confirming the second payment flags it the same way', async () => {
      const placed = await h.placeOrder(h.cart(2500));
      const checkoutRequestId = await push(placed.id);
      const card = await payOnPage(placed.id);
      expect(await follow(card.callback)).toMatch(/^\/success/);
      await sleep(SIMULATED_PUSH_MS + 100);
      // No callback arrives for the prompt; the reconciler asks the provider.
      await h
        .db('payments')
        .where({ reference: checkoutRequestId })
        .update({ created_at: sqlTimestamp(new Date(Date.now() - 2 * 60_000)) });
      expect((await h.services.reconciler.runOnce()).paid).toBeGreaterThanOrEqual(1);
      expect((await orderRow(placed.id)).status_id).toBe(PAID);
      expect((await adminOrder(placed.id)).refund_due).toEqual({ since: expect.any(String), amount: Math.ceil(placed.total_amount) });
      await h.services.reconciler.runOnce();
      expect((await history(placed.id)).filter((change) => /refund due/.test(change.note ?? ''))).toHaveLength(1);
    });

    it('two payments confirmed at the same moment: one pays the order, the other is owed back', async () => {
      for (let round = 0; round < 3; round += 1) {
        const customer = await h.customer();
        const placed = await h.placeOrder(h.cart(2500), { token: customer.token });
        const checkoutRequestId = await push(placed.id);
        const card = await payOnPage(placed.id);
        await sleep(SIMULATED_PUSH_MS + 100);
        const shillings = Math.ceil(placed.total_amount);
        await Promise.all([follow(card.callback), mpesaCallback(checkoutRequestId, shillings), check(checkoutRequestId, placed.id)]);
        const payments = await h
          .db('payments')
          .where({ order_id: placed.id })
          .orderBy('id')
          .select('reference', 'state', 'refund_due_at', 'amount_cents');
        expect(payments.map((p) => p.state)).toEqual(['paid', 'paid']);
        const owed = payments.filter((p) => p.refund_due_at !== null);
        expect(owed).toHaveLength(1);
        const statuses = (await history(placed.id)).map((change) => change.status_id);
        expect(statuses).toEqual([PENDING, PAID, PAID]);
        expect(Number((await orderRow(placed.id)).is_paid)).toBe(1);
        expect((await adminOrder(placed.id)).refund_due?.amount).toBe(Number(owed[0]!.amount_cents) / 100);
        expect(await h.pointsBalance(customer.accountId)).toBe(20 + Math.floor(placed.total_amount / 100));
      }
    });

    it('staff mark the refund as made: the flag clears, the history and the audit say so; a second call is 409; customers are refused', async () => {
      const { customer, placed, shillings } = await doublePaid();
      const amount = `KSh ${shillings.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

      expect((await refundDone(placed.id, customer.token)).status).toBe(403);
      expect((await refundDone(placed.id, null)).status).toBe(401);
      expect((await refundDone(999_999)).status).toBe(404);
      expect((await refundDone(Number.NaN)).status).toBe(400);
      expect((await adminOrder(placed.id)).refund_due).not.toBeNull();

      const done = await refundDone(placed.id);
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({
        message: 'Refund marked as made.',
        order: {
          id: placed.id,
          status: { name: 'Paid' },
          is_paid: 1,
          refund_due: null,
          refunded: { at: expect.stringMatching(/Z$/), amount: shillings, by: 'Amina Wanjiru' },
        },
      });
      expect((done.body.order as AdminOrder).status_history.at(-1)!.note).toBe(`Refund of ${amount} made`);
      const row = await orderRow(placed.id);
      expect(row.refund_due_at).toBeNull();
      expect(row.refunded_at).toBeTruthy();
      const refunded = await h
        .db('payments')
        .where({ order_id: placed.id })
        .whereNotNull('refunded_at')
        .select('refunded_by_name', 'amount_cents');
      expect(refunded).toEqual([{ refunded_by_name: 'Amina Wanjiru', amount_cents: shillings * 100 }]);
      const log = (await h.request('GET', '/api/admin/audit/orders', { token: staff })).body as Page<AuditEntry>;
      expect(log.data[0]).toMatchObject({
        action: 'order.refund_made',
        entity_id: placed.id,
        actor: { name: 'Amina Wanjiru' },
        summary: `${placed.order_number}: Refund of ${amount} made`,
      });
      // The customer's own order page shows the note.
      const mine = await h.request('GET', '/api/orders', { token: customer.token });
      const seen = (mine.body.orders as Array<{ id: number; status_history: Array<{ note: string | null }> }>).find(
        (o) => o.id === placed.id,
      )!;
      expect(seen.status_history.at(-1)!.note).toBe(`Refund of ${amount} made`);

      const again = await refundDone(placed.id);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ message: 'No refund is due on this order.' });
      expect((await history(placed.id)).filter((change) => /^Refund of/.test(change.note ?? ''))).toHaveLength(1);
      // An ordinary order has nothing to refund either.
      const plain = await h.placeOrder(h.cart(2500));
      expect((await refundDone(plain.id)).body).toEqual({ message: 'No refund is due on this order.' });
    });

    it('two staff clicks at once refund once; a payment after cancellation is refunded the same way', async () => {
      const placed = await h.placeOrder(h.cart(2500));
      const { callback } = await payOnPage(placed.id);
      expect(
        (await h.request('POST', `/api/admin/orders/${placed.id}/status`, { token: staff, body: { status_id: CANCELLED } })).status,
      ).toBe(200);
      expect(await follow(callback)).toBe(`/failed?order_id=${placed.order_number}&refund=1`);
      expect((await adminOrder(placed.id)).refund_due?.amount).toBe(placed.total_amount);

      const answers = await Promise.all([refundDone(placed.id), refundDone(placed.id), refundDone(placed.id)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      const order = await adminOrder(placed.id);
      expect(order).toMatchObject({
        status: { name: 'Cancelled' },
        is_paid: 0,
        refund_due: null,
        refunded: { amount: placed.total_amount },
      });
      expect(order.status_history.filter((change) => /^Refund of/.test(change.note ?? ''))).toHaveLength(1);
      expect(order.status_history.at(-1)!.status.name).toBe('Cancelled');
    });
  },
);
