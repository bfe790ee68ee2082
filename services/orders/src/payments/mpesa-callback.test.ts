import { testDatabases } from '@shop/service-kit/testing';
import { startFakeDaraja, type FakeDaraja } from '../testing/fake-daraja';
import { startOrdersHarness, type OrdersHarness } from '../testing/harness';

/**
 * Unsigned M-Pesa callbacks and the Daraja queries they may cause: only a callback of Daraja's exact
 * shape, for a push of ours still pending, within the limits, makes this service ask Daraja.
 */
describe.each(testDatabases('orders'))('M-Pesa callbacks and the queries they cause on $dialect', (database) => {
  let h: OrdersHarness;
  let daraja: FakeDaraja;
  /** Callback-triggered queries this suite allows in any minute. */
  const PER_MINUTE = 4;
  /** The ones the tests before the cap's own have used (each expects exactly one). */
  let usedOfTheCap = 0;

  beforeAll(async () => {
    daraja = await startFakeDaraja();
    h = await startOrdersHarness(database, {
      payments: {
        mpesa: {
          consumerKey: daraja.key,
          consumerSecret: daraja.secret,
          shortcode: '174379',
          passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919',
          baseUrl: daraja.url,
        },
        callbackQueries: { intervalMs: 30_000, perMinute: PER_MINUTE },
      },
    });
  });
  afterAll(async () => {
    await h?.close();
    await daraja?.close();
  });

  const ACK = { ResultCode: 0, ResultDesc: 'Accepted' };
  const pending = async () => {
    const placed = await h.placeOrder(h.cart(2500));
    const answer = await h.request('POST', '/api/site/v1/push', { body: { order_id: placed.id, payment_key: h.keyOf(placed.id) } });
    expect(answer.status).toBe(200);
    return { placed, checkoutRequestId: answer.body.CheckoutRequestID as string, shillings: Math.ceil(placed.total_amount) };
  };
  /** Daraja's callback as it sends it. */
  const darajaCallback = (checkoutRequestId: string, shillings: number, resultCode = 0) => ({
    Body: {
      stkCallback: {
        MerchantRequestID: '29115-34620561-1',
        CheckoutRequestID: checkoutRequestId,
        ResultCode: resultCode,
        ResultDesc: resultCode === 0 ? 'The service request is processed successfully.' : 'Request cancelled by user',
        ...(resultCode === 0
          ? {
              CallbackMetadata: {
                Item: [
                  { Name: 'Amount', Value: shillings },
                  { Name: 'MpesaReceiptNumber', Value: 'NLJ7RT61SV' },
                  { Name: 'Balance' },
                  { Name: 'TransactionDate', Value: 20191219102115 },
                  { Name: 'PhoneNumber', Value: 254712345678 },
                ],
              },
            }
          : {}),
      },
    },
  });
  const send = (body: unknown) => h.request('POST', '/api/site/v1/mpesa/callback', { body });
  const paymentState = async (reference: string) => (await h.db('payments').where({ reference }).first()).state as string;
  const isPaid = async (orderId: number) => Number((await h.orderRow(orderId)).is_paid);

  it('a malformed body makes no Daraja query, even for a pending push of ours', async () => {
    const { checkoutRequestId, shillings } = await pending();
    daraja.settle(checkoutRequestId, '0');
    const good = darajaCallback(checkoutRequestId, shillings);
    const callback = good.Body.stkCallback;
    const malformed: unknown[] = [
      { hello: 'world' },
      [],
      { Body: { stkCallback: { ...callback, Injected: true } } },
      { Body: { stkCallback: callback }, Extra: 1 },
      { Body: { stkCallback: { ...callback, ResultCode: '0' } } },
      { Body: { stkCallback: { ...callback, ResultCode: 0.5 } } },
      { Body: { stkCallback: { ...callback, MerchantRequestID: undefined } } },
      { Body: { stkCallback: { ...callback, ResultDesc: undefined } } },
      { Body: { stkCallback: { ...callback, CheckoutRequestID: `${checkoutRequestId}' OR 1=1` } } },
      { Body: { stkCallback: { ...callback, CheckoutRequestID: checkoutRequestId.replace('ws_CO_', '') } } },
      {
        Body: {
          stkCallback: { ...callback, CallbackMetadata: { Item: Array.from({ length: 21 }, () => ({ Name: 'Amount', Value: 1 })) } },
        },
      },
      { Body: { stkCallback: { ...callback, CallbackMetadata: { Item: [{ Name: 'Amount', Value: { $gt: 0 } }] } } } },
    ];
    const queries = daraja.queries;
    for (const body of malformed) expect(await send(body)).toMatchObject({ status: 200, body: ACK });
    expect(daraja.queries).toBe(queries);
    expect(await paymentState(checkoutRequestId)).toBe('pending');
  });

  it('an unknown CheckoutRequestID, or a settled push, is acknowledged with no Daraja query', async () => {
    const queries = daraja.queries;
    expect(await send(darajaCallback('ws_CO_191220191020363925', 2500))).toMatchObject({ status: 200, body: ACK });
    expect(await send(darajaCallback('ws_CO_191220191020363925', 0, 1032))).toMatchObject({ status: 200, body: ACK });
    expect(daraja.queries).toBe(queries);

    // Settled by the shopper's status check (its own query): callbacks for it ask nothing more.
    const failed = await pending();
    daraja.settle(failed.checkoutRequestId, '1032');
    const check = await h.request('GET', `/api/site/v1/check/transaction/${failed.checkoutRequestId}/${failed.placed.id}`, {
      headers: { 'x-payment-key': h.keyOf(failed.placed.id) ?? '' },
    });
    expect(check.body.status).toBe('failed');
    const afterCheck = daraja.queries;
    expect(await send(darajaCallback(failed.checkoutRequestId, failed.shillings))).toMatchObject({ status: 200, body: ACK });
    expect(await send(darajaCallback(failed.checkoutRequestId, failed.shillings, 1032))).toMatchObject({ status: 200, body: ACK });
    expect(daraja.queries).toBe(afterCheck);
    expect(await paymentState(failed.checkoutRequestId)).toBe('failed');
  });

  it('a flood of callbacks for one pending push makes one Daraja query', async () => {
    const { placed, checkoutRequestId, shillings } = await pending();
    const queries = daraja.queries;
    // The prompt is still open at Daraja ("being processed"): nothing is paid by the flood.
    const answers = await Promise.all(Array.from({ length: 25 }, () => send(darajaCallback(checkoutRequestId, shillings))));
    expect(answers.every((answer) => answer.status === 200 && answer.body.ResultCode === 0)).toBe(true);
    for (let i = 0; i < 10; i += 1) await send(darajaCallback(checkoutRequestId, shillings));
    expect(daraja.queries).toBe(queries + 1);
    usedOfTheCap += 1;
    // Settled at Daraja within the interval: the callback is not queried again, the status check still pays it.
    daraja.settle(checkoutRequestId, '0');
    await send(darajaCallback(checkoutRequestId, shillings));
    expect(daraja.queries).toBe(queries + 1);
    expect(await isPaid(placed.id)).toBe(0);
    const check = await h.request('GET', `/api/site/v1/check/transaction/${checkoutRequestId}/${placed.id}`, {
      headers: { 'x-payment-key': h.keyOf(placed.id) ?? '' },
    });
    expect(check.body.status).toBe('paid');
    expect(await isPaid(placed.id)).toBe(1);
  });

  it('a real callback still pays the order, with one query', async () => {
    const { placed, checkoutRequestId, shillings } = await pending();
    daraja.settle(checkoutRequestId, '0');
    const queries = daraja.queries;
    expect(await send(darajaCallback(checkoutRequestId, shillings))).toMatchObject({ status: 200, body: ACK });
    expect(daraja.queries).toBe(queries + 1);
    usedOfTheCap += 1;
    expect(await isPaid(placed.id)).toBe(1);
    expect(await h.db('payments').where({ reference: checkoutRequestId }).first()).toMatchObject({
      state: 'paid',
      provider_ref: 'NLJ7RT61SV',
    });
  });

  it('caps callback-triggered queries per minute over all pushes', async () => {
    const pushes = [];
    for (let i = 0; i < 4; i += 1) pushes.push(await pending());
    const queries = daraja.queries;
    for (const push of pushes) await send(darajaCallback(push.checkoutRequestId, push.shillings));
    expect(daraja.queries).toBe(queries + (PER_MINUTE - usedOfTheCap));
    expect(PER_MINUTE - usedOfTheCap).toBeLessThan(pushes.length);
  });
});
