import { XMLParser } from 'fast-xml-parser';
import { testDatabases } from '@shop/service-kit/testing';
import { nairobiParts } from '../orders/nairobi-time';
import { startFakeDpo, type FakeDpo } from '../testing/fake-dpo';
import { startOrdersHarness, type OrdersHarness } from '../testing/harness';
import { dpoAmount } from './dpo';

const parser = new XMLParser({ parseTagValue: false });

describe('dpoAmount', () => {
  it('writes cents with a dot and two decimals, without floating point', () => {
    expect(dpoAmount(193_000)).toBe('1930.00');
    expect(dpoAmount(193_050)).toBe('1930.50');
    expect(dpoAmount(5)).toBe('0.05');
    expect(dpoAmount(1_234_567_89)).toBe('1234567.89');
  });
});

describe.each(testDatabases('orders'))('DPO hosted payments (against a fake DPO) on $dialect', (database) => {
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

  const pay = (orderId: number) =>
    h.request('POST', '/api/site/v1/dpo/pay', {
      body: {
        order_id: orderId,
        payment_key: h.keyOf(orderId),
        amount: 5,
        mobile: '0712345678',
        email: 'x@example.com',
        first_name: 'W',
        last_name: 'K',
      },
    });
  const callback = async (token: string, extra = '') => {
    const answer = await h.request(
      'GET',
      `/api/site/v1/dpo/callback?TransactionToken=${token}&CompanyRef=x&TransID=1&CCDapproval=1&PnrID=1${extra}`,
    );
    expect(answer.status).toBe(302);
    return answer.headers.get('location');
  };
  const paid = async (orderId: number) => Number((await h.db('orders').where({ id: orderId }).first()).is_paid);

  it('creates the token with DPO’s createToken fields and sends the shopper to payv2.php', async () => {
    const placed = await h.placeOrder(h.cart(2500), {
      overrides: { first_name: 'Achieng & Co', phone: '0722000111', email: 'achieng@example.com' },
    });
    const before = Date.now();
    const answer = await pay(placed.id);
    expect(answer.status).toBe(200);
    const token = answer.body.token as string;
    expect(answer.body.redirect_url).toBe(`${dpo.url}/payv2.php?ID=${token}`);
    const sent = dpo.received.at(-1)!;
    expect(sent.startsWith('<?xml version="1.0" encoding="utf-8"?><API3G>')).toBe(true);
    expect(sent).toContain('Achieng &amp; Co');
    const request = parser.parse(sent).API3G;
    expect(request).toEqual({
      CompanyToken: dpo.companyToken,
      Request: 'createToken',
      Transaction: {
        PaymentAmount: dpoAmount(Math.round(placed.total_amount * 100)),
        PaymentCurrency: 'KES',
        CompanyRef: placed.order_number,
        RedirectURL: 'https://shop.example.test/api/site/v1/dpo/callback',
        BackURL: `https://shop.example.test/failed?order_id=${placed.order_number}`,
        CompanyRefUnique: '1',
        PTL: '24',
        customerFirstName: 'Achieng & Co',
        customerLastName: 'Kamau',
        customerEmail: 'achieng@example.com',
        customerPhone: '722000111',
        customerDialCode: 'KE',
        customerCountry: 'KE',
      },
      Services: {
        Service: {
          ServiceType: '5525',
          ServiceDescription: `Shwari Shop order ${placed.order_number}`,
          ServiceDate: expect.stringMatching(/^\d{4}\/\d\d\/\d\d \d\d:\d\d$/),
        },
      },
    });
    const p = nairobiParts(new Date(before));
    expect(request.Services.Service.ServiceDate.slice(0, 10)).toBe(
      `${p.year}/${String(p.month).padStart(2, '0')}/${String(p.day).padStart(2, '0')}`,
    );
    expect(await h.db('payments').where({ reference: token }).first()).toMatchObject({
      provider: 'dpo',
      method: 'hosted',
      state: 'pending',
      provider_ref: dpo.tokens.get(token)!.transRef,
    });
  });

  it('verifies before trusting the return: not paid yet is pending, then paid, then duplicates are harmless', async () => {
    const placed = await h.placeOrder(h.cart(2500));
    const { token } = (await pay(placed.id)).body;
    expect(await callback(token)).toBe(`/failed?order_id=${placed.order_number}&pending=1`);
    expect(await paid(placed.id)).toBe(0);
    dpo.paid(token);
    const locations = await Promise.all(Array.from({ length: 5 }, () => callback(token)));
    expect(new Set(locations)).toEqual(new Set([`/success?order_id=${placed.order_number}&name=Wanjiku`]));
    expect(await paid(placed.id)).toBe(1);
    expect(await h.count('order_status_history', { order_id: placed.id, status_id: 2 })).toBe(1);
    expect(await h.db('orders').where({ id: placed.id }).first()).toMatchObject({ payment_method: 'dpo', status_id: 2 });
  });

  it.each([
    ['a different amount', { TransactionAmount: '1.00' }],
    ['a different currency', { TransactionCurrency: 'USD' }],
    ['no amount at all', { TransactionAmount: '' }],
  ])('keeps a paid answer with %s pending (and does not mark the order paid)', async (_what, overrides) => {
    const placed = await h.placeOrder(h.cart(2500));
    const { token } = (await pay(placed.id)).body;
    dpo.paid(token, overrides);
    expect(await callback(token)).toBe(`/failed?order_id=${placed.order_number}&pending=1`);
    expect(await paid(placed.id)).toBe(0);
    expect(await h.db('payments').where({ reference: token }).first()).toMatchObject({ state: 'pending' });
  });

  it.each([
    ['901', 'failed'],
    ['903', 'failed'],
    ['904', 'failed'],
    ['001', 'pending'],
    ['002', 'pending'],
    ['003', 'pending'],
    ['005', 'pending'],
    ['007', 'pending'],
    ['900', 'pending'],
    ['999', 'pending'],
  ])('maps verifyToken Result %s to %s', async (result, state) => {
    const placed = await h.placeOrder(h.cart(2500));
    const { token } = (await pay(placed.id)).body;
    dpo.answer(token, { Result: result, ResultExplanation: `code ${result}` });
    expect(await callback(token)).toBe(`/failed?order_id=${placed.order_number}${state === 'pending' ? '&pending=1' : ''}`);
    expect(await h.db('payments').where({ reference: token }).first()).toMatchObject({ state });
    expect(await paid(placed.id)).toBe(0);
  });

  it('leaves the payment pending when DPO cannot be reached, and answers 502 when it refuses a token', async () => {
    const placed = await h.placeOrder(h.cart(2500));
    const { token } = (await pay(placed.id)).body;
    dpo.paid(token);
    dpo.down = true;
    try {
      expect(await callback(token)).toBe(`/failed?order_id=${placed.order_number}&pending=1`);
      expect(await paid(placed.id)).toBe(0);
      const other = await h.placeOrder(h.cart(2500));
      expect(await pay(other.id)).toMatchObject({
        status: 502,
        body: { message: 'The payment service is not available right now. Please try again.' },
      });
    } finally {
      dpo.down = false;
    }
    expect(await callback(token)).toMatch(/^\/success/);

    const refused = await h.placeOrder(h.cart(2500));
    dpo.failNextCreate = { Result: '801', ResultExplanation: 'Request missing company token' };
    expect((await pay(refused.id)).status).toBe(502);
    expect(await h.count('payments', { order_id: refused.id })).toBe(0);
  });
});
