import { testDatabases } from '@shop/service-kit/testing';
import { couponRow } from '../testing/coupons';
import { startOrdersHarness, type CartLine, type OrdersHarness } from '../testing/harness';

/**
 * The once-per-customer limit counts a customer by every identity the shop knows: the email, the
 * signed-in account, the phone and the M-Pesa number (a phone and an M-Pesa number being the same
 * number in either field). A new email alone no longer gives the coupon again.
 */
describe.each(testDatabases('orders'))('the coupon’s per-customer limit on $dialect', (database) => {
  let h: OrdersHarness;

  beforeAll(async () => {
    h = await startOrdersHarness(database);
  });
  afterAll(async () => {
    await h?.close();
  });

  const INVALID = 'Invalid or expired coupon';
  let serial = 0;
  /** A fresh KSh 100 coupon, once per customer, so each test starts with nobody having used it. */
  async function onceCoupon(): Promise<string> {
    const code = `ONCE${Date.now() % 1_000_000}${(serial += 1)}`;
    await h.db('coupons').insert(couponRow({ code, name: 'Once per customer', per_customer_limit: 1 }));
    return code;
  }
  /** A shopper nobody else is: own email, phone and M-Pesa number (stored forms). */
  function stranger(): { email: string; phone: string; mpesa_no: string } {
    serial += 1;
    const phone = `07${String(40_000_000 + serial * 2).padStart(8, '0')}`;
    const mpesa = `07${String(40_000_001 + serial * 2).padStart(8, '0')}`;
    return { email: `shopper.${Date.now()}.${serial}@example.com`, phone, mpesa_no: `254${mpesa.slice(1)}` };
  }
  let cart: CartLine[];
  let totalKsh: number;
  beforeAll(() => {
    cart = h.cart(2500);
    totalKsh = (h.subtotalCents(cart) - 10_000) / 100;
  });
  const store = (coupon: string, buyer: Record<string, unknown>, token?: string) =>
    h.request('POST', '/api/site/orders/store', { token, body: h.orderBody(cart, totalKsh, { coupon, ...buyer }) });
  async function refused(coupon: string, buyer: Record<string, unknown>, token?: string): Promise<void> {
    const before = { orders: await h.count('orders'), redemptions: await h.count('coupon_redemptions') };
    const answer = await store(coupon, buyer, token);
    expect(answer).toMatchObject({ status: 422, body: { message: INVALID, errors: { coupon: [INVALID] } } });
    expect({ orders: await h.count('orders'), redemptions: await h.count('coupon_redemptions') }).toEqual(before);
  }
  const placed = async (coupon: string, buyer: Record<string, unknown>, token?: string) => {
    const answer = await store(coupon, buyer, token);
    expect(answer.status).toBe(201);
    return answer.body.data as { id: number; payment_key: string };
  };
  const redeem = (code: string, buyer: { email: string; phone: string; mpesa_no?: string }, token?: string) =>
    h.request('POST', '/api/site/coupons/redeem', { token, body: { first_name: 'Achieng', last_name: 'Otieno', code, ...buyer } });

  it('a second order with a new email but the same phone is refused (also by redeem with that phone)', async () => {
    const code = await onceCoupon();
    const first = stranger();
    await placed(code, first);
    // The phone written another way is the same number.
    const phone = `+254 ${first.phone.slice(1, 4)} ${first.phone.slice(4, 7)} ${first.phone.slice(7)}`;
    await refused(code, { ...stranger(), phone });
    expect((await redeem(code, { ...stranger(), phone })).status).toBe(422);
    const other = stranger();
    expect((await redeem(code, other)).status).toBe(200);
    await placed(code, other);
  });

  it('the same customer account with another email (and other numbers) is refused; the check knows the account', async () => {
    const code = await onceCoupon();
    const customer = await h.customer();
    await placed(code, stranger(), customer.token);
    const again = stranger();
    expect((await h.request('GET', `/api/site/coupons/check/${code}/${again.email}`, { token: customer.token })).status).toBe(422);
    expect((await redeem(code, again, customer.token)).status).toBe(422);
    await refused(code, again, customer.token);
    // The same details without the account are someone the shop cannot tell apart from a new customer.
    expect((await h.request('GET', `/api/site/coupons/check/${code}/${again.email}`)).status).toBe(200);
    const someoneElse = await h.customer();
    await placed(code, stranger(), someoneElse.token);
  });

  it('the same M-Pesa number is refused, in either field, and at the push', async () => {
    const code = await onceCoupon();
    const first = stranger();
    await placed(code, first);
    await refused(code, { ...stranger(), mpesa_no: first.mpesa_no });
    // The first order's M-Pesa number typed as the phone of the next one.
    await refused(code, { ...stranger(), phone: `0${first.mpesa_no.slice(3)}` });
    // And its phone given as the next one's M-Pesa number.
    await refused(code, { ...stranger(), mpesa_no: `254${first.phone.slice(1)}` });
    expect((await redeem(code, { ...stranger(), mpesa_no: first.mpesa_no })).status).toBe(422);

    // New details at checkout, then the used number at the push: the push is refused and the order keeps its number.
    const later = stranger();
    const order = await placed(code, later);
    const push = await h.request('POST', '/api/site/v1/push', {
      body: { order_id: order.id, payment_key: order.payment_key, mobile: first.mpesa_no },
    });
    expect(push).toMatchObject({ status: 422, body: { message: INVALID, errors: { mobile: [INVALID] } } });
    expect((await h.orderRow(order.id)).mpesa_no).toBe(later.mpesa_no);
    expect(await h.count('payments', { order_id: order.id })).toBe(0);
    // A number nobody used goes through, and then counts.
    const fresh = stranger();
    const pushed = await h.request('POST', '/api/site/v1/push', {
      body: { order_id: order.id, payment_key: order.payment_key, mobile: fresh.mpesa_no },
    });
    expect(pushed.status).toBe(200);
    await refused(code, { ...stranger(), mpesa_no: fresh.mpesa_no });
  });

  it('a cancelled order’s use does not count', async () => {
    const code = await onceCoupon();
    const first = stranger();
    const cancelled = await placed(code, first);
    const cancel = await h.request('POST', `/api/site/orders/${cancelled.id}/cancel`, { body: { payment_key: cancelled.payment_key } });
    expect(cancel.status).toBe(200);
    // The same phone and M-Pesa number under a new email: the cancelled order gave its use back ...
    await placed(code, { ...stranger(), phone: first.phone, mpesa_no: first.mpesa_no });
    // ... and the order that now holds it counts.
    await refused(code, { ...stranger(), phone: first.phone });
  });

  it('lets one of 10 simultaneous orders by one phone under ten emails use it', async () => {
    const code = await onceCoupon();
    const phone = stranger().phone;
    const ordersBefore = await h.count('orders');
    const answers = await Promise.all(Array.from({ length: 10 }, () => store(code, { ...stranger(), phone })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 201)) expect(answer).toMatchObject({ status: 422, body: { message: INVALID } });
    const coupon = await h.db('coupons').where({ code }).first();
    expect(Number(coupon.times_used)).toBe(1);
    expect(await h.count('coupon_redemptions', { coupon_id: coupon.id })).toBe(1);
    // The nine refused orders left nothing behind: no order, no item, no use taken.
    expect(await h.count('orders')).toBe(ordersBefore + 1);
  });
});
