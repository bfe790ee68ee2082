import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { resetShopState, respond } from '@shop/store-kit/testing';
import {
  currentPath,
  describedText,
  fillDetails,
  findToast,
  FULL_CART,
  PROFILE,
  renderShop,
  storeCart,
  storeSession,
  toastTexts,
  type,
} from '../testFixtures';
import {
  callsTo,
  CHECKOUT_REQUEST_ID,
  checkoutServer,
  ORDER_ID,
  ORDER_NUMBER,
  paidAnswer,
  placedOrder,
  PAYMENT_KEY,
  PAYMENT_TOKEN,
  PAYMENT_URL,
  pending,
} from './checkoutServer';
import { pageNavigation } from './redirect';

let assign: jest.SpyInstance;
beforeEach(() => {
  // jsdom's window.location.assign cannot be replaced; the page leaves through pageNavigation.assign.
  assign = jest.spyOn(pageNavigation, 'assign').mockImplementation(() => undefined);
});

afterEach(() => {
  jest.useRealTimers();
  resetShopState();
});

const placeOrder = () => screen.queryByRole('button', { name: 'Place Order' }) as HTMLButtonElement | null;

/** Details filled, terms ticked, Continue pressed: Place Order is ready. */
async function readyToPlace(): Promise<void> {
  await fillDetails();
  fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(placeOrder()?.disabled).toBe(false));
}

/** The guest order for FULL_CART, as the orders service receives it. */
const GUEST_ORDER = {
  first_name: 'Achieng',
  last_name: 'Atieno',
  phone: '0722000111',
  email: 'achieng@example.com',
  street: 'Moi Avenue 21',
  apartment: '',
  county_id: 1,
  subcounty_id: 4,
  town: 'Mombasa',
  depot_id: 1,
  cart_items: [
    { id: 3, quantity: 2, price: 1450, product_total: 2900 },
    { id: 1, quantity: 1, price: 165, product_total: 165 },
  ],
  total_amount: 3065,
  payment_method: 'hosted',
};

describe('Place Order: the secure payment page', () => {
  it('posts the OrderStoreBody, keeps the order, starts the payment and sends the browser to redirect_url', async () => {
    const calls = checkoutServer();
    storeCart(FULL_CART);
    renderShop('/checkout');
    await readyToPlace();
    type('Order notes (optional)', '  Call at the gate  ');
    fireEvent.click(placeOrder()!);

    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
    expect(callsTo(calls, '/site/orders/store')).toEqual([
      { method: 'POST', path: '/site/orders/store', body: { ...GUEST_ORDER, order_notes: 'Call at the gate' } },
    ]);
    expect(callsTo(calls, '/site/v1/dpo/pay')).toEqual([
      {
        method: 'POST',
        path: '/site/v1/dpo/pay',
        body: {
          mobile: '254722000111',
          amount: 3065,
          email: 'achieng@example.com',
          first_name: 'Achieng',
          last_name: 'Atieno',
          order_id: ORDER_ID,
          payment_key: PAYMENT_KEY,
        },
      },
    ]);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(JSON.parse(localStorage.getItem('order_id') ?? 'null')).toEqual({ id: ORDER_ID, order_number: ORDER_NUMBER });
    // Kept across the payment page's redirect, for a retry on the same order.
    expect(JSON.parse(localStorage.getItem('pending_order') ?? 'null')).toMatchObject({
      id: ORDER_ID,
      order_number: ORDER_NUMBER,
      payment_key: PAYMENT_KEY,
      total_amount: 3065,
      coupon: null,
      redeemed_points: 0,
    });
    expect(localStorage.getItem('payment_token')).toBe(PAYMENT_TOKEN);
    // The browser is leaving: the loader stays in place of the button, the cart stays until /success.
    expect(placeOrder()).toBeNull();
    expect(screen.getByText('Placing your order…')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('cart') ?? '[]')).toHaveLength(2);
    expect(callsTo(calls, /push|check\/transaction/)).toEqual([]);
  });

  it('a signed-in customer sends the coupon, the redeemed points and the total after both discounts', async () => {
    const calls = checkoutServer({
      profile: PROFILE,
      coupon: () => ({ discount: { name: 'SAVE10', discount_type: 'percent', discount_value: null, discount_percent: 10 } }),
    });
    storeSession();
    storeCart(FULL_CART);
    renderShop('/checkout');
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe('Juma'));
    type('Street', 'Waiyaki Way 14');
    type('Town', 'Nairobi');
    const county = screen.getByRole('combobox', { name: 'County' }) as HTMLSelectElement;
    fireEvent.change(county, {
      target: { value: String((await within(county).findByRole('option', { name: 'Nairobi' })).getAttribute('value')) },
    });
    const sub = screen.getByRole('combobox', { name: 'Sub-county' }) as HTMLSelectElement;
    fireEvent.change(sub, {
      target: { value: String((await within(sub).findByRole('option', { name: 'Westlands' })).getAttribute('value')) },
    });
    type('Coupon code (optional)', 'save10');
    await findToast('Valid coupon: 10%');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Points to redeem' }), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redeem' }));
    // 3065.00 − 306.50 − 100 = 2658.50
    expect(screen.getByTestId('summary-total').textContent).toBe('KSh 2,658.50');
    fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(placeOrder()!);

    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
    expect(callsTo(calls, '/site/orders/store')[0]?.body).toEqual({
      first_name: 'Juma',
      last_name: 'Otieno',
      phone: '0712345678',
      email: 'customer@example.com',
      street: 'Waiyaki Way 14',
      apartment: '',
      county_id: 47,
      subcounty_id: 274,
      town: 'Nairobi',
      depot_id: 1,
      coupon: 'SAVE10',
      cart_items: GUEST_ORDER.cart_items,
      total_amount: 2658.5,
      redeemed_points: 100,
      payment_method: 'hosted',
    });
    expect(callsTo(calls, '/site/v1/dpo/pay')[0]?.body).toMatchObject({ amount: 2658.5, mobile: '254712345678', order_id: ORDER_ID });
  });

  it('a 422 shows the server message and each field error as warning toasts, marks the field, and the loader stops', async () => {
    const calls = checkoutServer({
      store: () =>
        respond(422, {
          message: 'The total amount has changed. Please review your order.',
          errors: {
            total_amount: ['The total amount does not match the cart (KSh 3,100.00).'],
            phone: ['This phone number cannot receive orders.'],
          },
        }),
    });
    storeCart(FULL_CART);
    renderShop('/checkout');
    await readyToPlace();
    fireEvent.click(placeOrder()!);

    await findToast('The total amount has changed. Please review your order.');
    await findToast('The total amount does not match the cart (KSh 3,100.00).');
    await findToast('This phone number cannot receive orders.');
    expect(document.querySelectorAll('.Toastify__toast--warning').length).toBeGreaterThanOrEqual(3);
    expect(describedText(screen.getByRole('textbox', { name: 'Phone' }))).toBe('This phone number cannot receive orders.');
    // The loader is gone and the shopper can try again.
    await waitFor(() => expect(placeOrder()).not.toBeNull());
    expect(screen.queryByText('Placing your order…')).toBeNull();
    expect(placeOrder()!.disabled).toBe(false);
    expect(callsTo(calls, '/site/v1/dpo/pay')).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
    expect(localStorage.getItem('order_id')).toBeNull();
  });

  it('a loader replaces Place Order while the order is being created', async () => {
    let answer: (value: unknown) => void = () => undefined;
    checkoutServer({ store: () => new Promise((resolve) => (answer = resolve)) });
    storeCart(FULL_CART);
    renderShop('/checkout');
    await readyToPlace();
    fireEvent.click(placeOrder()!);
    await screen.findByText('Placing your order…');
    expect(placeOrder()).toBeNull();
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
    answer(respond(503, { message: 'The checkout is unavailable right now. Please try again shortly.', area: 'checkout' }));
    await findToast('We could not place your order right now. Please try again in a moment.');
    await waitFor(() => expect(placeOrder()).not.toBeNull());
  });

  it('a database that dropped mid-order (503) tells the shopper to try again in a moment, and the next try places the order', async () => {
    const calls = checkoutServer({
      store: (body, attempt) =>
        attempt === 1
          ? respond(503, { message: 'The checkout is unavailable right now. Please try again shortly.', area: 'checkout' })
          : placedOrder(body),
    });
    storeCart(FULL_CART);
    renderShop('/checkout');
    await readyToPlace();
    fireEvent.click(placeOrder()!);
    await findToast('We could not place your order right now. Please try again in a moment.');
    expect(toastTexts()).not.toContain('Something went wrong on our side. Please try again.');
    expect(localStorage.getItem('pending_order')).toBeNull();
    await waitFor(() => expect(placeOrder()?.disabled).toBe(false));
    fireEvent.click(placeOrder()!);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
    expect(callsTo(calls, '/site/orders/store')).toHaveLength(2);
  });

  it('when the payment page cannot be opened, the same order is paid on the next try (no second order)', async () => {
    const calls = checkoutServer({
      pay: (_body, attempt) =>
        attempt === 1
          ? respond(502, { message: 'The payment provider did not answer.' })
          : { token: PAYMENT_TOKEN, redirect_url: PAYMENT_URL },
    });
    storeCart(FULL_CART);
    renderShop('/checkout');
    await readyToPlace();
    fireEvent.click(placeOrder()!);
    await findToast('The payment provider did not answer.');
    await waitFor(() => expect(placeOrder()).not.toBeNull());
    expect(assign).not.toHaveBeenCalled();
    fireEvent.click(placeOrder()!);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(PAYMENT_URL));
    expect(callsTo(calls, '/site/orders/store')).toHaveLength(1);
    expect(callsTo(calls, '/site/v1/dpo/pay')).toHaveLength(2);
  });

  it('never follows a payment address that is not http(s)', async () => {
    checkoutServer({ pay: () => ({ token: PAYMENT_TOKEN, redirect_url: 'javascript:alert(1)' }) });
    storeCart(FULL_CART);
    renderShop('/checkout');
    await readyToPlace();
    fireEvent.click(placeOrder()!);
    await findToast('We could not open the secure payment page. Please try again.');
    expect(assign).not.toHaveBeenCalled();
  });

  it('Place Order checks again: a field emptied after Continue stops the order', async () => {
    const calls = checkoutServer();
    storeCart(FULL_CART);
    renderShop('/checkout');
    await readyToPlace();
    type('Town', '');
    fireEvent.click(placeOrder()!);
    await findToast('Town is required');
    expect(callsTo(calls, '/site/orders/store')).toEqual([]);
    expect(placeOrder()!.disabled).toBe(true);
  });
});

describe('Place Order: M-Pesa prompt', () => {
  /** Lets fake time pass, with the mocked calls answered and React's updates applied. */
  const tick = (ms: number) =>
    act(async () => {
      await jest.advanceTimersByTimeAsync(ms);
    });
  /** Answers in flight (fetch and its JSON) settle without fake time passing. */
  const settle = async () => {
    for (let round = 0; round < 5; round += 1) await tick(0);
  };
  const checks = (calls: ReturnType<typeof checkoutServer>) => callsTo(calls, /^\/site\/v1\/check\/transaction\//);

  async function chooseMpesa(): Promise<void> {
    fireEvent.click(screen.getByRole('radio', { name: 'M-Pesa prompt on my phone' }));
  }

  it('forces the M-Pesa number to start with 254 and have 12 digits', async () => {
    checkoutServer();
    storeCart(FULL_CART);
    renderShop('/checkout');
    await fillDetails();
    expect(
      (screen.getByRole('radio', { name: 'Pay on the secure payment page (M-Pesa, Airtel Money, card)' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.queryByRole('textbox', { name: 'M-Pesa number' })).toBeNull();
    await chooseMpesa();
    const mpesa = screen.getByRole('textbox', { name: 'M-Pesa number' }) as HTMLInputElement;
    // Taken from the phone typed above.
    expect(mpesa.value).toBe('254722000111');
    fireEvent.change(mpesa, { target: { value: '0712345678' } });
    expect(mpesa.value).toBe('254712345678');
    fireEvent.change(mpesa, { target: { value: '25' } });
    expect(mpesa.value).toBe('254');
    fireEvent.change(mpesa, { target: { value: '2547123' } });
    expect(mpesa.value).toBe('2547123');
    fireEvent.change(mpesa, { target: { value: '254712345678999' } });
    expect(mpesa.value).toBe('254712345678');
    fireEvent.change(mpesa, { target: { value: '2547123' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /terms and conditions/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(describedText(mpesa)).toContain('The M-Pesa number must be 12 digits starting with 254.');
    await findToast('The M-Pesa number must be 12 digits starting with 254.');
    expect(screen.getByText('We will send a payment request to this number: enter your M-Pesa PIN on your phone to pay.')).toBeTruthy();
  });

  it("sends the prompt, says 'Check your phone and enter your M-Pesa PIN', polls every 5 s and goes to /success 2 s after the payment", async () => {
    let paid = false;
    const calls = checkoutServer({
      check: (attempt) => {
        paid = attempt >= 3;
        return paid ? paidAnswer : pending;
      },
      // The success page asks the orders service itself.
      paymentStatus: () => ({
        order_number: ORDER_NUMBER,
        status: paid ? 'paid' : 'pending',
        total_amount: 3065,
        subtotal: 3065,
        discount: 0,
        points_discount: 0,
        coupon_code: null,
        redeemed_points: 0,
      }),
    });
    storeCart(FULL_CART);
    const { store } = renderShop('/checkout');
    await fillDetails();
    await chooseMpesa();
    await readyToPlace();

    jest.useFakeTimers();
    fireEvent.click(placeOrder()!);
    await settle();
    expect(callsTo(calls, '/site/orders/store')[0]?.body).toMatchObject({
      payment_method: 'mpesa',
      mpesa_no: '254722000111',
      total_amount: 3065,
    });
    expect(callsTo(calls, '/site/v1/push')).toEqual([
      {
        method: 'POST',
        path: '/site/v1/push',
        body: { mobile: '254722000111', amount: 3065, email: 'achieng@example.com', order_id: ORDER_ID, payment_key: PAYMENT_KEY },
      },
    ]);
    expect(screen.getByText('Check your phone and enter your M-Pesa PIN')).toBeTruthy();
    expect(placeOrder()).toBeNull();
    expect(checks(calls)).toHaveLength(0);

    await tick(4999);
    expect(checks(calls)).toHaveLength(0);
    await tick(1);
    await settle();
    expect(checks(calls)).toEqual([
      { method: 'GET', path: `/site/v1/check/transaction/${CHECKOUT_REQUEST_ID}/${ORDER_ID}`, paymentKey: PAYMENT_KEY },
    ]);
    expect(screen.getByText('Check your phone and enter your M-Pesa PIN')).toBeTruthy();

    await tick(5000);
    await settle();
    expect(checks(calls)).toHaveLength(2);
    await tick(5000);
    await settle();
    expect(checks(calls)).toHaveLength(3);
    expect(
      screen.getByText(`Payment received. Thank you! Order ${ORDER_NUMBER} is paid. Taking you to your order confirmation…`),
    ).toBeTruthy();
    expect(toastTexts()).toContain('Payment received. Thank you!');

    // No more checks once paid; two seconds later the success page.
    await tick(1999);
    expect(currentPath()).toBe('/checkout');
    await tick(1);
    expect(currentPath()).toBe(`/success?order_id=${ORDER_NUMBER}&name=Achieng`);
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you, Achieng!' })).toBeTruthy();
    expect(store.getState().cart.items).toEqual([]);
    await tick(10_000);
    expect(checks(calls)).toHaveLength(3);
    expect(assign).not.toHaveBeenCalled();
  });

  it('a failed payment shows its message and the prompt can be sent again for the same order', async () => {
    const calls = checkoutServer({
      check: (attempt) =>
        attempt === 1 ? { status: 'failed', transaction: [], message: 'The M-Pesa PIN was not entered in time.' } : paidAnswer,
    });
    storeCart(FULL_CART);
    renderShop('/checkout');
    await fillDetails();
    await chooseMpesa();
    await readyToPlace();

    jest.useFakeTimers();
    fireEvent.click(placeOrder()!);
    await settle();
    await tick(5000);
    await settle();
    expect(screen.getByText('The M-Pesa PIN was not entered in time.', { selector: 'p' })).toBeTruthy();
    expect(toastTexts()).toContain('The M-Pesa PIN was not entered in time.');
    expect(screen.getByText(`Your order ${ORDER_NUMBER} is saved. You can try again:`)).toBeTruthy();
    expect(placeOrder()).toBeNull();
    // No more checks after a failure.
    await tick(20_000);
    expect(checks(calls)).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Send the M-Pesa prompt again' }));
    await settle();
    expect(screen.getByText('Check your phone and enter your M-Pesa PIN')).toBeTruthy();
    expect(callsTo(calls, '/site/v1/push')).toHaveLength(2);
    expect(callsTo(calls, '/site/orders/store')).toHaveLength(1);
    await tick(5000);
    await settle();
    expect(screen.getByText(/Payment received\. Thank you!/, { selector: 'p' })).toBeTruthy();
  });

  it('after two minutes without an answer, offers the secure payment page for the same order', async () => {
    const calls = checkoutServer({ check: () => pending });
    storeCart(FULL_CART);
    renderShop('/checkout');
    await fillDetails();
    await chooseMpesa();
    await readyToPlace();

    jest.useFakeTimers();
    fireEvent.click(placeOrder()!);
    await settle();
    for (let second = 5; second < 120; second += 5) {
      await tick(5000);
      await settle();
    }
    expect(checks(calls)).toHaveLength(23);
    expect(screen.queryByText('We have not received a confirmation from M-Pesa yet.')).toBeNull();
    await tick(5000);
    await settle();
    expect(checks(calls)).toHaveLength(24);
    expect(screen.getByText('We have not received a confirmation from M-Pesa yet.')).toBeTruthy();
    await tick(30_000);
    expect(checks(calls)).toHaveLength(24);

    fireEvent.click(screen.getByRole('button', { name: 'Pay on the secure payment page' }));
    await settle();
    expect(assign).toHaveBeenCalledWith(PAYMENT_URL);
    expect(callsTo(calls, '/site/v1/dpo/pay')[0]?.body).toMatchObject({ order_id: ORDER_ID, amount: 3065 });
    expect(callsTo(calls, '/site/orders/store')).toHaveLength(1);
  });

  it('a prompt that cannot be sent says so and can be sent again', async () => {
    const calls = checkoutServer({
      push: (_body, attempt) =>
        attempt === 1
          ? respond(502, { message: 'M-Pesa is not answering just now.' })
          : { MerchantRequestID: 'm', CheckoutRequestID: CHECKOUT_REQUEST_ID, ResponseCode: '0', CustomerMessage: 'Success' },
    });
    storeCart(FULL_CART);
    renderShop('/checkout');
    await fillDetails();
    await chooseMpesa();
    await readyToPlace();
    fireEvent.click(placeOrder()!);
    await findToast('M-Pesa is not answering just now.');
    fireEvent.click(await screen.findByRole('button', { name: 'Send the M-Pesa prompt again' }));
    expect(await screen.findByText('Check your phone and enter your M-Pesa PIN')).toBeTruthy();
    expect(callsTo(calls, '/site/v1/push')).toHaveLength(2);
  });
});
