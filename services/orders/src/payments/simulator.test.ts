import { formatCents } from '@shop/money';
import { testDatabases } from '@shop/service-kit/testing';
import { SIMULATED_PUSH_MS, startOrdersHarness, type OrdersHarness } from '../testing/harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases('orders'))('payments with the built-in simulator on $dialect', (database) => {
  let h: OrdersHarness;

  beforeAll(async () => {
    h = await startOrdersHarness(database);
  });
  afterAll(async () => {
    await h?.close();
  });

  const pay = (orderId: number | string, amount = 1) =>
    h.request('POST', '/api/site/v1/dpo/pay', {
      body: {
        order_id: orderId,
        payment_key: h.keyOf(orderId),
        amount,
        mobile: '0712345678',
        email: 'x@example.com',
        first_name: 'Wanjiku',
        last_name: 'Kamau',
      },
    });
  /** A button of the simulator's page; answers the Location it sends the browser to. */
  const press = async (token: string, action: 'pay' | 'decline' | 'cancel') => {
    const answer = await h.request('POST', `/api/site/v1/simulator/${token}/${action}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      raw: '',
    });
    expect(answer.status).toBe(303);
    return answer.headers.get('location')!;
  };
  const follow = async (location: string) => {
    const answer = await h.request('GET', location);
    expect(answer.status).toBe(302);
    return answer.headers.get('location')!;
  };
  const order = (id: number) => h.db('orders').where({ id }).first();
  const history = (id: number) => h.db('order_status_history').where({ order_id: id }).orderBy('id').select('status_id', 'note');

  it('opens the simulator’s hosted page for the order’s own total, whatever amount is sent', async () => {
    const placed = await h.placeOrder(h.cart(2500));
    const answer = await pay(placed.id, 1);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      token: expect.stringMatching(/^[0-9A-F-]{36}$/),
      redirect_url: `/api/site/v1/simulator/${answer.body.token}`,
    });
    expect(await h.db('payments').where({ reference: answer.body.token }).first()).toMatchObject({
      order_id: placed.id,
      provider: 'simulator',
      method: 'hosted',
      amount_cents: Math.round(placed.total_amount * 100),
      state: 'pending',
      currency: 'KES',
    });
    // Asking again while it is open offers the same page (by id or order number).
    expect((await pay(placed.order_number)).body.token).toBe(answer.body.token);

    const page = await h.request('GET', answer.body.redirect_url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = page.body as string;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('name="viewport"');
    expect(html).toContain(placed.order_number);
    expect(html).toContain(formatCents(Math.round(placed.total_amount * 100)));
    for (const action of ['pay', 'decline', 'cancel'])
      expect(html).toContain(`action="/api/site/v1/simulator/${answer.body.token}/${action}"`);
    expect(html).toMatch(/<button[^>]*>Pay KSh/);
    expect(html).toContain('>Decline</button>');
    expect(html).toContain('>Cancel</button>');
    expect((await h.request('GET', '/api/site/v1/simulator/00000000-0000-0000-0000-000000000000')).status).toBe(404);
  });

  it('Pay: the callback verifies, marks the order paid once and sends the shopper to /success', async () => {
    const placed = await h.placeOrder(h.cart(2500));
    const { token } = (await pay(placed.id)).body;
    const callback = await press(token, 'pay');
    expect(callback).toMatch(
      new RegExp(
        `^/api/site/v1/dpo/callback\\?TransactionToken=${token}&CompanyRef=${placed.order_number}&TransID=.+&CCDapproval=SIM\\w+&PnrID=`,
      ),
    );
    expect(await follow(callback)).toBe(`/success?order_id=${placed.order_number}&name=Wanjiku`);
    const row = await order(placed.id);
    expect(Number(row.is_paid)).toBe(1);
    expect(row).toMatchObject({ status_id: 2, payment_method: 'simulator' });
    expect(row.paid_at).toBeTruthy();
    expect(await history(placed.id)).toEqual([
      { status_id: 1, note: 'Order placed' },
      { status_id: 2, note: expect.stringMatching(/^Paid by the payment simulator \(SIM\w+\)$/) },
    ]);
    expect(await h.db('payments').where({ reference: token }).first()).toMatchObject({
      state: 'paid',
      provider_ref: expect.stringMatching(/^SIM/),
    });
    expect((await pay(placed.id)).body).toEqual({
      message: 'This order has already been paid.',
      errors: { order_id: ['This order has already been paid.'] },
    });
  });

  it('Decline and Cancel: the order stays Pending and Not Paid, and can be paid again', async () => {
    const placed = await h.placeOrder(h.cart(2500));
    for (const action of ['decline', 'cancel'] as const) {
      const { token } = (await pay(placed.id)).body;
      expect(await follow(await press(token, action))).toBe(`/failed?order_id=${placed.order_number}`);
      expect(await h.db('payments').where({ reference: token }).first()).toMatchObject({ state: 'failed' });
      const row = await order(placed.id);
      expect(Number(row.is_paid)).toBe(0);
      expect(row.status_id).toBe(1);
      // The first choice wins: pressing Pay afterwards changes nothing.
      expect(await follow(await press(token, 'pay'))).toBe(`/failed?order_id=${placed.order_number}`);
    }
    const again = (await pay(placed.id)).body.token;
    expect(await follow(await press(again, 'pay'))).toMatch(/^\/success/);
    expect(await h.count('payments', { order_id: placed.id })).toBe(3);
  });

  it('never trusts the callback’s query: forged and unknown callbacks change nothing', async () => {
    const placed = await h.placeOrder(h.cart(2500));
    const { token } = (await pay(placed.id)).body;
    const forged = `/api/site/v1/dpo/callback?TransactionToken=${token}&CompanyRef=${placed.order_number}&TransID=1&CCDapproval=999999&PnrID=1&Result=000`;
    expect(await follow(forged)).toBe(`/failed?order_id=${placed.order_number}&pending=1`);
    expect(Number((await order(placed.id)).is_paid)).toBe(0);
    expect(await follow('/api/site/v1/dpo/callback?TransactionToken=NOT-A-TOKEN')).toBe('/failed');
    expect(await follow('/api/site/v1/dpo/callback')).toBe('/failed');
    expect(await h.db('payments').where({ reference: token }).first()).toMatchObject({ state: 'pending' });
  });

  it('five duplicate callbacks: one status change, one points credit', async () => {
    const customer = await h.customer();
    const placed = await h.placeOrder(h.cart(2500), { token: customer.token });
    const { token } = (await pay(placed.id)).body;
    const callback = await press(token, 'pay');
    const locations = await Promise.all(Array.from({ length: 5 }, () => follow(callback)));
    expect(new Set(locations)).toEqual(new Set([`/success?order_id=${placed.order_number}&name=Wanjiku`]));
    expect((await history(placed.id)).filter((change) => change.status_id === 2)).toHaveLength(1);
    const earned = Math.floor(placed.total_amount / 100);
    const ledger = await h.customers.db('points_ledger').where({ account_id: customer.accountId, reason: 'order_paid' });
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ delta: earned, reference: placed.order_number });
    expect(await h.pointsBalance(customer.accountId)).toBe(20 + earned);
    expect(await order(placed.id)).toMatchObject({ points_awarded: earned });
    // A late duplicate still lands on /success and credits nothing more.
    expect(await follow(callback)).toMatch(/^\/success/);
    expect(await h.pointsBalance(customer.accountId)).toBe(20 + earned);
  });

  it('refuses to open a payment for a missing or cancelled order', async () => {
    expect(await pay(999_999)).toMatchObject({ status: 404, body: { message: 'Order not found.' } });
    expect(await pay('SH-009999')).toMatchObject({ status: 404 });
    expect((await pay('nonsense')).status).toBe(422);
    const placed = await h.placeOrder(h.cart(2500));
    await h.db('orders').where({ id: placed.id }).update({ status_id: 6 });
    expect((await pay(placed.id)).body.message).toBe('This order can no longer be paid.');
  });

  describe('M-Pesa played by the simulator', () => {
    const push = (orderId: number, mobile: string) =>
      h.request('POST', '/api/site/v1/push', {
        body: { mobile, amount: 1, email: 'x@example.com', order_id: orderId, payment_key: h.keyOf(orderId) },
      });
    const check = (checkoutRequestId: string, orderId: number) =>
      h.request('GET', `/api/site/v1/check/transaction/${checkoutRequestId}/${orderId}`, {
        headers: { 'x-payment-key': h.keyOf(orderId) ?? '' },
      });

    it('pushes, stays pending a moment, then is paid (the status check applies it)', async () => {
      const placed = await h.placeOrder(h.cart(2500));
      const answer = await push(placed.id, '0712345678');
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        MerchantRequestID: expect.any(String),
        CheckoutRequestID: expect.stringMatching(/^ws_CO_\d{14}/),
        ResponseCode: '0',
        CustomerMessage: 'Success. Request accepted for processing',
      });
      const payment = await h.db('payments').where({ reference: answer.body.CheckoutRequestID }).first();
      expect(payment).toMatchObject({
        provider: 'simulator',
        method: 'mpesa',
        phone: '254712345678',
        amount_cents: Math.ceil(placed.total_amount) * 100,
      });
      expect((await check(answer.body.CheckoutRequestID, placed.id)).body).toEqual({
        status: 'pending',
        transaction: [],
        message: 'The transaction is being processed',
      });
      await sleep(SIMULATED_PUSH_MS + 100);
      const paid = await check(answer.body.CheckoutRequestID, placed.id);
      expect(paid.body).toEqual({
        status: 'paid',
        transaction: [{ receipt: expect.stringMatching(/^SIM/), amount: Math.ceil(placed.total_amount), paid_at: expect.any(String) }],
        message: 'Payment received. Thank you!',
      });
      expect(await order(placed.id)).toMatchObject({ status_id: 2, payment_method: 'simulator' });
    });

    it('declines when the phone number ends in 1', async () => {
      const placed = await h.placeOrder(h.cart(2500));
      const { CheckoutRequestID } = (await push(placed.id, '254712345671')).body;
      await sleep(SIMULATED_PUSH_MS + 100);
      expect((await check(CheckoutRequestID, placed.id)).body).toMatchObject({ status: 'failed', transaction: [] });
      expect(Number((await order(placed.id)).is_paid)).toBe(0);
    });

    it('refuses bad numbers, and checks only a payment of that order', async () => {
      const placed = await h.placeOrder(h.cart(2500));
      expect((await push(placed.id, '12345')).body.errors.mobile).toEqual(['The M-Pesa number must be 12 digits starting with 254.']);
      const { CheckoutRequestID } = (await push(placed.id, '0712345678')).body;
      const other = await h.placeOrder(h.cart(2500));
      expect((await check(CheckoutRequestID, other.id)).status).toBe(404);
      expect((await check('ws_CO_unknown', placed.id)).status).toBe(404);
    });

    it('a forged success callback is re-queried, so it pays nothing while the prompt is open', async () => {
      const placed = await h.placeOrder(h.cart(2500));
      const { CheckoutRequestID } = (await push(placed.id, '0712345678')).body;
      const shillings = Math.ceil(placed.total_amount);
      const callback = await h.request('POST', '/api/site/v1/mpesa/callback', {
        body: {
          Body: {
            stkCallback: {
              MerchantRequestID: 'x',
              CheckoutRequestID,
              ResultCode: 0,
              ResultDesc: 'ok',
              CallbackMetadata: {
                Item: [
                  { Name: 'Amount', Value: shillings },
                  { Name: 'MpesaReceiptNumber', Value: 'FORGED1' },
                ],
              },
            },
          },
        },
      });
      expect(callback).toMatchObject({ status: 200, body: { ResultCode: 0, ResultDesc: 'Accepted' } });
      expect(Number((await order(placed.id)).is_paid)).toBe(0);
      expect(await h.db('payments').where({ reference: CheckoutRequestID }).first()).toMatchObject({ state: 'pending' });
    });
  });
});
