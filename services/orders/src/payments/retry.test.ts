import { createHash } from 'node:crypto';
import { sqlTimestamp } from '@shop/service-kit';
import { testDatabases } from '@shop/service-kit/testing';
import { CouponsRepository } from '../coupons/repository';
import { startOrdersHarness, type Answer, type CartLine, type OrdersHarness } from '../testing/harness';

const PENDING = 1;
const PAID = 2;
const CANCELLED = 6;
const NOT_FOUND = { status: 404, body: { message: 'Order not found.' } };

/**
 * Who may pay an order, paying it again after a decline, abandoning it for a changed cart, and
 * unpaid orders expiring: over real HTTP, with the real catalog and customers services beside.
 */
describe.each(testDatabases('orders-retry'))('payment retries and abandoned orders on $dialect', (database) => {
  let h: OrdersHarness;

  beforeAll(async () => {
    h = await startOrdersHarness(database);
  });
  afterAll(async () => {
    await h?.close();
  });

  let emails = 0;
  const uniqueEmail = () => `retry.${Date.now()}.${(emails += 1)}@example.com`;
  /** A shopper no other test here is: the once-per-customer coupon counts the email, the phone and the M-Pesa number. */
  const uniqueBuyer = () => {
    const email = uniqueEmail();
    const phone = `07${String(50_000_000 + emails).padStart(8, '0')}`;
    return { email, numbers: { phone, mpesa_no: `254${phone.slice(1)}` } };
  };
  const startPayment = (orderId: number, access: { key?: string; token?: string } = {}) =>
    h.request('POST', '/api/site/v1/dpo/pay', {
      token: access.token,
      body: { order_id: orderId, ...(access.key === undefined ? {} : { payment_key: access.key }) },
    });
  const push = (orderId: number, body: Record<string, unknown>, token?: string) =>
    h.request('POST', '/api/site/v1/push', { token, body: { order_id: orderId, ...body } });
  const paymentStatus = (orderId: number, key?: string, token?: string) =>
    h.request('GET', `/api/site/orders/${orderId}/payment-status`, { token, headers: key === undefined ? {} : { 'x-payment-key': key } });
  const cancel = (orderId: number, body: unknown, token?: string) =>
    h.request('POST', `/api/site/orders/${orderId}/cancel`, { token, body });
  const press = async (token: string, action: 'pay' | 'decline' | 'cancel'): Promise<string> => {
    const pressed = await h.request('POST', `/api/site/v1/simulator/${token}/${action}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      raw: '',
    });
    expect(pressed.status).toBe(303);
    return h.follow(pressed.headers.get('location')!);
  };
  const couponUses = async (code: string) => Number((await h.db('coupons').where({ code }).first('times_used')).times_used);
  const ordersOf = (email: string) => h.db('orders').where({ email }).orderBy('id').select('id', 'status_id', 'is_paid');
  /** The total of a cart with the 10% KARIBU10 coupon and some points. */
  const karibuTotal = (cart: CartLine[], points: number) => {
    const subtotal = h.subtotalCents(cart);
    return (subtotal - Math.round(subtotal / 10) - points * 100) / 100;
  };

  describe('who may start or check a payment', () => {
    it('answers a stranger 404 Order not found., exactly as for a missing order, whatever the order is', async () => {
      const owner = await h.customer();
      const stranger = await h.customer();
      const guest = await h.placeOrder(h.cart(2500));
      const customers = await h.placeOrder(h.cart(2500), { token: owner.token });
      const paid = await h.placeOrder(h.cart(2500));
      await h.follow((await h.payOnSimulatorPage(paid.id)).callback);
      // Another order's real key.
      const wrongKeyFor = (id: number) => (id === customers.id ? h.keyOf(guest.id) : h.keyOf(customers.id));

      for (const order of [guest, customers, paid]) {
        for (const answer of [
          await startPayment(order.id),
          await startPayment(order.id, { key: 'not-the-key' }),
          await startPayment(order.id, { key: wrongKeyFor(order.id) }),
          await startPayment(order.id, { token: stranger.token }),
          await h.request('POST', '/api/site/v1/dpo/pay', { body: { order_id: order.order_number } }),
          await push(order.id, { mobile: '0712345678' }),
          await push(order.id, {}, stranger.token),
          await paymentStatus(order.id),
          await paymentStatus(order.id, 'not-the-key', stranger.token),
          await cancel(order.id, {}),
          await cancel(order.id, { payment_key: wrongKeyFor(order.id) }, stranger.token),
          await h.request('GET', `/api/site/v1/check/transaction/ws_CO_x/${order.id}`),
          await h.request('GET', `/api/site/v1/check/transaction/ws_CO_x/${order.id}`, {
            headers: { 'x-payment-key': wrongKeyFor(order.id)! },
          }),
        ])
          expect(answer).toMatchObject(NOT_FOUND);
      }
      // The same words for an order that does not exist: nothing tells the two apart.
      expect(await startPayment(999_999, { key: 'x' })).toMatchObject(NOT_FOUND);
      expect(await cancel(999_999, {})).toMatchObject(NOT_FOUND);
      // Nothing was started or written by any of those calls.
      expect(await h.count('payments', { order_id: guest.id })).toBe(0);
      expect(await h.count('payments', { order_id: customers.id })).toBe(0);
      expect((await h.orderRow(guest.id)).status_id).toBe(PENDING);
      expect((await h.orderRow(customers.id)).status_id).toBe(PENDING);
    });

    it('lets the key holder or the signed-in owner pay; the key is stored only as its SHA-256', async () => {
      const owner = await h.customer();
      const placed = await h.placeOrder(h.cart(2500), { token: owner.token });
      const key = h.keyOf(placed.id)!;
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const row = await h.orderRow(placed.id);
      expect(row.payment_key_hash).toBe(createHash('sha256').update(key).digest('hex'));
      expect(Object.values(row)).not.toContain(key);

      expect((await startPayment(placed.id, { token: owner.token })).status).toBe(200);
      expect((await startPayment(placed.id, { key })).status).toBe(200);
      expect((await paymentStatus(placed.id, undefined, owner.token)).status).toBe(200);
      const guest = await h.placeOrder(h.cart(2500));
      // A key works for whoever holds it, signed in or not (a guest order paid after signing in).
      expect((await startPayment(guest.id, { key: h.keyOf(guest.id), token: owner.token })).status).toBe(200);
    });

    it('sends the STK push to the number the order was placed with; a mobile from the owner changes it, with a note', async () => {
      const placed = await h.placeOrder(h.cart(2500), { overrides: { mpesa_no: '254711000222' } });
      const key = h.keyOf(placed.id);
      const first = await push(placed.id, { payment_key: key });
      expect(first.status).toBe(200);
      expect(await h.db('payments').where({ reference: first.body.CheckoutRequestID }).first('phone')).toEqual({ phone: '254711000222' });

      const changed = await push(placed.id, { payment_key: key, mobile: '0722 333 444' });
      expect(changed.status).toBe(200);
      expect(await h.db('payments').where({ reference: changed.body.CheckoutRequestID }).first('phone')).toEqual({ phone: '254722333444' });
      expect((await h.orderRow(placed.id)).mpesa_no).toBe('254722333444');
      expect((await h.statusHistory(placed.id)).map((change) => change.note)).toEqual([
        'Order placed',
        'M-Pesa number changed to 254722333444',
      ]);

      // Without an M-Pesa number the order's phone is prompted.
      const noMpesa = await h.placeOrder(h.cart(2500), { overrides: { mpesa_no: '', phone: '0733 444 555' } });
      const pushed = await push(noMpesa.id, { payment_key: h.keyOf(noMpesa.id) });
      expect(await h.db('payments').where({ reference: pushed.body.CheckoutRequestID }).first('phone')).toEqual({ phone: '254733444555' });
    });
  });

  describe('a retry pays the same order', () => {
    it('decline on the payment page, then Try Again with the key: the same order is paid with its coupon, points and total', async () => {
      const customer = await h.customer();
      const { email, numbers } = uniqueBuyer();
      const cart = h.cart(2500);
      const total = karibuTotal(cart, 10);
      const placed = await h.placeOrder(cart, {
        token: customer.token,
        totalKsh: total,
        overrides: { coupon: 'KARIBU10', redeemed_points: 10, email, ...numbers },
      });
      const key = h.keyOf(placed.id)!;
      const uses = await couponUses('KARIBU10');
      expect(await h.pointsBalance(customer.accountId)).toBe(10);

      const first = (await startPayment(placed.id, { key })).body.token as string;
      expect(await press(first, 'decline')).toBe(`/failed?order_id=${placed.order_number}`);
      expect(await paymentStatus(placed.id, key)).toMatchObject({
        status: 200,
        body: {
          order_number: placed.order_number,
          status: 'pending',
          total_amount: total,
          subtotal: h.subtotalCents(cart) / 100,
          discount: Math.round(h.subtotalCents(cart) / 10) / 100,
          points_discount: 10,
          coupon_code: 'KARIBU10',
          redeemed_points: 10,
        },
      });

      const cancelled = (await startPayment(placed.id, { key })).body.token as string;
      expect(cancelled).not.toBe(first);
      expect(await press(cancelled, 'cancel')).toBe(`/failed?order_id=${placed.order_number}`);

      const retry = await startPayment(placed.id, { key });
      expect(retry.status).toBe(200);
      expect(await press(retry.body.token, 'pay')).toBe(`/success?order_id=${placed.order_number}&name=Wanjiku`);

      expect(await ordersOf(email)).toEqual([{ id: placed.id, status_id: PAID, is_paid: expect.anything() }]);
      const row = await h.orderRow(placed.id);
      expect(Number(row.is_paid)).toBe(1);
      expect(Number(row.total_cents)).toBe(Math.round(total * 100));
      expect(row.coupon_code).toBe('KARIBU10');
      expect(Number(row.redeemed_points)).toBe(10);
      expect(await couponUses('KARIBU10')).toBe(uses);
      expect(await h.count('coupon_redemptions', { order_id: placed.id })).toBe(1);
      const attempts = await h.db('payments').where({ order_id: placed.id }).orderBy('id').select('state', 'amount_cents');
      expect(attempts).toEqual([
        { state: 'failed', amount_cents: Math.round(total * 100) },
        { state: 'failed', amount_cents: Math.round(total * 100) },
        { state: 'paid', amount_cents: Math.round(total * 100) },
      ]);
      expect(await h.pointsBalance(customer.accountId)).toBe(10 + Math.floor(total / 100));
      expect((await paymentStatus(placed.id, key)).body.status).toBe('paid');
      // Paid: no further attempt and no cancelling.
      expect((await startPayment(placed.id, { key })).status).toBe(422);
      expect(await cancel(placed.id, { payment_key: key })).toMatchObject({
        status: 409,
        body: { message: 'This order is already paid.' },
      });
    });
  });

  describe('abandoning an unpaid order', () => {
    it("replaces: the old order is cancelled inside the new order's transaction, so the once-per-customer coupon and the points serve again", async () => {
      const customer = await h.customer();
      const { email, numbers } = uniqueBuyer();
      const cart = h.cart(2500);
      const first = await h.placeOrder(cart, {
        token: customer.token,
        totalKsh: karibuTotal(cart, 15),
        overrides: { coupon: 'KARIBU10', redeemed_points: 15, email, ...numbers },
      });
      const uses = await couponUses('KARIBU10');
      expect(await h.pointsBalance(customer.accountId)).toBe(5);

      // Without replaces the coupon is spent (once per customer) and the points are not there.
      const changed = h.cart(2600, 4);
      const refused = await h.request('POST', '/api/site/orders/store', {
        token: customer.token,
        body: h.orderBody(changed, karibuTotal(changed, 15), { coupon: 'KARIBU10', redeemed_points: 15, email, ...numbers }),
      });
      expect(refused.status).toBe(422);

      const second = await h.request('POST', '/api/site/orders/store', {
        token: customer.token,
        body: h.orderBody(changed, karibuTotal(changed, 15), {
          coupon: 'KARIBU10',
          redeemed_points: 15,
          email,
          ...numbers,
          replaces: { order_id: first.id },
        }),
      });
      expect(second.status).toBe(201);
      expect(await ordersOf(email)).toEqual([
        { id: first.id, status_id: CANCELLED, is_paid: expect.anything() },
        { id: second.body.data.id, status_id: PENDING, is_paid: expect.anything() },
      ]);
      expect((await h.statusHistory(first.id)).at(-1)).toEqual({ status_id: CANCELLED, note: 'Replaced by a new order' });
      expect(await h.count('coupon_redemptions', { order_id: first.id })).toBe(0);
      expect(await h.count('coupon_redemptions', { order_id: second.body.data.id })).toBe(1);
      expect(await couponUses('KARIBU10')).toBe(uses);
      expect(await h.pointsBalance(customer.accountId)).toBe(5);
      expect((await h.orderRow(first.id)).points_refunded_at).toBeTruthy();
      expect((await paymentStatus(first.id, undefined, customer.token)).body.status).toBe('cancelled');
    });

    it('replaces: a refused new order leaves the replaced one as it was (its coupon use and points too)', async () => {
      const customer = await h.customer();
      const { email, numbers } = uniqueBuyer();
      const cart = h.cart(2500);
      const first = await h.placeOrder(cart, {
        token: customer.token,
        totalKsh: karibuTotal(cart, 15),
        overrides: { coupon: 'KARIBU10', redeemed_points: 15, email, ...numbers },
      });
      const uses = await couponUses('KARIBU10');
      const orders = await h.count('orders');
      const changed = h.cart(2600, 4);
      const replacing = (total: number) =>
        h.request('POST', '/api/site/orders/store', {
          token: customer.token,
          body: h.orderBody(changed, total, {
            coupon: 'KARIBU10',
            redeemed_points: 15,
            email,
            ...numbers,
            replaces: { order_id: first.id },
          }),
        });
      const untouched = async () => {
        expect((await h.orderRow(first.id)).status_id).toBe(PENDING);
        expect((await h.orderRow(first.id)).points_refunded_at).toBeNull();
        expect(await h.count('coupon_redemptions', { order_id: first.id })).toBe(1);
        expect(await couponUses('KARIBU10')).toBe(uses);
        expect(await h.pointsBalance(customer.accountId)).toBe(5);
        expect(await h.count('orders')).toBe(orders);
        expect((await h.statusHistory(first.id)).map((change) => change.status_id)).toEqual([PENDING]);
      };

      // Refused while pricing: a total the server does not agree with.
      const wrongTotal = await replacing(karibuTotal(changed, 15) + 1);
      expect(wrongTotal.status).toBe(422);
      expect(wrongTotal.body.errors.total_amount[0]).toMatch(/^The order total is now KSh /);
      await untouched();

      // Refused inside the new order's transaction, after the replaced order was cancelled in it:
      // the coupon's per-customer limit found used up there. The cancellation is rolled back with it.
      const limitCheck = jest.spyOn(CouponsRepository.prototype, 'usesIn').mockResolvedValueOnce(99);
      try {
        const refused = await replacing(karibuTotal(changed, 15));
        expect(refused).toMatchObject({ status: 422, body: { errors: { coupon: ['Invalid or expired coupon'] } } });
        expect(limitCheck).toHaveBeenCalledTimes(1);
      } finally {
        limitCheck.mockRestore();
      }
      await untouched();

      // Accepted: now the replaced order is cancelled, in the same transaction as the new one.
      const accepted = await replacing(karibuTotal(changed, 15));
      expect(accepted.status).toBe(201);
      expect((await h.orderRow(first.id)).status_id).toBe(CANCELLED);
      expect(await couponUses('KARIBU10')).toBe(uses);
      expect(await h.pointsBalance(customer.accountId)).toBe(5);
    });

    it('replaces for a guest needs the key; a wrong key is 404, a paid order 409, and either writes nothing', async () => {
      const email = uniqueEmail();
      const cart = h.cart(2500);
      const subtotal = h.subtotalCents(cart);
      const first = await h.placeOrder(cart, { totalKsh: (subtotal - 20_000) / 100, overrides: { coupon: 'UNGA200', email } });
      const store = (replaces: unknown) =>
        h.request('POST', '/api/site/orders/store', {
          body: h.orderBody(cart, (subtotal - 20_000) / 100, { coupon: 'UNGA200', email, replaces }),
        });
      const before = await h.count('orders');
      expect(await store({ order_id: first.id })).toMatchObject(NOT_FOUND);
      expect(await store({ order_id: first.id, payment_key: 'wrong' })).toMatchObject(NOT_FOUND);
      expect(await store({ order_id: 999_999, payment_key: h.keyOf(first.id) })).toMatchObject(NOT_FOUND);
      expect(await h.count('orders')).toBe(before);
      expect((await h.orderRow(first.id)).status_id).toBe(PENDING);

      const paid = await h.placeOrder(h.cart(2500), { overrides: { email } });
      await h.follow((await h.payOnSimulatorPage(paid.id)).callback);
      const afterPaid = await h.count('orders');
      expect(await store({ order_id: paid.id, payment_key: h.keyOf(paid.id) })).toMatchObject({
        status: 409,
        body: { message: 'This order is already paid.' },
      });
      expect(await h.count('orders')).toBe(afterPaid);

      const replaced = await store({ order_id: first.id, payment_key: h.keyOf(first.id) });
      expect(replaced.status).toBe(201);
      expect((await h.orderRow(first.id)).status_id).toBe(CANCELLED);
      // Naming an order already cancelled again is fine: it is left as it is.
      const again = await store({ order_id: first.id, payment_key: h.keyOf(first.id) });
      expect(again.status).toBe(201);
      expect(await h.count('order_status_history', { order_id: first.id, status_id: CANCELLED })).toBe(1);
    });

    it('cancel: the shopper gives up a pending order with its key; its limited coupon is free again at once', async () => {
      const cart = h.cart(2500);
      const subtotal = h.subtotalCents(cart);
      const onceOnly = (subtotal - Math.round(subtotal / 20)) / 100;
      await h.db('coupons').where({ code: 'ONCEONLY' }).update({ times_used: 0 });
      const placed = await h.placeOrder(cart, { totalKsh: onceOnly, overrides: { coupon: 'ONCEONLY', email: uniqueEmail() } });
      const other = () =>
        h.request('POST', '/api/site/orders/store', {
          body: h.orderBody(cart, onceOnly, { coupon: 'ONCEONLY', email: uniqueEmail() }),
        });
      expect((await other()).status).toBe(422);

      const answer: Answer = await cancel(placed.id, { payment_key: h.keyOf(placed.id) });
      expect(answer).toMatchObject({ status: 200, body: { message: 'Order cancelled.' } });
      expect((await h.statusHistory(placed.id)).at(-1)).toEqual({ status_id: CANCELLED, note: 'Cancelled by the shopper' });
      expect((await cancel(placed.id, { payment_key: h.keyOf(placed.id) })).status).toBe(200);
      expect((await startPayment(placed.id, { key: h.keyOf(placed.id) })).body.message).toBe('This order can no longer be paid.');
      expect((await other()).status).toBe(201);
    });

    it('a payment confirmed just before the abandonment wins: the old order is paid, the new one refused with 409', async () => {
      const placed = await h.placeOrder(h.cart(2500));
      const key = h.keyOf(placed.id);
      const { token } = (await startPayment(placed.id, { key })).body;
      // The shopper paid on the page, but the browser never came back to the callback.
      await h.request('POST', `/api/site/v1/simulator/${token}/pay`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        raw: '',
      });
      expect(await cancel(placed.id, { payment_key: key })).toMatchObject({
        status: 409,
        body: { message: 'This order is already paid.' },
      });
      expect(Number((await h.orderRow(placed.id)).is_paid)).toBe(1);
    });
  });

  describe('unpaid orders expire', () => {
    const ago = (minutes: number) => sqlTimestamp(new Date(Date.now() - minutes * 60_000));

    it('the reconciler cancels a Pending unpaid order after UNPAID_ORDER_TTL_MINUTES, releasing its coupon use and points', async () => {
      const customer = await h.customer();
      const cart = h.cart(2500);
      const subtotal = h.subtotalCents(cart);
      await h.db('coupons').where({ code: 'ONCEONLY' }).update({ times_used: 0 });
      const expiring = await h.placeOrder(cart, {
        token: customer.token,
        totalKsh: (subtotal - Math.round(subtotal / 20) - 500) / 100,
        overrides: { coupon: 'ONCEONLY', redeemed_points: 5, email: uniqueEmail() },
      });
      const young = await h.placeOrder(h.cart(2500));
      await h
        .db('orders')
        .where({ id: expiring.id })
        .update({ created_at: ago(61) });
      await h
        .db('orders')
        .where({ id: young.id })
        .update({ created_at: ago(59) });
      expect(await h.pointsBalance(customer.accountId)).toBe(15);

      const report = await h.services.reconciler.runOnce();
      expect(report.cancelled).toBeGreaterThanOrEqual(1);
      expect((await h.orderRow(young.id)).status_id).toBe(PENDING);
      expect((await h.orderRow(expiring.id)).status_id).toBe(CANCELLED);
      expect((await h.statusHistory(expiring.id)).at(-1)).toEqual({ status_id: CANCELLED, note: 'Not paid within 60 minutes' });
      expect(await couponUses('ONCEONLY')).toBe(0);
      expect(await h.pointsBalance(customer.accountId)).toBe(20);
    });

    it('asks about a pending payment one last time: a payment that went through wins over the expiry', async () => {
      const placed = await h.placeOrder(h.cart(2500));
      const { token } = (await startPayment(placed.id, { key: h.keyOf(placed.id) })).body;
      await h.request('POST', `/api/site/v1/simulator/${token}/pay`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        raw: '',
      });
      await h
        .db('orders')
        .where({ id: placed.id })
        .update({ created_at: ago(90) });
      await h
        .db('payments')
        .where({ reference: token })
        .update({ created_at: ago(2) });
      await h.services.reconciler.runOnce();
      const row = await h.orderRow(placed.id);
      expect(row.status_id).toBe(PAID);
      expect(row.refund_due_at).toBeNull();
    });
  });
});
