import { testDatabases } from '@shop/service-kit/testing';
import { darajaTimestamp } from '../orders/nairobi-time';
import { startFakeDaraja, type FakeDaraja } from '../testing/fake-daraja';
import { startOrdersHarness, type CartLine, type OrdersHarness } from '../testing/harness';

const SHORTCODE = '174379';
const PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';

describe('darajaTimestamp', () => {
  it('is YYYYMMDDHHmmss in Nairobi time (UTC+3)', () => {
    expect(darajaTimestamp(new Date('2026-12-31T21:30:05Z'))).toBe('20270101003005');
    expect(darajaTimestamp(new Date('2026-03-09T08:07:06Z'))).toBe('20260309110706');
  });
});

describe.each(testDatabases('orders'))('M-Pesa STK push (against a fake Daraja) on $dialect', (database) => {
  let h: OrdersHarness;
  let daraja: FakeDaraja;

  beforeAll(async () => {
    daraja = await startFakeDaraja();
    h = await startOrdersHarness(database, {
      payments: {
        mpesa: { consumerKey: daraja.key, consumerSecret: daraja.secret, shortcode: SHORTCODE, passkey: PASSKEY, baseUrl: daraja.url },
        // This suite is about what a query decides, callback after callback; the limits have their own (mpesa-callback.test.ts).
        callbackQueries: { intervalMs: 0, perMinute: 10_000 },
      },
    });
  });
  afterAll(async () => {
    await h?.close();
    await daraja?.close();
  });

  const push = (orderId: number, mobile = '0712 345 678') =>
    h.request('POST', '/api/site/v1/push', {
      body: { mobile, amount: 1, email: 'x@example.com', order_id: orderId, payment_key: h.keyOf(orderId) },
    });
  const check = (checkoutRequestId: string, orderId: number) =>
    h.request('GET', `/api/site/v1/check/transaction/${checkoutRequestId}/${orderId}`, {
      headers: { 'x-payment-key': h.keyOf(orderId) ?? '' },
    });
  const callback = (checkoutRequestId: string, resultCode: number, items: Array<{ Name: string; Value?: string | number }> = []) =>
    h.request('POST', '/api/site/v1/mpesa/callback', {
      body: {
        Body: {
          stkCallback: {
            MerchantRequestID: 'MR',
            CheckoutRequestID: checkoutRequestId,
            ResultCode: resultCode,
            ResultDesc: 'x',
            ...(items.length ? { CallbackMetadata: { Item: items } } : {}),
          },
        },
      },
    });
  const successItems = (shillings: number, receipt = 'QKJ4ABCDE1') => [
    { Name: 'Amount', Value: shillings },
    { Name: 'MpesaReceiptNumber', Value: receipt },
    { Name: 'TransactionDate', Value: 20261121103000 },
    { Name: 'PhoneNumber', Value: 254712345678 },
  ];
  const paid = async (orderId: number) => Number((await h.db('orders').where({ id: orderId }).first()).is_paid);

  /** A cart whose total has cents, so rounding up to whole shillings shows. */
  function centsCart(): CartLine[] {
    for (let n = 3; n < 12; n++) {
      const cart = h.cart(2500, n);
      if (h.subtotalCents(cart) % 100 !== 0) return cart;
      cart[0]!.quantity += 1;
      if (h.subtotalCents(cart) % 100 !== 0) return cart;
    }
    throw new Error('no cart with cents');
  }

  it('sends Daraja’s STK push with the password, Nairobi timestamp and the total rounded up', async () => {
    const placed = await h.placeOrder(centsCart());
    expect(Math.round(placed.total_amount * 100) % 100).not.toBe(0);
    const answer = await push(placed.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      MerchantRequestID: expect.any(String),
      CheckoutRequestID: expect.stringMatching(/^ws_CO_/),
      ResponseCode: '0',
      CustomerMessage: 'Success. Request accepted for processing',
    });
    const sent = daraja.pushes.get(answer.body.CheckoutRequestID)!.body;
    expect(sent).toEqual({
      BusinessShortCode: SHORTCODE,
      Password: expect.any(String),
      Timestamp: expect.stringMatching(/^\d{14}$/),
      TransactionType: 'CustomerPayBillOnline',
      Amount: Math.ceil(placed.total_amount),
      PartyA: '254712345678',
      PartyB: SHORTCODE,
      PhoneNumber: '254712345678',
      CallBackURL: 'https://shop.example.test/api/site/v1/mpesa/callback',
      AccountReference: placed.order_number,
      TransactionDesc: 'Shwari order',
    });
    expect(Buffer.from(String(sent.Password), 'base64').toString()).toBe(`${SHORTCODE}${PASSKEY}${sent.Timestamp}`);
    expect(Math.abs(Number(darajaTimestamp(new Date())) - Number(sent.Timestamp))).toBeLessThan(100);
    expect(String(sent.TransactionDesc).length).toBeLessThanOrEqual(13);
    expect(await h.db('payments').where({ reference: answer.body.CheckoutRequestID }).first()).toMatchObject({
      provider: 'mpesa',
      method: 'mpesa',
      amount_cents: Math.ceil(placed.total_amount) * 100,
      phone: '254712345678',
    });
  });

  it('keeps the OAuth token until shortly before it expires, and fetches a new one when revoked', async () => {
    const issued = daraja.tokensIssued;
    const placed = await h.placeOrder(h.cart(2500));
    await push(placed.id);
    await push(placed.id);
    expect(daraja.tokensIssued).toBe(Math.max(issued, 1));
    daraja.revokeTokens();
    expect((await push(placed.id)).status).toBe(200);
    expect(daraja.tokensIssued).toBe(Math.max(issued, 1) + 1);
  });

  it('callback then query: a success is applied only once the STK query confirms it, with the receipt', async () => {
    const placed = await h.placeOrder(h.cart(2500));
    const { CheckoutRequestID } = (await push(placed.id)).body;
    const shillings = Math.ceil(placed.total_amount);
    // The prompt is still open at Daraja: the query says "being processed", so the callback is not believed.
    expect((await callback(CheckoutRequestID, 0, successItems(shillings))).body).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect(await paid(placed.id)).toBe(0);
    daraja.settle(CheckoutRequestID, '0');
    const answers = await Promise.all(Array.from({ length: 4 }, () => callback(CheckoutRequestID, 0, successItems(shillings))));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(await paid(placed.id)).toBe(1);
    expect(await h.count('order_status_history', { order_id: placed.id, status_id: 2 })).toBe(1);
    expect(await h.db('payments').where({ reference: CheckoutRequestID }).first()).toMatchObject({
      state: 'paid',
      provider_ref: 'QKJ4ABCDE1',
    });
    expect((await check(CheckoutRequestID, placed.id)).body).toEqual({
      status: 'paid',
      transaction: [{ receipt: 'QKJ4ABCDE1', amount: shillings, paid_at: expect.any(String) }],
      message: 'Payment received. Thank you!',
    });
  });

  it('ignores a success callback whose amount differs (no query, stays pending)', async () => {
    const placed = await h.placeOrder(h.cart(2500));
    const { CheckoutRequestID } = (await push(placed.id)).body;
    daraja.settle(CheckoutRequestID, '0');
    const queries = daraja.queries;
    await callback(CheckoutRequestID, 0, successItems(1));
    await callback(CheckoutRequestID, 0, []);
    expect(daraja.queries).toBe(queries);
    expect(await paid(placed.id)).toBe(0);
    expect(await h.db('payments').where({ reference: CheckoutRequestID }).first()).toMatchObject({ state: 'pending' });
  });

  it('ignores callbacks for unknown requests and bodies that are not Daraja’s', async () => {
    expect((await callback('ws_CO_nobody', 0, successItems(2000))).body).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
    expect((await h.request('POST', '/api/site/v1/mpesa/callback', { body: { hello: 'world' } })).status).toBe(200);
  });

  it('a failure callback is re-queried too (a forged "cancelled" cannot fail a paid prompt)', async () => {
    const placed = await h.placeOrder(h.cart(2500));
    const { CheckoutRequestID } = (await push(placed.id)).body;
    await callback(CheckoutRequestID, 1032);
    expect(await h.db('payments').where({ reference: CheckoutRequestID }).first()).toMatchObject({ state: 'pending' });
    daraja.settle(CheckoutRequestID, '1032', 'Request cancelled by user');
    await callback(CheckoutRequestID, 1032);
    expect(await h.db('payments').where({ reference: CheckoutRequestID }).first()).toMatchObject({ state: 'failed' });
  });

  it.each([
    ['1032', 'failed'],
    ['1037', 'failed'],
    ['2001', 'failed'],
    ['1', 'failed'],
    ['0', 'paid'],
    ['4999', 'pending'],
  ])('the status check maps STK query ResultCode %s to %s', async (code, status) => {
    const placed = await h.placeOrder(h.cart(2500));
    const { CheckoutRequestID } = (await push(placed.id)).body;
    expect((await check(CheckoutRequestID, placed.id)).body).toEqual({
      status: 'pending',
      transaction: [],
      message: 'The transaction is being processed',
    });
    daraja.settle(CheckoutRequestID, code, `desc ${code}`);
    const answer = await check(CheckoutRequestID, placed.id);
    expect(answer.body.status).toBe(status);
    expect(answer.body.transaction).toHaveLength(status === 'paid' ? 1 : 0);
    expect(await paid(placed.id)).toBe(status === 'paid' ? 1 : 0);
  });

  it('answers 502 when Daraja refuses the push, and 503 without M-Pesa', async () => {
    const placed = await h.placeOrder(h.cart(2500));
    daraja.failNextPush = { errorCode: '400.002.02', errorMessage: 'Bad Request - Invalid PhoneNumber' };
    expect(await push(placed.id)).toMatchObject({
      status: 502,
      body: { message: 'The payment service is not available right now. Please try again.' },
    });
    expect(await h.count('payments', { order_id: placed.id })).toBe(0);
  });
});
