import { act, fireEvent, screen } from '@testing-library/react';
import { mockApi, resetShopState, respond } from '@shop/store-kit/testing';
import { callsTo, type Call, PAYMENT_TOKEN, PAYMENT_URL } from '../checkout/checkoutServer';
import { pageNavigation } from '../checkout/redirect';
import { CONFIRM_CHECKS, CONFIRM_POLL_MS } from '../orderPayment/useOrderPaymentState';
import { currentPath, customerOrder, FULL_CART, renderShop, storeCart, storeSession } from '../testFixtures';

let assign: jest.SpyInstance;
beforeEach(() => {
  assign = jest.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  resetShopState();
});

const KEY = 'k3y-501-Zx9Qw7Er5Ty3Ui1Op0As8Df6Gh4Jk2Lz';

function paymentUnderWay(): void {
  storeCart(FULL_CART);
  localStorage.setItem('redeemedPoints', '100');
  localStorage.setItem('order_id', JSON.stringify({ id: 501, order_number: 'SH-260501' }));
  localStorage.setItem('payment_token', 'C3B1F5A2-TOKEN-501');
  localStorage.setItem(
    'pending_order',
    JSON.stringify({
      id: 501,
      order_number: 'SH-260501',
      payment_key: KEY,
      signature: '{}',
      total_amount: 3065,
      coupon: null,
      redeemed_points: 100,
      name: 'Achieng',
    }),
  );
}

type Status = 'paid' | 'pending' | 'cancelled' | 404;

/** The orders service as /success reaches it: payment-status answers `statuses` in turn (the last one repeats). */
function ordersServer(statuses: Status[], own?: { id: number; order_number: string }): Call[] {
  const calls: Call[] = [];
  let asked = 0;
  mockApi({
    'GET /site/orders/(\\d+)/payment-status': (request, match) => {
      calls.push({ method: 'GET', path: `/site/orders/${match[1]}/payment-status`, paymentKey: request.headers.get('x-payment-key') });
      const status = statuses[Math.min(asked, statuses.length - 1)]!;
      asked += 1;
      if (status === 404) return respond(404, { message: 'Order not found.' });
      return {
        order_number: 'SH-260501',
        status,
        total_amount: 3065,
        subtotal: 3065,
        discount: 0,
        points_discount: 0,
        coupon_code: null,
        redeemed_points: 0,
      };
    },
    'GET /orders/view/([^/]+)': (_request, match) => {
      calls.push({ method: 'GET', path: `/orders/view/${match[1]}` });
      return own && own.order_number === match[1] ? customerOrder(own) : respond(404, { message: 'Order not found.' });
    },
    'POST /site/v1/dpo/pay': async (request) => {
      calls.push({ method: 'POST', path: '/site/v1/dpo/pay', body: JSON.parse(await request.text()) as unknown });
      return { token: PAYMENT_TOKEN, redirect_url: PAYMENT_URL };
    },
  });
  return calls;
}

const tick = (ms: number) =>
  act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });

describe('SuccessPage', () => {
  it('asks the server first: says nothing about payment until the order is confirmed paid, then thanks the customer by name', async () => {
    paymentUnderWay();
    const calls = ordersServer(['paid']);
    renderShop('/success?order_id=SH-260501&name=Achieng');
    expect(screen.getByRole('heading', { level: 1, name: 'Checking your payment' })).toBeTruthy();
    expect(screen.queryByText(/has been paid/)).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you, Achieng!' })).toBeTruthy();
    expect(screen.getByTestId('order-number').textContent).toBe('SH-260501');
    expect(screen.getByText(/Your order has been paid\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/shop/all');
    // Guests have no order page.
    expect(screen.queryByRole('link', { name: 'View your order' })).toBeNull();
    expect(document.title).toBe('Thank you | Shwari Shop');
    // Asked with the key this browser holds for the order.
    expect(callsTo(calls, '/site/orders/501/payment-status')).toEqual([
      { method: 'GET', path: '/site/orders/501/payment-status', paymentKey: KEY },
    ]);
  });

  it('once paid, clears the cart, its points and coupon, the kept unpaid order, and the saved order and payment keys', async () => {
    paymentUnderWay();
    localStorage.setItem('chat_order_in_payment', JSON.stringify({ id: 501, order_number: 'SH-260501', payment_key: KEY }));
    ordersServer(['paid']);
    const { store } = renderShop('/success?order_id=SH-260501&name=Achieng');
    await screen.findByText(/Your order has been paid\./);
    expect(store.getState().cart).toMatchObject({ items: [], redeemedPoints: 0, coupon: false });
    expect(JSON.parse(localStorage.getItem('cart') ?? 'null')).toEqual([]);
    expect(localStorage.getItem('redeemedPoints')).toBeNull();
    expect(localStorage.getItem('order_id')).toBeNull();
    expect(localStorage.getItem('payment_token')).toBeNull();
    // Paid: nothing is left for Try Again to pay, in this tab or another.
    expect(localStorage.getItem('pending_order')).toBeNull();
    expect(localStorage.getItem('chat_order_in_payment')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a signed-in customer with no key in this browser is checked by their sign-in, and gets a link to the order page', async () => {
    storeSession();
    const calls = ordersServer(['paid'], { id: 888, order_number: 'SH-260888' });
    renderShop('/success?order_id=SH-260888&name=Juma');
    const link = await screen.findByRole('link', { name: 'View your order' });
    expect(link.getAttribute('href')).toBe('/profile/order/SH-260888');
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you, Juma!' })).toBeTruthy();
    expect(callsTo(calls, '/site/orders/888/payment-status')).toEqual([
      { method: 'GET', path: '/site/orders/888/payment-status', paymentKey: null },
    ]);
  });

  it('an order still waiting is checked again, visibly, until its payment is confirmed', async () => {
    jest.useFakeTimers();
    paymentUnderWay();
    const calls = ordersServer(['pending', 'pending', 'paid']);
    renderShop('/success?order_id=SH-260501&name=Achieng');
    await tick(0);
    await tick(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Your payment is being confirmed' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      `We have not received the confirmation yet. Checking again (1 of ${CONFIRM_CHECKS})…`,
    );
    expect(screen.queryByText(/has been paid/)).toBeNull();
    // Nothing is cleared while it is not paid.
    expect(localStorage.getItem('pending_order')).not.toBeNull();
    await tick(CONFIRM_POLL_MS);
    expect(screen.getByRole('status').textContent).toContain(`(2 of ${CONFIRM_CHECKS})`);
    await tick(CONFIRM_POLL_MS);
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you, Achieng!' })).toBeTruthy();
    expect(callsTo(calls, '/site/orders/501/payment-status')).toHaveLength(3);
    // Settled: no more checks.
    await tick(CONFIRM_POLL_MS * 3);
    expect(callsTo(calls, '/site/orders/501/payment-status')).toHaveLength(3);
  });

  it('an order still unpaid after the last check is offered for payment: the same order, on the payment page', async () => {
    jest.useFakeTimers();
    paymentUnderWay();
    const calls = ordersServer(['pending']);
    renderShop('/success?order_id=SH-260501&name=Achieng');
    await tick(0);
    await tick(CONFIRM_POLL_MS * CONFIRM_CHECKS);
    expect(callsTo(calls, '/site/orders/501/payment-status')).toHaveLength(CONFIRM_CHECKS);
    expect(screen.getByRole('heading', { level: 1, name: 'Your order has not been paid' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'We have not received a payment for this order. You can pay for this same order now.',
    );
    expect(screen.queryByText(/has been paid/)).toBeNull();
    expect(localStorage.getItem('pending_order')).not.toBeNull();
    // Bounded: no check after the last.
    await tick(CONFIRM_POLL_MS * 5);
    expect(callsTo(calls, '/site/orders/501/payment-status')).toHaveLength(CONFIRM_CHECKS);

    fireEvent.click(screen.getByRole('button', { name: 'Pay for this order' }));
    await tick(0);
    await tick(0);
    expect(callsTo(calls, '/site/v1/dpo/pay')).toEqual([
      { method: 'POST', path: '/site/v1/dpo/pay', body: { order_id: 501, payment_key: KEY } },
    ]);
    expect(assign).toHaveBeenCalledWith(PAYMENT_URL);
  });

  it('a cancelled order says so, and keeps the cart', async () => {
    paymentUnderWay();
    ordersServer(['cancelled']);
    renderShop('/success?order_id=SH-260501&name=Achieng');
    expect(await screen.findByRole('heading', { level: 1, name: 'This order was cancelled' })).toBeTruthy();
    expect(screen.getByText('It was not paid and will not be delivered.')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toHaveLength(2);
  });

  it('an unknown order (SH-999999) is not found, and nothing is asked about it nor cleared', async () => {
    paymentUnderWay();
    const calls = ordersServer(['paid']);
    renderShop('/success?order_id=SH-999999&name=Achieng');
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find this order' })).toBeTruthy();
    expect(screen.queryByText(/has been paid/)).toBeNull();
    expect(screen.queryByTestId('order-number')).toBeNull();
    // The key this browser holds is for another order: it is not sent, and the other order is not shown.
    expect(calls).toEqual([]);
    expect(localStorage.getItem('pending_order')).not.toBeNull();
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toHaveLength(2);
  });

  it("someone else's order looked up by a signed-in customer reads as not found, like a missing one", async () => {
    storeSession();
    const calls = ordersServer(['paid']);
    renderShop('/success?order_id=SH-260777');
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find this order' })).toBeTruthy();
    expect(callsTo(calls, /payment-status/)).toEqual([]);
  });

  it('a key the server no longer accepts (404) reads as not found', async () => {
    paymentUnderWay();
    ordersServer([404]);
    renderShop('/success?order_id=SH-260501&name=Achieng');
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find this order' })).toBeTruthy();
  });

  it('without query parameters there is no order to show', async () => {
    renderShop('/success');
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find this order' })).toBeTruthy();
    expect(screen.queryByTestId('order-number')).toBeNull();
    expect(currentPath()).toBe('/success');
  });

  it('shows query text as text only', async () => {
    paymentUnderWay();
    ordersServer(['paid']);
    renderShop(`/success?order_id=SH-260501&name=${encodeURIComponent('<img src=x onerror=alert(1)>')}`);
    expect((await screen.findByRole('heading', { level: 1, name: /Thank you/ })).textContent).toBe(
      'Thank you, <img src=x onerror=alert(1)>!',
    );
    expect(document.querySelector('main img, section img')).toBeNull();
  });
});
